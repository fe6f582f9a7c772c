import { randomUUID } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import type { AppContext } from '../../context'
import { signMatches } from '../../core/wechat'
import type { Standin } from '../standin'
import { DEMO_TENCENT_SMS_ACCOUNT as DEMO_TENCENT_SMS, TENCENT_SMS_SERVICE, TENCENT_SMS_STANDIN, TENCENT_SMS_VERSION } from './protocol'
import { parseTc3Authorization, tc3Date, tc3Signature } from './tc3'

/** How far X-TC-Timestamp may be from the stand-in's clock, as Tencent allows. */
const CLOCK_SKEW_S = 300

type Answer = { Response: Record<string, unknown> }
const refusal = (code: string, message: string): Answer => ({ Response: { Error: { Code: code, Message: message }, RequestId: randomUUID() } })

interface SendSmsBody {
  PhoneNumberSet?: unknown
  SmsSdkAppId?: unknown
  SignName?: unknown
  TemplateId?: unknown
  TemplateParamSet?: unknown
}

/**
 * Tencent Cloud SMS as demo mode's stand-in: `SendSms` with its headers, its TC3-HMAC-SHA256
 * signature checked against the demo credentials (protocol.ts DEMO_TENCENT_SMS_ACCOUNT), its errors in
 * Tencent's shape. Delivery is the app's log: this is the one place a code is logged, and it
 * exists in demo mode only. Stateless: each answer depends on its request alone.
 */
const routes: FastifyPluginAsync<AppContext> = async (app) => {
  // the signature covers the exact body bytes
  app.removeContentTypeParser(['application/json'])
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body))

  app.post('/', async (request): Promise<Answer> => {
    const header = (name: string): string => String(request.headers[name] ?? '')
    if (header('x-tc-action') !== 'SendSms') return refusal('InvalidAction', `${header('x-tc-action')} is not an action of this stand-in`)
    if (header('x-tc-version') !== TENCENT_SMS_VERSION) return refusal('NoSuchVersion', `the SMS API version is ${TENCENT_SMS_VERSION}`)
    const auth = parseTc3Authorization(header('authorization'))
    if (!auth || auth.signedHeaders !== 'content-type;host' || auth.service !== TENCENT_SMS_SERVICE) {
      return refusal('AuthFailure.InvalidAuthorization', 'Authorization is not a TC3-HMAC-SHA256 one for sms')
    }
    if (auth.secretId !== DEMO_TENCENT_SMS.secretId) return refusal('AuthFailure.SecretIdNotFound', 'unknown SecretId')
    const timestamp = Number(header('x-tc-timestamp'))
    if (!Number.isInteger(timestamp) || Math.abs(timestamp - Date.now() / 1000) > CLOCK_SKEW_S) {
      return refusal('AuthFailure.SignatureExpire', 'X-TC-Timestamp is more than five minutes away')
    }
    if (auth.date !== tc3Date(timestamp)) return refusal('AuthFailure.SignatureFailure', 'the credential date is not the timestamp\'s UTC day')
    const payload = typeof request.body === 'string' ? request.body : ''
    const expected = tc3Signature({ secretKey: DEMO_TENCENT_SMS.secretKey, service: auth.service, host: header('host'), timestamp, payload })
    if (header('content-type') !== 'application/json; charset=utf-8' || !signMatches(auth.signature, expected)) {
      return refusal('AuthFailure.SignatureFailure', 'the signature does not match')
    }
    let body: SendSmsBody
    try {
      body = JSON.parse(payload) as SendSmsBody
    } catch {
      return refusal('InvalidParameter', 'the body is not JSON')
    }
    if (body.SmsSdkAppId !== DEMO_TENCENT_SMS.sdkAppId) return refusal('FailedOperation.SmsSdkAppIdVerifyFail', 'unknown SmsSdkAppId')
    if (body.SignName !== DEMO_TENCENT_SMS.signName) return refusal('FailedOperation.SignatureIncorrectOrUnapproved', 'unknown SignName')
    if (body.TemplateId !== DEMO_TENCENT_SMS.templateId) return refusal('FailedOperation.TemplateIncorrectOrUnapproved', 'unknown TemplateId')
    const phones = Array.isArray(body.PhoneNumberSet) ? body.PhoneNumberSet : []
    const params = Array.isArray(body.TemplateParamSet) ? body.TemplateParamSet : []
    if (phones.length === 0) return refusal('MissingParameter', 'PhoneNumberSet is empty')
    if (params.length !== 1) return refusal('FailedOperation.TemplateParamSetNotMatchApprovedTemplate', 'the template has one variable')
    const SendStatusSet = phones.map((phone) => {
      const number = String(phone)
      if (!/^\+\d{6,16}$/.test(number)) {
        return { SerialNo: '', PhoneNumber: number, Fee: 0, SessionContext: '', Code: 'InvalidParameterValue.IncorrectPhoneNumber', Message: 'the number is not in E.164 form', IsoCode: '' }
      }
      request.log.info(`SMS code for ${number}: ${String(params[0])}`)
      return { SerialNo: randomUUID(), PhoneNumber: number, Fee: 1, SessionContext: '', Code: 'Ok', Message: 'send success', IsoCode: number.startsWith('+86') ? 'CN' : '' }
    })
    return { Response: { SendStatusSet, RequestId: randomUUID() } }
  })
}

export const tencentSmsStandin: Standin = { name: TENCENT_SMS_STANDIN, routes }
