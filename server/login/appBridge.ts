/**
 * The native app's login (spec 000 §6, §7: "a user id from the native bridge"): inside the app's web
 * view the page asks the bridge `getUserInfo`, which answers `{userid, encryptData, nickname}`, and
 * hands `userid` and `encryptData` to loginCalls.appLogin. The server believes the page only what
 * the app's backend signed.
 *
 * The contract with the app's backend: `encryptData` is `<payload>.<signature>`, both base64url
 * (no padding), where payload is the UTF-8 JSON
 *   {"userid": "<the user's wmid>", "exp": <epoch seconds>, "nickname"?: "…", "faceIcon"?: "https://…"}
 * and signature is HMAC-SHA256 of the payload's base64url text under APP_BRIDGE_KEY, a secret the
 * app's backend and this server share (at least 32 characters). The token must be unexpired, live
 * at most a day, and name the userid the page sends. Anything else is refused (403), and without
 * APP_BRIDGE_KEY every app login is: the page then logs in as any browser does.
 */
import { createHmac } from 'node:crypto'
import { signMatches } from '../core/wechat'

/** Demo mode's key: the demo and the tests sign bridge tokens with it (never in production). */
export const DEV_APP_BRIDGE_KEY = 'dev-app-bridge-key-0123456789abcdef'

/** A token the app's backend issues may live this long at most. */
export const APP_TOKEN_MAX_LIFE_S = 24 * 3600

export interface AppBridgeUser {
  wmid: string
  nickname: string
  faceIcon: string
}

/** How long APP_BRIDGE_KEY must be at least, or the start stops (server/app.ts). */
export const APP_BRIDGE_KEY_MIN_LENGTH = 32

const mac = (key: string, payload: string): string => createHmac('sha256', key).update(payload, 'utf8').digest('base64url')

/** The app backend's side of the contract (its reference, and what the tests and the demo use). */
export function signAppToken(key: string, claims: { userid: string; exp: number; nickname?: string; faceIcon?: string }): string {
  const payload = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url')
  return `${payload}.${mac(key, payload)}`
}

const WMID = /^[A-Za-z0-9_-]{1,64}$/

/** The user a token vouches for, or undefined: bad signature, expired, too long-lived, another user. */
export function verifyAppToken(key: string, userid: string, token: string, nowMs: number): AppBridgeUser | undefined {
  const [payload, signature, extra] = token.split('.')
  if (!payload || !signature || extra !== undefined) return undefined
  if (!signMatches(signature, mac(key, payload))) return undefined
  let claims: unknown
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
  if (typeof claims !== 'object' || claims === null) return undefined
  const { userid: named, exp, nickname, faceIcon } = claims as Record<string, unknown>
  const now = Math.floor(nowMs / 1000)
  if (typeof named !== 'string' || !WMID.test(named) || named !== userid) return undefined
  if (typeof exp !== 'number' || !Number.isSafeInteger(exp) || exp <= now || exp > now + APP_TOKEN_MAX_LIFE_S) return undefined
  return {
    wmid: named,
    nickname: typeof nickname === 'string' ? nickname.slice(0, 64) : '',
    faceIcon: typeof faceIcon === 'string' && /^https:\/\//.test(faceIcon) ? faceIcon.slice(0, 1024) : '',
  }
}
