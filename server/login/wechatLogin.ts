/**
 * The WeChat web login of H5 inside WeChat, and the sticker guide's authorisation (issue 31 items 1
 * and 7), on WeChat's OAuth 2 (server/outside/wechatOauth/client.ts):
 *
 * 1. GET WECHAT_LOGIN_PATH (?type, courseData, redirect: the loginUrl loginUrl/get.do answers) or
 *    WECHAT_STICKER_PATH (?d): the return page must be this site's. The attempt is stored under
 *    a random `state`, bound to this browser by an HttpOnly cookie (SHA-256 stored), and the
 *    browser leaves for WeChat's authorisation, `snsapi_base` (silent: who it is).
 * 2. GET WECHAT_LOGIN_RETURN_PATH?code&state: the state is taken (once) and must have been started
 *    by this browser (a login CSRF carries another browser's state), the code is claimed (once,
 *    however often it arrives) and exchanged. A login then finds the person's user by openid or
 *    unionid (data.ts `wechatUser`); someone new is asked for nickname and picture
 *    (`snsapi_userinfo`, spec 001 §3 login data's nickname and faceIcon) before a user is made. It
 *    returns to the page that started it with `?type=login&data=` (spec 001 §2; rules.ts). The
 *    sticker authorisation binds the official account's openid to `d` (`isBind` 1) and returns to
 *    /addFaceWM?d=.
 * A refused authorisation goes back to the page, not logged in. What cannot go on is a short page
 * in the reader's language with a way back.
 */
import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../context'
import type { LoginUrlType } from '../../types/login'
import { WECHAT_LOGIN_PATH, WECHAT_LOGIN_RETURN_PATH, WECHAT_STICKER_PATH } from '../../types/login'
import { escapeHtml } from '../core/html'
import { waitMinutes } from '../core/attempts'
import { readerLanguage, textOf, type TextKey, type TextParams } from '../core/messages'
import { handle } from '../core/schema'
import { publicOrigin } from '../core/urls'
import { CODE_ERRORS, WechatApiError, type OauthScope } from '../outside/wechatOauth/client'
import { sha256, type OauthState } from './data'
import { courseLookup, courseTypeOf, issueLoginData, loginReturnUrl, withLoginData } from './rules'

/** The cookie that binds an authorisation to the browser that started it. */
export const LOGIN_COOKIE = 'wxlogin'
const COOKIE_VALUE = /^[0-9a-f]{32}$/
const COOKIE_MAX_AGE_S = 600
/** What WeChat shows for someone who has not shared a nickname. */
export const DEFAULT_NICKNAME = '微信用户'

function browserCookie(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=')
    if (name === LOGIN_COOKIE && value && COOKIE_VALUE.test(value)) return value
  }
  return undefined
}

/** This browser's cookie value, set now when it has none (kept when it has: two tabs may log in at once). */
function bindBrowser(request: FastifyRequest, reply: FastifyReply): string {
  const kept = browserCookie(request)
  if (kept) return kept
  const value = randomBytes(16).toString('hex')
  const secure = request.protocol === 'https' ? '; Secure' : ''
  // Lax: WeChat's redirect back is a top-level GET from another site, which Lax lets through
  reply.header('set-cookie', `${LOGIN_COOKIE}=${value}; Path=/wmim/wechat/; Max-Age=${COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure}`)
  return value
}

