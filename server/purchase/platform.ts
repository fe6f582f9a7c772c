import type { IncomingHttpHeaders } from 'node:http'

/**
 * Where an order call comes from, as far as WeChat's rule on virtual goods needs it: WeChat
 * forbids selling them through WeChat Pay in the mini-program on iOS.
 *
 * The mini-program's requests carry WeChat's `Referer` (https://servicewechat.com/{appid}/…) and
 * the phone's WeChat `User-Agent`; our mini-program also names its platform in the body
 * (`platform`: `weapp-` and `Taro.getSystemInfoSync().platform`). Any one of them saying
 * "mini-program" and any one saying "iOS" is enough to refuse: a client can only talk itself
 * out of a sale this way, never into one.
 */
export interface OrderSource {
  miniProgram: boolean
  ios: boolean
}

const MINI_PROGRAM_REFERER = /^https:\/\/servicewechat\.com\//
const IOS_AGENT = /\b(iPhone|iPad|iPod|iOS)\b/

export function orderSource(headers: IncomingHttpHeaders, platform: string | undefined): OrderSource {
  const miniProgram = MINI_PROGRAM_REFERER.test(headers.referer ?? '') || (platform?.startsWith('weapp-') ?? false)
  const ios = platform === 'weapp-ios' || IOS_AGENT.test(headers['user-agent'] ?? '')
  return { miniProgram, ios: miniProgram && ios }
}
