import { createHash } from 'node:crypto'

/**
 * NetEase IM's server API as both sides use it (client.ts, and demo mode's stand-in, standin.ts):
 * a form-encoded POST to `{base}/<path>.action` with the headers AppKey, Nonce, CurTime (Unix
 * seconds) and CheckSum = SHA1(AppSecret + Nonce + CurTime) in lower-case hex, valid for five
 * minutes; the answer is JSON with `code` 200, or another code and `desc`.
 */
export const NIM_STANDIN = 'nim'
/** How far CurTime may be from NetEase's clock. */
export const NIM_CHECKSUM_LIFETIME_S = 300

export function nimCheckSum(appSecret: string, nonce: string, curTime: string): string {
  return createHash('sha1').update(appSecret + nonce + curTime, 'utf8').digest('hex')
}

/** Demo mode's NetEase application: made up, known to the stand-in only. */
export const DEMO_NIM_APP = { appKey: 'demo0000000000000000000000000nim', appSecret: 'demo-nim-secret' } as const
