import type { FastifyBaseLogger } from 'fastify'
import type { OutsideFetch } from '../fetch'
import { baseUrl, readSettings, type Environment } from '../settings'
import { standinBase } from '../standinPath'
import { DEMO_TENCENT_SMS_ACCOUNT, TENCENT_SMS_HOST, TENCENT_SMS_SERVICE, TENCENT_SMS_STANDIN, TENCENT_SMS_VERSION } from './protocol'
import { TC3_CONTENT_TYPE, tc3Authorization } from './tc3'

/**
 * SMS delivery through Tencent Cloud SMS (`SendSms`, API 3.0, version 2021-01-11), signed with
 * TC3-HMAC-SHA256 (tc3.ts). Our own client rather than tencentcloud-sdk-nodejs-sms: the SDK
 * sends through its own node-fetch and takes a host name, so it could not be pointed at the
 * demo's stand-in, which this app answers itself (server/outside/fetch.ts); one JSON call and
 * its signature are about a hundred lines.
 */
export interface TencentSmsConfig {
  secretId: string
  secretKey: string
  /** the SMS application's SdkAppId */
  sdkAppId: string
  /** the approved signature's text (签名内容) */
  signName: string
  /** the approved template's id; its one variable {1} is the code */
  templateId: string
  /** e.g. ap-guangzhou */
  region: string
  /** https://sms.tencentcloudapi.com, or the stand-in's path in demo mode */
  endpoint: string
}

/** The variables production mode needs for SMS (what each one is: core/operatorTexts.ts). */
export const TENCENT_SMS_SETTINGS = [
  'TENCENT_SMS_SECRET_ID',
  'TENCENT_SMS_SECRET_KEY',
  'TENCENT_SMS_SDK_APP_ID',
  'TENCENT_SMS_SIGN_NAME',
  'TENCENT_SMS_TEMPLATE_ID',
  'TENCENT_SMS_REGION',
] as const

/** TENCENT_SMS_* (and TENCENT_SMS_ENDPOINT, default https://sms.tencentcloudapi.com); MissingSettings names what is not set. */
export function tencentSmsFromEnv(env: Environment): TencentSmsConfig {
  const s = readSettings(env, TENCENT_SMS_SETTINGS)
  return {
    secretId: s.TENCENT_SMS_SECRET_ID,
    secretKey: s.TENCENT_SMS_SECRET_KEY,
    sdkAppId: s.TENCENT_SMS_SDK_APP_ID,
    signName: s.TENCENT_SMS_SIGN_NAME,
    templateId: s.TENCENT_SMS_TEMPLATE_ID,
    region: s.TENCENT_SMS_REGION,
    endpoint: baseUrl(env, 'TENCENT_SMS_ENDPOINT', `https://${TENCENT_SMS_HOST}`),
  }
}

/** Demo mode's credentials, which its stand-in (standin.ts) checks the signature with. */
export const DEMO_TENCENT_SMS: TencentSmsConfig = { ...DEMO_TENCENT_SMS_ACCOUNT, endpoint: standinBase(TENCENT_SMS_STANDIN) }

/** `delivered: false` carries the provider's reason, for the log; the user is told only that it failed. */
export type SmsDelivery = { delivered: true } | { delivered: false; reason: string }

/** Sends a verification code to a phone (country code and national number, digits). */
export interface SmsSender {
  send(to: { interCode: string; phone: string }, code: string): Promise<SmsDelivery>
}

interface SendStatus {
  Code?: unknown
  Message?: unknown
}
interface SendSmsAnswer {
  Response?: { Error?: { Code?: unknown; Message?: unknown }; SendStatusSet?: SendStatus[]; RequestId?: unknown }
}

/** The Host a request to `endpoint` carries: its own, or Tencent's for a stand-in path on this server. */
function endpointHost(endpoint: string): string {
  return endpoint.startsWith('/') ? TENCENT_SMS_HOST : new URL(endpoint).host
}

/** What an answer says about the one number sent to. */
function deliveryOf(status: number, answer: SendSmsAnswer | undefined): SmsDelivery {
  if (status !== 200) return { delivered: false, reason: `HTTP ${status}` }
  const response = answer?.Response
  if (!response) return { delivered: false, reason: 'no Response in the answer' }
  if (response.Error) return { delivered: false, reason: `${String(response.Error.Code)}: ${String(response.Error.Message)}` }
  const sent = response.SendStatusSet?.[0]
  if (!sent) return { delivered: false, reason: 'no SendStatus in the answer' }
  return sent.Code === 'Ok' ? { delivered: true } : { delivered: false, reason: `${String(sent.Code)}: ${String(sent.Message)}` }
}

/** The SendSms client. A network failure is a failed delivery too, never an exception to the caller. */
export function tencentSmsSender(config: TencentSmsConfig, send: OutsideFetch, log: FastifyBaseLogger): SmsSender {
  return {
    async send(to, code) {
      const payload = JSON.stringify({
        PhoneNumberSet: [`+${to.interCode}${to.phone}`],
        SmsSdkAppId: config.sdkAppId,
        SignName: config.signName,
        TemplateId: config.templateId,
        TemplateParamSet: [code],
      })
      const timestamp = Math.floor(Date.now() / 1000)
      const host = endpointHost(config.endpoint)
      const authorization = tc3Authorization({ secretId: config.secretId, secretKey: config.secretKey, service: TENCENT_SMS_SERVICE, host, timestamp, payload })
      let delivery: SmsDelivery
      try {
        const answer = await send(config.endpoint, {
          method: 'POST',
          headers: {
            Authorization: authorization,
            'Content-Type': TC3_CONTENT_TYPE,
            Host: host,
            'X-TC-Action': 'SendSms',
            'X-TC-Version': TENCENT_SMS_VERSION,
            'X-TC-Timestamp': String(timestamp),
            'X-TC-Region': config.region,
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        })
        const text = await answer.text()
        let parsed: SendSmsAnswer | undefined
        try {
          parsed = JSON.parse(text) as SendSmsAnswer
        } catch {
          parsed = undefined
        }
        delivery = deliveryOf(answer.status, parsed)
      } catch (error) {
        delivery = { delivered: false, reason: error instanceof Error ? error.message : String(error) }
      }
      if (!delivery.delivered) log.error({ to: `+${to.interCode} ${to.phone.slice(0, 3)}****`, reason: delivery.reason }, 'Tencent Cloud SMS did not send the code')
      return delivery
    },
  }
}

/**
 * What a production app built without SMS settings sends with (an app built in code, as the
 * tests build theirs; `npm start` refuses to start without TENCENT_SMS_*): every send fails, and
 * the user is told so.
 */
export const UNCONFIGURED_SMS: SmsSender = {
  send: () => Promise.resolve({ delivered: false, reason: 'TENCENT_SMS_* are not set' }),
}
