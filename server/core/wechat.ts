import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * The WeChat side of the reference server: pay and JS-SDK signing exactly as WeChat defines them.
 * Demo mode signs with the development credentials below; production mode with the ones its
 * environment gives (server/app.ts `serverConfigFromEnv`).
 */
export const DEV_APP_ID = 'wx-dev-sandbox'
/** the merchant API key that signs pay parameters and payment notifications (pay API v2) */
export const DEV_PAY_KEY = 'dev-pay-key-0123456789abcdefghijk'
/** the official account's AppSecret (OAuth code exchange, access tokens), the stand-ins check it */
export const DEV_APP_SECRET = 'dev-app-secret-0123456789abcdef'
/** the mini-program's AppID and AppSecret (jscode2session) */
export const DEV_MINI_APP_ID = 'wx-dev-mini'
export const DEV_MINI_APP_SECRET = 'dev-mini-secret-0123456789abcdef'

/** The apps' credentials: what signs pay parameters and checks pay notifications, and what fetches the JS-SDK ticket. */
export interface WechatCredentials {
  /** the official account (H5 in WeChat): OAuth 2, JS-SDK */
  appId: string
  appSecret: string
  /** the mini-program: jscode2session */
  miniAppId: string
  miniAppSecret: string
  /** the merchant API key (pay API v2) */
  payKey: string
}

export const DEMO_WECHAT: WechatCredentials = {
  appId: DEV_APP_ID,
  appSecret: DEV_APP_SECRET,
  miniAppId: DEV_MINI_APP_ID,
  miniAppSecret: DEV_MINI_APP_SECRET,
  payKey: DEV_PAY_KEY,
}

/** A random string for nonceStr and credentials, URL- and form-safe. */
export function randomToken(bytes = 16): string {
  return randomBytes(bytes).toString('hex')
}

/**
 * WeChat pay v2 signature: the non-empty parameters except `sign`, sorted by key (ASCII),
 * joined as `k=v&…`, then `&key=<merchant key>`, MD5, upper-case hex.
 */
export function payV2Sign(params: Readonly<Record<string, string>>, key: string): string {
  const text = Object.keys(params)
    .filter((name) => name !== 'sign' && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&')
  return createHash('md5').update(`${text}&key=${key}`, 'utf8').digest('hex').toUpperCase()
}

/** WeChat JSAPI pay parameters for an order, signed (the prepay id is the order number). */
export function signedJsapiParams(orderNO: string, now: number, wechat: WechatCredentials) {
  const params = {
    appId: wechat.appId,
    timeStamp: String(Math.floor(now / 1000)),
    nonceStr: randomToken(),
    package: `prepay_id=${orderNO}`,
    signType: 'MD5',
  }
  return { ...params, sign: payV2Sign(params, wechat.payKey) }
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
