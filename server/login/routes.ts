/**
 * The login area's calls (types/login.ts `loginCalls`, spec 000 §3, §4, §7): the WeChat login
 * URL (the development stand-in, types/dev.ts, answers it), the mini-program login, SMS codes
 * and phone binding. data.ts holds users, sessions and login credentials; sms.ts the codes;
 * rules.ts what a login issues and where it returns; session.ts who a request speaks for.
 */
import type { AppContext } from '../context'
import type { FastifyPluginAsync } from 'fastify'
import { ResponseCode } from '../../types/api'
import { devCalls } from '../../types/dev'
import { loginCalls } from '../../types/login'
import type { PhoneBindPayload } from '../../types/login'
import { contractRoute } from '../core/contractRoute'
import { ApiRefusal, ok } from '../core/envelope'
import { acceptFormBodiesOnly, handle } from '../core/schema'
import { publicOrigin } from '../core/urls'
import { issueLoginData, loginReturnUrl } from './rules'
import { SEEDED_VISITOR } from './seed'
import { phoneNumber, requireSmsCode, sendSmsCode } from './smsCalls'

const WECHAT_LOGIN_UNAVAILABLE = 'WeChat login is not configured on this server'
const PHONE_TAKEN_MESSAGE = 'this phone number is bound to another account'
const ENCRYPT_DATA_MESSAGE = 'encryptData must be the JSON text of phone, interCode and vcode'

/** Mini-program login codes `dev:<wmid>` name a seeded user. */
const DEV_CODE_PREFIX = 'dev:'

const interCode = { type: 'string', pattern: '^\\+?\\d{1,4}$', default: '86' } as const

/** encryptData is encrypted by the real backend's client; the reference server reads it as JSON. */
function bindPayload(encryptData: string): PhoneBindPayload {
  let value: unknown
  try {
    value = JSON.parse(encryptData)
  } catch {
    throw new ApiRefusal(ResponseCode.BadRequest, ENCRYPT_DATA_MESSAGE)
  }
  const { phone, interCode: code, vcode } = (typeof value === 'object' && value !== null ? value : {}) as Record<
    string,
    unknown
  >
  const text = (field: unknown): string => (typeof field === 'string' || typeof field === 'number' ? String(field) : '')
  return { phone: text(phone), interCode: text(code) || '86', vcode: text(vcode).trim() }
}

export const loginRoutes: FastifyPluginAsync<AppContext> = async (app, { repos: { accounts, lessons, smsCodes: sms }, identity, dev, smsSender }) => {
  acceptFormBodiesOnly(app)

  // Without WeChat credentials the server cannot log anyone in; the dev stand-in would let any
  // caller log in as any seeded user, so it answers only where /dev/ routes are on.
  const requireDevLogin = (): void => {
    if (!dev) throw new ApiRefusal(ResponseCode.Forbidden, WECHAT_LOGIN_UNAVAILABLE)
  }

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
      requireDevLogin()
      const { type, courseData, redirect } = request.body
      // type 2 returns to the pay page of one course
      if (type === 2 && courseData === undefined) throw new ApiRefusal(ResponseCode.BadRequest, 'courseData is required')
      if (courseData !== undefined && !(await lessons.findByCourseData(courseData))) {
        throw new ApiRefusal(ResponseCode.NotFound, 'course does not exist')
      }
      const origin = publicOrigin(request)
      if (!loginReturnUrl(origin, type, redirect)) {
        throw new ApiRefusal(ResponseCode.BadRequest, 'redirect must be an http(s) URL')
      }
      const query = new URLSearchParams({ type: String(type) })
      if (courseData !== undefined) query.set('courseData', courseData)
      if (redirect) query.set('redirect', redirect)
      return ok({ object: { loginUrl: `${origin}${devCalls.login.path}?${query.toString()}` } })
    },
  )

  contractRoute(app, loginCalls.weappLogin, { fields: { code: handle } }, async (request) => {
    requireDevLogin()
    const { code } = request.body
    const named = code.startsWith(DEV_CODE_PREFIX) ? await accounts.user(code.slice(DEV_CODE_PREFIX.length)) : undefined
    const user = named ?? (await accounts.user(SEEDED_VISITOR))
    if (!user) throw new ApiRefusal(ResponseCode.NotFound, 'user does not exist')
    return ok({ object: await issueLoginData(accounts, user, Date.now(), publicOrigin(request), undefined) })
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
      if (!(await accounts.bindPhone(user.wmid, phone, code))) throw new ApiRefusal(ResponseCode.Forbidden, PHONE_TAKEN_MESSAGE)
      return ok({ object: await accounts.openSession(user.wmid, now) })
    },
  )
}
