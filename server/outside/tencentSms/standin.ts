import { randomUUID } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import type { AppContext } from '../../context'
import type { Migration } from '../../core/migrate'
import { signMatches } from '../../core/wechat'
import type { Standin } from '../standin'
import { DEMO_TENCENT_SMS_ACCOUNT as DEMO_TENCENT_SMS, TENCENT_SMS_SERVICE, TENCENT_SMS_STANDIN, TENCENT_SMS_VERSION } from './protocol'
import { parseTc3Authorization, tc3Date, tc3Signature } from './tc3'

/** How far X-TC-Timestamp may be from the stand-in's clock, as Tencent allows. */
const CLOCK_SKEW_S = 300

/** The stand-in's outbox: what Tencent Cloud would have delivered to each phone. */
export const TENCENT_SMS_STANDIN_MIGRATIONS: readonly Migration[] = [
  {
    version: 11,
    sql: `
  CREATE TABLE standin_sms_outbox (
    serial_no TEXT PRIMARY KEY,
    -- E.164, as SendSms names it
    phone     TEXT NOT NULL,
    -- the template's one variable: the code
    param     TEXT NOT NULL,
    sent_at   INTEGER NOT NULL
  );
  CREATE INDEX standin_sms_outbox_phone ON standin_sms_outbox (phone, sent_at);
  `,
  },
]

/** The outbox's path under the stand-in: what was delivered to `?phone=` (E.164), newest first. */
export const TENCENT_SMS_OUTBOX_PATH = '/outbox'

/** One delivered message, as the outbox lists it. */
export interface DeliveredSms {
  phone: string
  /** the template's variable: the code */
  param: string
  sentAt: number
}

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
 * Tencent's shape. Delivery is the app's log and the stand-in's outbox (standin_sms_outbox), which
 * GET TENCENT_SMS_OUTBOX_PATH lists, as a phone would show it: a production-mode test reads its
 * code there (the production server serves no stand-in). Both exist in demo mode only, where no
 * SMS reaches anyone. Each answer depends on its request alone.
 */
const routes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
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
    const SendStatusSet = []
    for (const phone of phones) {
      const number = String(phone)
      if (!/^\+\d{6,16}$/.test(number)) {
        SendStatusSet.push({ SerialNo: '', PhoneNumber: number, Fee: 0, SessionContext: '', Code: 'InvalidParameterValue.IncorrectPhoneNumber', Message: 'the number is not in E.164 form', IsoCode: '' })
        continue
      }
      const param = String(params[0])
      const serialNo = randomUUID()
      // the code and the phone stay out of the log (ops/logging.ts): the outbox holds them
      request.log.info({ serialNo }, 'SMS stand-in delivered a code to its outbox')
      await db.run('INSERT INTO standin_sms_outbox (serial_no, phone, param, sent_at) VALUES (?, ?, ?, ?)', [serialNo, number, param, Date.now()])
      SendStatusSet.push({ SerialNo: serialNo, PhoneNumber: number, Fee: 1, SessionContext: '', Code: 'Ok', Message: 'send success', IsoCode: number.startsWith('+86') ? 'CN' : '' })
    }
    return { Response: { SendStatusSet, RequestId: randomUUID() } }
  })

  app.get<{ Querystring: { phone?: string } }>(TENCENT_SMS_OUTBOX_PATH, async (request, reply) => {
    const phone = request.query.phone ?? ''
    if (!/^\+\d{6,16}$/.test(phone)) return reply.code(400).send({ error: 'phone must be a number in E.164 form' })
    const messages = await db.all<DeliveredSms>(
      'SELECT phone, param, sent_at AS "sentAt" FROM standin_sms_outbox WHERE phone = ? ORDER BY sent_at DESC, serial_no LIMIT 20',
      [phone],
    )
    return { messages }
  })
}

export const tencentSmsStandin: Standin = { name: TENCENT_SMS_STANDIN, routes }
