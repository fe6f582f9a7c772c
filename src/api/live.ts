import { ResponseCode } from '../../types/api'
import type { LiveSubscription } from '../../types/live'
import { LIVE_SUBSCRIBE_PAGE_SIZE, liveCalls } from '../../types/live'
import { createCall } from './client'
import type { Post } from './client'

export type { LiveInfo, LiveSubscription, LiveWatchData } from '../../types/live'
export { LIVE_PASSWORD_MIN_LENGTH, LIVE_SUBSCRIBE_PAGE_SIZE, LIVE_WATCH_COUNT_PATH } from '../../types/live'

/** One page of the subscription list; `end` on a short page or on 404 (spec 001 §4). */
export interface SubscriptionPage {
  items: LiveSubscription[]
  end: boolean
}

/**
 * The live calls of spec 001 §7 (types/live.ts maps each named call to its path). Failures reject
 * with the transport's ApiError, toasted unless the screen shows them itself (`silent`).
 */
export function createLiveApi(post: Post) {
  const call = createCall(post)
  return {
    /** getLiveSubscribeList: pages of 10 from page 1; 404 is the end */
    async subscriptions(openid: string, page: number): Promise<SubscriptionPage> {
      const res = await call(liveCalls.subscriptions, { openid, page, pageSize: LIVE_SUBSCRIBE_PAGE_SIZE }, { silent: true })
      if (res.code !== ResponseCode.Ok || !res.data) return { items: [], end: true }
      return { items: res.data.array, end: res.data.array.length < LIVE_SUBSCRIBE_PAGE_SIZE }
    },
    /** wxSetLiveSubscribeState: resolves on code 200; any other answer rejects (and is toasted) */
    async setSubscription(openid: string, wmid: string, on: boolean): Promise<void> {
      const res = await call(liveCalls.wxSubscribe, { openid, wmid, isSubscribe: on ? 1 : 0 })
      if (res.code !== ResponseCode.Ok) throw new Error(res.msg)
    },
  }
}

export type LiveApi = ReturnType<typeof createLiveApi>