/** A short page saying why the login stopped, with a way back. */
function stopPage(request: FastifyRequest, reply: FastifyReply, status: number, key: TextKey, back: string, params: TextParams = {}): FastifyReply {
  const language = readerLanguage(request.headers['accept-language'])
  const other = language === 'en' ? 'zh-CN' : 'en'
  const title = language === 'en' ? 'WeChat login' : '微信登录'
  const backText = language === 'en' ? 'Back' : '返回'
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font-family:sans-serif;margin:24px;line-height:1.5}a{display:inline-block;min-height:44px;line-height:44px;padding:0 16px;border:1px solid #07c160;border-radius:8px;color:#06ad56;text-decoration:none}.other{color:#595959;font-size:14px}</style></head>
<body><h1>${title}</h1><p role="alert">${escapeHtml(textOf(key, language, params))}</p><p class="other" lang="${other}">${escapeHtml(textOf(key, other, params))}</p>
<p><a href="${escapeHtml(back)}">${backText}</a></p></body></html>
`
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html)
}

interface StartQuery {
  type: LoginUrlType
  courseData?: string
  redirect?: string
}

export function registerWechatLogin(app: FastifyInstance, { repos, wechat, wechatOauth }: AppContext): void {
  const { accounts, albums } = repos
  const courses = courseLookup(repos)
  const returnUri = (origin: string): string => `${origin}${WECHAT_LOGIN_RETURN_PATH}`

  /**
   * Stores the attempt under a new state and sends the browser to WeChat's authorisation; a start
   * (`request` given) counts against its client's limit.
   */
  const authorize = async (
    reply: FastifyReply,
    origin: string,
    record: OauthState,
    scope: OauthScope,
    now: number,
    request?: FastifyRequest,
  ): Promise<FastifyReply> => {
    // WeChat takes a state of up to 128 letters and digits
    const state = randomBytes(16).toString('hex')
    const waitMs = await accounts.saveOauthState(state, record, now, request?.ip)
    if (request && waitMs > 0) return stopPage(request, reply, 429, 'wechatLoginTooMany', record.returnUrl, { minutes: waitMinutes(waitMs) })
    return reply.header('cache-control', 'no-store').redirect(wechatOauth.authorizeUrl(returnUri(origin), scope, state), 302)
  }

  app.get<{ Querystring: StartQuery }>(
    WECHAT_LOGIN_PATH,
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['type'],
          properties: { type: { type: 'integer', enum: [1, 2] }, courseData: handle, redirect: { type: 'string', maxLength: 2048 } },
        },
      },
    },
    async (request, reply) => {
      const origin = publicOrigin(request)
      const { type, courseData, redirect } = request.query
      const page = loginReturnUrl(origin, type, redirect)
      if (!page) return stopPage(request, reply, 400, 'loginReturnNotOurs', `${origin}/`)
      if (courseData !== undefined && !(await courseTypeOf(courses, type, courseData))) {
        return stopPage(request, reply, 404, 'loginUnknownCourse', `${origin}/`)
      }
      const browser = bindBrowser(request, reply)
      const record: OauthState = { browser: sha256(browser), purpose: 'login', loginType: type, courseData: courseData ?? null, returnUrl: page.toString(), sticker: null }
      return authorize(reply, origin, record, 'snsapi_base', Date.now(), request)
    },
  )

  app.get<{ Querystring: { d: string } }>(
    WECHAT_STICKER_PATH,
    { schema: { querystring: { type: 'object', required: ['d'], properties: { d: handle } } } },
    async (request, reply) => {
      const origin = publicOrigin(request)
      const { d } = request.query
      const guide = `${origin}/addFaceWM?d=${encodeURIComponent(d)}`
      if (!(await albums.sticker(d))) return stopPage(request, reply, 404, 'stickerUnknown', `${origin}/`)
      const browser = bindBrowser(request, reply)
      const record: OauthState = { browser: sha256(browser), purpose: 'sticker', loginType: null, courseData: null, returnUrl: guide, sticker: d }
      return authorize(reply, origin, record, 'snsapi_base', Date.now(), request)
    },
  )

  app.get<{ Querystring: { code?: string; state?: string } }>(
    WECHAT_LOGIN_RETURN_PATH,
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { code: { type: 'string', maxLength: 512 }, state: { type: 'string', maxLength: 128 } },
        },
      },
    },
    async (request, reply) => {
      const now = Date.now()
      const origin = publicOrigin(request)
      const home = `${origin}/`
      const { code, state } = request.query
      const record = state ? await accounts.takeOauthState(state, now) : undefined
      if (!record) return stopPage(request, reply, 400, 'wechatLoginStale', home)
      const browser = browserCookie(request)
      if (!browser || sha256(browser) !== record.browser) return stopPage(request, reply, 403, 'wechatLoginOtherBrowser', home)
      // the person refused: back where they were, not logged in
      if (!code) return reply.redirect(record.returnUrl, 302)
      if (!(await accounts.claimCode(wechat.appId, code, now))) return stopPage(request, reply, 409, 'wechatCodeUsed', record.returnUrl)
      try {
        const token = await wechatOauth.exchangeCode(code)
        if (token.snapshotUser) return stopPage(request, reply, 403, 'wechatSnapshotUser', record.returnUrl)
        if (record.purpose === 'sticker') {
          await albums.bindSticker(record.sticker ?? '', token.openid)
          return reply.redirect(record.returnUrl, 302)
        }
        const profile = token.scope === 'snsapi_userinfo' ? await wechatOauth.userInfo(token) : undefined
        const identity = { appId: wechat.appId, openid: token.openid, unionid: profile?.unionid ?? token.unionid }
        const user = await accounts.wechatUser(
          identity,
          profile ? { nickname: profile.nickname.trim().slice(0, 64) || DEFAULT_NICKNAME, faceIcon: /^https:\/\//.test(profile.headimgurl) ? profile.headimgurl : '' } : undefined,
          now,
        )
        // someone new: ask WeChat for the nickname and picture the login data shows, then make the user
        if (!user) return authorize(reply, origin, record, 'snsapi_userinfo', now)
        const page = new URL(record.returnUrl)
        // the login records the item it was started for and its kind (courseType 2: the live page's login)
        const courseType = record.courseData === null ? undefined : await courseTypeOf(courses, record.loginType ?? 1, record.courseData)
        const course = record.courseData !== null && courseType ? { courseData: record.courseData, courseType } : undefined
        const data = await issueLoginData(accounts, user, now, origin, course)
        return reply.header('cache-control', 'no-store').redirect(withLoginData(page, data), 302)
      } catch (error) {
        if (!(error instanceof WechatApiError)) throw error
        request.log.warn({ errcode: error.errcode, errmsg: error.errmsg }, 'WeChat login refused')
        return stopPage(request, reply, 502, CODE_ERRORS.includes(error.errcode) ? 'wechatCodeUsed' : 'wechatUnavailable', record.returnUrl)
      }
    },
  )
}
