import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * The WeChat side of the reference server: the apps' credentials and JS-SDK signing exactly as
 * WeChat defines them (WeChat Pay API v3 is server/outside/wechatPay).
 * Demo mode signs with the development credentials below; production mode with the ones its
 * environment gives (server/app.ts `serverConfigFromEnv`).
 */
export const DEV_APP_ID = 'wx-dev-sandbox'
/** the official account's AppSecret (OAuth code exchange, access tokens), the stand-ins check it */
export const DEV_APP_SECRET = 'dev-app-secret-0123456789abcdef'
/** the mini-program's AppID and AppSecret (jscode2session) */
export const DEV_MINI_APP_ID = 'wx-dev-mini'
export const DEV_MINI_APP_SECRET = 'dev-mini-secret-0123456789abcdef'

/** The apps' credentials: the AppIDs pay configs carry, and what logs in and fetches the JS-SDK ticket (WeChat Pay's own: server/outside/wechatPay). */
export interface WechatCredentials {
  /** the official account (H5 in WeChat): OAuth 2, JS-SDK */
  appId: string
  appSecret: string
  /** the mini-program: jscode2session */
  miniAppId: string
  miniAppSecret: string
}

export const DEMO_WECHAT: WechatCredentials = {
  appId: DEV_APP_ID,
  appSecret: DEV_APP_SECRET,
  miniAppId: DEV_MINI_APP_ID,
  miniAppSecret: DEV_MINI_APP_SECRET,
}

/** A random string for nonceStr and credentials, URL- and form-safe. */
export function randomToken(bytes = 16): string {
  return randomBytes(bytes).toString('hex')
}

/** Compares a received signature with the expected one without leaking where they differ. */
export function signMatches(received: string, expected: string): boolean {
  const a = Buffer.from(received, 'utf8')
  const b = Buffer.from(expected, 'utf8')
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The page URL a JS-SDK signature covers: everything before `#`. */
export function signedPageUrl(url: string): string {
  const hash = url.indexOf('#')
  return hash === -1 ? url : url.slice(0, hash)
}

/** JS-SDK config signature: SHA-1 of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…` (keys in that order). */
export function jsapiSignature(ticket: string, nonceStr: string, timestamp: number, url: string): string {
  const text = `jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${signedPageUrl(url)}`
  return createHash('sha1').update(text, 'utf8').digest('hex')
}
