/**
 * The login area's calls (types/login.ts `loginCalls`, spec 000 §3, §4, §7): the WeChat login
 * URL (wechatLogin.ts runs the round trip), the mini-program login (jscode2session), the native
 * app's login (appBridge.ts), logout, SMS codes and phone binding. data.ts holds users, their
 * WeChat accounts, sessions and login credentials; sms.ts the codes; rules.ts what a login issues
 * and where it returns; identity.ts who a request speaks for.
 */
import type { AppContext } from '../context'
import type { FastifyPluginAsync } from 'fastify'
import { ResponseCode } from '../../types/api'
import { WECHAT_LOGIN_PATH, loginCalls } from '../../types/login'
import type { PhoneBindPayload } from '../../types/login'
import { contractRoute } from '../core/contractRoute'
import { ApiRefusal, ok } from '../core/envelope'
import { acceptFormBodiesOnly, handle } from '../core/schema'
import { publicOrigin } from '../core/urls'
import { CODE_ERRORS, WechatApiError } from '../outside/wechatOauth/client'
import { verifyAppToken } from './appBridge'
import { courseLookup, courseTypeOf, issueLoginData, loginReturnUrl } from './rules'
import { DEFAULT_NICKNAME, registerWechatLogin } from './wechatLogin'
import { phoneNumber, requireSmsCode, sendSmsCode } from './smsCalls'

const interCode = { type: 'string', pattern: '^\\+?\\d{1,4}$', default: '86' } as const

/** encryptData is encrypted by the real backend's client; the reference server reads it as JSON. */
function bindPayload(encryptData: string): PhoneBindPayload {
  let value: unknown
  try {
    value = JSON.parse(encryptData)
  } catch {
    throw ApiRefusal.say(ResponseCode.BadRequest, 'encryptDataInvalid')
  }
  const { phone, interCode: code, vcode } = (typeof value === 'object' && value !== null ? value : {}) as Record<
    string,
    unknown
  >
  const text = (field: unknown): string => (typeof field === 'string' || typeof field === 'number' ? String(field) : '')
  return { phone: text(phone), interCode: text(code) || '86', vcode: text(vcode).trim() }
}

export const loginRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { repos: { accounts, smsCodes: sms }, identity, smsSender, wechat, wechatOauth, appBridgeKey } = context
  const courses = courseLookup(context.repos)
  acceptFormBodiesOnly(app)
  registerWechatLogin(app, context)

  contractRoute(
    app,
    loginCalls.loginUrl,
    {
      fields: {
        type: { type: 'integer', enum: [1, 2] },
        courseData: handle,
        redirect: { type: 'string', maxLength: 2048 },
      },
    },
    async (request) => {
      const { type, courseData, redirect } = request.body
      // type 2 is the live page's login, for its live (spec 000 §7, 001 §7)
      if (type === 2 && courseData === undefined) throw ApiRefusal.say(ResponseCode.BadRequest, 'courseDataNeeded')
      if (courseData !== undefined && !(await courseTypeOf(courses, type, courseData))) {
        throw ApiRefusal.say(ResponseCode.NotFound, 'loginUnknownCourse')
      }
      const origin = publicOrigin(request)
      if (!loginReturnUrl(origin, type, redirect)) throw ApiRefusal.say(ResponseCode.BadRequest, 'loginReturnNotOurs')
      const query = new URLSearchParams({ type: String(type) })
      if (courseData !== undefined) query.set('courseData', courseData)
      if (redirect) query.set('redirect', redirect)
      return ok({ object: { loginUrl: `${origin}${WECHAT_LOGIN_PATH}?${query.toString()}` } })
    },
  )

  contractRoute(app, loginCalls.weappLogin, { fields: { code: { type: 'string', minLength: 1, maxLength: 512 } } }, async (request) => {
    const { code } = request.body
    const now = Date.now()
    if (!(await accounts.claimCode(wechat.miniAppId, code, now))) throw ApiRefusal.say(ResponseCode.Forbidden, 'wechatCodeUsed')
    let session
    try {
      session = await wechatOauth.jscode2session(code)
    } catch (error) {
      if (!(error instanceof WechatApiError)) throw error
      request.log.warn({ errcode: error.errcode, errmsg: error.errmsg }, 'jscode2session refused')
      if (CODE_ERRORS.includes(error.errcode)) throw ApiRefusal.say(ResponseCode.Forbidden, 'wechatCodeUsed')
      throw ApiRefusal.say(ResponseCode.ServerError, 'wechatUnavailable')
    }
    const user = await accounts.wechatUser(
      { appId: wechat.miniAppId, openid: session.openid, unionid: session.unionid, sessionKey: session.sessionKey },
      { nickname: DEFAULT_NICKNAME, faceIcon: '' },
      now,
    )
    if (!user) throw ApiRefusal.say(ResponseCode.ServerError, 'wechatUnavailable')
    return ok({ object: await issueLoginData(accounts, user, now, publicOrigin(request), undefined) })
  })

  contractRoute(
    app,
    loginCalls.appLogin,
    { fields: { userid: { type: 'string', minLength: 1, maxLength: 64 }, encryptData: { type: 'string', minLength: 1, maxLength: 4096 } } },
    async (request) => {
      if (!appBridgeKey) throw ApiRefusal.say(ResponseCode.Forbidden, 'appLoginUnconfigured')
      const now = Date.now()
      const vouched = verifyAppToken(appBridgeKey, request.body.userid, request.body.encryptData, now)
      if (!vouched) throw ApiRefusal.say(ResponseCode.Forbidden, 'appLoginRefused')
      const user = await accounts.appUser(vouched.wmid, { nickname: vouched.nickname || DEFAULT_NICKNAME, faceIcon: vouched.faceIcon })
      if (!user) throw ApiRefusal.say(ResponseCode.Forbidden, 'appLoginRefused')
      return ok({ object: await issueLoginData(accounts, user, now, publicOrigin(request), undefined) })
    },
  )

  contractRoute(app, loginCalls.logout, { fields: { loginData: handle } }, async (request) => {
    const { userid, token } = request.headers
    await accounts.revoke({
      loginData: request.body.loginData,
      ...(typeof userid === 'string' && typeof token === 'string' ? { userid, token } : {}),
    })
    return ok(null)
  })

  contractRoute(
    app,
    loginCalls.sendSms,
    // an absent phone gets the spec's wording, like an empty one
    { fields: { phone: { type: 'string', maxLength: 32, default: '' }, interCode } },
    async (request) => {
      await sendSmsCode(sms, smsSender, phoneNumber(request.body.phone, request.body.interCode), request.ip)
      return ok(null)
    },
  )

  contractRoute(
    app,
    loginCalls.bindPhone,
    { fields: { encryptData: { type: 'string', maxLength: 1024 }, loginData: handle } },
    async (request) => {
      const now = Date.now()
      const user = await identity.loginUser(request.body.loginData, now)
      const payload = bindPayload(request.body.encryptData)
      const { phone, interCode: code } = phoneNumber(payload.phone, payload.interCode)
      await requireSmsCode(sms, { phone, interCode: code }, payload.vcode, now)
      if (!(await accounts.bindPhone(user.wmid, phone, code))) throw ApiRefusal.say(ResponseCode.Forbidden, 'phoneTaken')
      return ok({ object: await accounts.openSession(user.wmid, now) })
    },
  )
}
