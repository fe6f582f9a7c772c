/**
 * WeChat's login APIs, as the official account's web pages and the mini-program use them:
 *
 * - the web authorisation page (OAuth 2): `GET {open}/connect/oauth2/authorize?appid=&redirect_uri=
 *   &response_type=code&scope=&state=#wechat_redirect`, parameters in that order; WeChat sends the
 *   browser back to `redirect_uri?code=CODE&state=STATE` (no code when the person refuses);
 * - `GET {api}/sns/oauth2/access_token?appid=&secret=&code=&grant_type=authorization_code`, which
 *   answers `{access_token, expires_in, refresh_token, openid, scope, is_snapshotuser?, unionid?}`;
 * - `GET {api}/sns/userinfo?access_token=&openid=&lang=zh_CN` (scope snsapi_userinfo only), which
 *   answers `{openid, nickname, sex, province, city, country, headimgurl, privilege, unionid?}`;
 * - `GET {api}/sns/jscode2session?appid=&secret=&js_code=&grant_type=authorization_code` (the
 *   mini-program's wx.login code), which answers `{openid, session_key, unionid?}`.
 *
 * A refusal is `{errcode, errmsg}` with HTTP 200 (40029 invalid code, 40163 code been used,
 * 40125 invalid appsecret, 48001 api unauthorized, -1 system busy…): it throws WechatApiError.
 * A code is good once, for five minutes. The base URLs are settings (server/app.ts): WeChat's hosts
 * in production, the stand-ins (./standin.ts) in demo mode and the tests.
 */
import type { OutsideFetch } from '../fetch'

export type OauthScope = 'snsapi_base' | 'snsapi_userinfo'

/** Where the two hosts are: `https://api.weixin.qq.com` and `https://open.weixin.qq.com` in production. */
export interface WechatBases {
  api: string
  open: string
}

export const WECHAT_PRODUCTION_BASES: WechatBases = { api: 'https://api.weixin.qq.com', open: 'https://open.weixin.qq.com' }

/** An app's credentials: the official account's, or the mini-program's. */
export interface WechatApp {
  appId: string
  appSecret: string
}

export interface OauthToken {
  accessToken: string
  openid: string
  scope: OauthScope
  unionid?: string
  /** WeChat's snapshot page (a shared page opened from Moments before tapping through): a virtual openid */
  snapshotUser: boolean
}

export interface WechatProfile {
  openid: string
  nickname: string
  headimgurl: string
  unionid?: string
}

export interface MiniSession {
  openid: string
  sessionKey: string
  unionid?: string
}

/** WeChat's `{errcode, errmsg}`, or an answer that is not WeChat's (errcode -2 here: none of theirs). */
export class WechatApiError extends Error {
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    super(`WeChat answered ${errcode}: ${errmsg}`)
  }
}

/** errcode 40029 and 40163: the code is not (or no longer) good; a new authorisation is the cure. */
export const CODE_ERRORS: readonly number[] = [40029, 40163]

const NOT_WECHAT = -2

type Json = Record<string, unknown>

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined)

function must(body: Json, field: string): string {
  const value = text(body[field])
  if (value === undefined) throw new WechatApiError(NOT_WECHAT, `the answer has no ${field}`)
  return value
}

/** `redirect_uri` and `state` are WeChat's to give back as they are; `#wechat_redirect` ends the URL. */
export function authorizeUrl(open: string, appId: string, redirectUri: string, scope: OauthScope, state: string): string {
  const query = [
    `appid=${encodeURIComponent(appId)}`,
    `redirect_uri=${encodeURIComponent(redirectUri)}`,
    'response_type=code',
    `scope=${scope}`,
    `state=${encodeURIComponent(state)}`,
  ].join('&')
  return `${open}/connect/oauth2/authorize?${query}#wechat_redirect`
}

export interface WechatOauthClient {
  authorizeUrl(redirectUri: string, scope: OauthScope, state: string): string
  /** The web authorisation's code, for the official account. */
  exchangeCode(code: string): Promise<OauthToken>
  /** Nickname and picture (scope snsapi_userinfo). */
  userInfo(token: OauthToken): Promise<WechatProfile>
  /** The mini-program's wx.login code. */
  jscode2session(code: string): Promise<MiniSession>
}

export function createWechatOauthClient(send: OutsideFetch, bases: WechatBases, official: WechatApp, mini: WechatApp): WechatOauthClient {
  const get = async (path: string, query: Record<string, string>): Promise<Json> => {
    let answer: Response
    try {
      answer = await send(`${bases.api}${path}?${new URLSearchParams(query).toString()}`, { method: 'GET' })
    } catch (error) {
      throw new WechatApiError(NOT_WECHAT, `WeChat could not be reached: ${error instanceof Error ? error.message : String(error)}`)
    }
    let body: unknown
    try {
      body = await answer.json()
    } catch {
      throw new WechatApiError(NOT_WECHAT, `WeChat answered HTTP ${answer.status} without JSON`)
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new WechatApiError(NOT_WECHAT, 'the answer is not a JSON object')
    const json = body as Json
    const errcode = typeof json.errcode === 'number' ? json.errcode : 0
    if (errcode !== 0) throw new WechatApiError(errcode, typeof json.errmsg === 'string' ? json.errmsg : '')
    if (!answer.ok) throw new WechatApiError(NOT_WECHAT, `WeChat answered HTTP ${answer.status}`)
    return json
  }

  return {
    authorizeUrl: (redirectUri, scope, state) => authorizeUrl(bases.open, official.appId, redirectUri, scope, state),

    async exchangeCode(code) {
      const body = await get('/sns/oauth2/access_token', {
        appid: official.appId,
        secret: official.appSecret,
        code,
        grant_type: 'authorization_code',
      })
      // scope is one scope here, or several joined by commas in older answers ("snsapi_userinfo,")
      const scopes = must(body, 'scope').split(',')
      return {
        accessToken: must(body, 'access_token'),
        openid: must(body, 'openid'),
        scope: scopes.includes('snsapi_userinfo') ? 'snsapi_userinfo' : 'snsapi_base',
        ...(text(body.unionid) ? { unionid: text(body.unionid) } : {}),
        snapshotUser: body.is_snapshotuser === 1,
      }
    },

    async userInfo(token) {
      const body = await get('/sns/userinfo', { access_token: token.accessToken, openid: token.openid, lang: 'zh_CN' })
      if (must(body, 'openid') !== token.openid) throw new WechatApiError(NOT_WECHAT, 'userinfo answered another openid')
      return {
        openid: token.openid,
        nickname: typeof body.nickname === 'string' ? body.nickname : '',
        headimgurl: typeof body.headimgurl === 'string' ? body.headimgurl : '',
        ...(text(body.unionid) ? { unionid: text(body.unionid) } : {}),
      }
    },

    async jscode2session(code) {
      const body = await get('/sns/jscode2session', { appid: mini.appId, secret: mini.appSecret, js_code: code, grant_type: 'authorization_code' })
      return {
        openid: must(body, 'openid'),
        sessionKey: must(body, 'session_key'),
        ...(text(body.unionid) ? { unionid: text(body.unionid) } : {}),
      }
    },
  }
}
