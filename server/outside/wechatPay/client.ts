import type { OutsideFetch } from '../fetch'
import type { WechatPaySettings } from './settings'
import { authorization, decryptResource, nonceString, paySign, rsaVerify, signatureMessage } from './signing'
import type { EncryptedResource } from './signing'

/**
 * The one way this server talks to WeChat Pay API v3 (server/outside/fetch.ts reaches the real
 * service or the stand-in by the base URL): JSAPI and H5 prepay, the order query, refunds, the
 * client's pay parameters, and reading a notification. Every request is signed with the merchant
 * key; every answer and notification must carry a valid signature of a WeChat Pay key we know.
 */

/** A transaction as the order query and the payment notification describe it. */
export interface WechatPayTransaction {
  mchid: string
  appid: string
  out_trade_no: string
  transaction_id?: string
  /** SUCCESS, REFUND, NOTPAY, CLOSED, REVOKED, USERPAYING, PAYERROR */
  trade_state: string
  success_time?: string
  amount?: { total: number; payer_total?: number; currency?: string }
  payer?: { openid?: string }
}

/** A refund as the refund call and the refund notification describe it. */
export interface WechatPayRefund {
  mchid?: string
  out_trade_no: string
  out_refund_no: string
  refund_id?: string
  /** SUCCESS, CLOSED, PROCESSING, ABNORMAL (the notification's `refund_status`, the call's `status`) */
  status?: string
  refund_status?: string
  amount: { total: number; refund: number }
}

/** A verified, decrypted notification. */
export type WechatPayNotification =
  | { kind: 'transaction'; eventType: string; transaction: WechatPayTransaction }
  | { kind: 'refund'; eventType: string; refund: WechatPayRefund }

/** Why a notification was refused; each is answered `{code: "FAIL", message}`. */
export type NotificationRefusal = 'unsigned' | 'unknown-serial' | 'bad-signature' | 'stale' | 'malformed' | 'undecryptable'

/** An answer of WeChat Pay that is an error (its `code` and `message`), or one we could not trust. */
export class WechatPayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`WeChat Pay ${status} ${code}: ${message}`)
  }
}

/** The JSAPI pay parameters the client hands to WeixinJSBridge or `requestPayment`. */
export interface JsapiPayParams {
  appId: string
  timeStamp: string
  nonceStr: string
  package: string
  signType: 'RSA'
  paySign: string
}

/** How far a notification's or an answer's timestamp may be from our clock (WeChat's advice: 5 minutes). */
export const TIMESTAMP_TOLERANCE_S = 300

export interface NewPrepay {
  appid: string
  description: string
  outTradeNo: string
  totalFen: number
  /** the path on this server WeChat Pay notifies (joined to the settings' notifyOrigin) */
  notifyPath: string
}

export interface WechatPayClient {
  readonly settings: WechatPaySettings
  /** JSAPI (H5 in WeChat, the mini-program): the prepay_id */
  jsapiPrepay(order: NewPrepay & { openid: string }): Promise<string>
  /** H5 pay (a phone browser outside WeChat): the h5_url the buyer opens */
  h5Prepay(order: NewPrepay & { payerIp: string; appName: string; appUrl: string }): Promise<string>
  /** The transaction of `outTradeNo`, or undefined when WeChat Pay has none */
  queryOrder(outTradeNo: string): Promise<WechatPayTransaction | undefined>
  refund(refund: { outTradeNo: string; outRefundNo: string; refundFen: number; totalFen: number; reason: string; notifyPath: string }): Promise<WechatPayRefund>
  /** The signed parameters the client pays a prepay_id with */
  payParams(appId: string, prepayId: string): JsapiPayParams
  /** A notification as received: its headers (lower-case names) and its exact body */
  readNotification(headers: Readonly<Record<string, string | string[] | undefined>>, body: string): WechatPayNotification | NotificationRefusal
}

const header = (headers: Readonly<Record<string, string | string[] | undefined>>, name: string): string | undefined => {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

interface SignedParts {
  timestamp: string | undefined
  nonce: string | undefined
  signature: string | undefined
  serial: string | undefined
}

/** Checks WeChat Pay's signature over `timestamp\nnonce\nbody\n`, by the key its serial names, within the tolerance. */
function checkSignature(settings: WechatPaySettings, parts: SignedParts, body: string, now: number): NotificationRefusal | undefined {
  const { timestamp, nonce, signature, serial } = parts
  if (!timestamp || !nonce || !signature || !serial) return 'unsigned'
  const key = settings.wechatpayKeys.get(serial)
  if (!key) return 'unknown-serial'
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > TIMESTAMP_TOLERANCE_S) return 'stale'
  return rsaVerify(signatureMessage(timestamp, nonce, body), signature, key) ? undefined : 'bad-signature'
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function isResource(value: unknown): value is EncryptedResource {
  return isRecord(value) && typeof value.algorithm === 'string' && typeof value.ciphertext === 'string' && typeof value.nonce === 'string'
}

function isTransaction(value: unknown): value is WechatPayTransaction {
  return isRecord(value) && typeof value.out_trade_no === 'string' && typeof value.trade_state === 'string' && typeof value.mchid === 'string'
}

function isRefund(value: unknown): value is WechatPayRefund {
  return (
    isRecord(value) &&
    typeof value.out_trade_no === 'string' &&
    typeof value.out_refund_no === 'string' &&
    isRecord(value.amount) &&
    Number.isSafeInteger(value.amount.refund) &&
    Number.isSafeInteger(value.amount.total)
  )
}

export function createWechatPayClient(settings: WechatPaySettings, fetch: OutsideFetch, clock: () => number = Date.now): WechatPayClient {
  const notifyUrl = (path: string): string => `${settings.notifyOrigin}${path}`

  /** A signed request; the answer's signature is checked before its body is believed. */
  async function request(method: 'GET' | 'POST', target: string, payload?: object): Promise<unknown> {
    const body = payload === undefined ? '' : JSON.stringify(payload)
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: authorization(settings, method, target, body, Math.floor(clock() / 1000), nonceString()),
      'user-agent': 'lesson-server wechatpay-v3',
    }
    if (payload !== undefined) headers['content-type'] = 'application/json'
    const answer = await fetch(`${settings.base}${target}`, { method, headers, ...(payload === undefined ? {} : { body }) })
    const text = await answer.text()
    const refusal = checkSignature(
      settings,
      {
        timestamp: answer.headers.get('wechatpay-timestamp') ?? undefined,
        nonce: answer.headers.get('wechatpay-nonce') ?? undefined,
        signature: answer.headers.get('wechatpay-signature') ?? undefined,
        serial: answer.headers.get('wechatpay-serial') ?? undefined,
      },
      text,
      clock(),
    )
    if (refusal) throw new WechatPayError(answer.status, 'SIGN_ERROR', `the answer's signature does not verify (${refusal})`)
    const json = text === '' ? undefined : parseJson(text)
    if (!answer.ok) {
      const error = isRecord(json) ? json : {}
      const code = typeof error.code === 'string' ? error.code : 'HTTP_ERROR'
      throw new WechatPayError(answer.status, code, typeof error.message === 'string' ? error.message : text)
    }
    return json
  }

  const prepayBody = (order: NewPrepay) => ({
    appid: order.appid,
    mchid: settings.mchId,
    description: order.description.slice(0, 127),
    out_trade_no: order.outTradeNo,
    notify_url: notifyUrl(order.notifyPath),
    amount: { total: order.totalFen, currency: 'CNY' },
  })

  return {
    settings,

    async jsapiPrepay(order) {
      const answer = await request('POST', '/v3/pay/transactions/jsapi', { ...prepayBody(order), payer: { openid: order.openid } })
      if (!isRecord(answer) || typeof answer.prepay_id !== 'string') throw new WechatPayError(200, 'BAD_ANSWER', 'no prepay_id')
      return answer.prepay_id
    },

    async h5Prepay(order) {
      const answer = await request('POST', '/v3/pay/transactions/h5', {
        ...prepayBody(order),
        scene_info: { payer_client_ip: order.payerIp, h5_info: { type: 'Wap', app_name: order.appName, app_url: order.appUrl } },
      })
      if (!isRecord(answer) || typeof answer.h5_url !== 'string') throw new WechatPayError(200, 'BAD_ANSWER', 'no h5_url')
      return answer.h5_url
    },

    async queryOrder(outTradeNo) {
      try {
        const answer = await request('GET', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(settings.mchId)}`)
        if (!isTransaction(answer)) throw new WechatPayError(200, 'BAD_ANSWER', 'not a transaction')
        return answer
      } catch (error) {
        if (error instanceof WechatPayError && error.code === 'ORDER_NOT_EXIST') return undefined
        throw error
      }
    },

    async refund(refund) {
      const answer = await request('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: refund.outTradeNo,
        out_refund_no: refund.outRefundNo,
        reason: refund.reason.slice(0, 80),
        notify_url: notifyUrl(refund.notifyPath),
        amount: { refund: refund.refundFen, total: refund.totalFen, currency: 'CNY' },
      })
      if (!isRefund(answer)) throw new WechatPayError(200, 'BAD_ANSWER', 'not a refund')
      return answer
    },

    payParams(appId, prepayId) {
      const timeStamp = String(Math.floor(clock() / 1000))
      const nonceStr = nonceString()
      const prepayPackage = `prepay_id=${prepayId}`
      return { appId, timeStamp, nonceStr, package: prepayPackage, signType: 'RSA', paySign: paySign(appId, timeStamp, nonceStr, prepayPackage, settings.privateKey) }
    },

    readNotification(headers, body) {
      const type = header(headers, 'wechatpay-signature-type')
      if (type !== undefined && type !== 'WECHATPAY2-SHA256-RSA2048') return 'unsigned'
      const refusal = checkSignature(
        settings,
        {
          timestamp: header(headers, 'wechatpay-timestamp'),
          nonce: header(headers, 'wechatpay-nonce'),
          signature: header(headers, 'wechatpay-signature'),
          serial: header(headers, 'wechatpay-serial'),
        },
        body,
        clock(),
      )
      if (refusal) return refusal
      const envelope = parseJson(body)
      if (!isRecord(envelope) || typeof envelope.event_type !== 'string' || !isResource(envelope.resource)) return 'malformed'
      const plaintext = decryptResource(envelope.resource, settings.apiV3Key)
      if (plaintext === undefined) return 'undecryptable'
      const resource = parseJson(plaintext)
      if (envelope.event_type.startsWith('TRANSACTION.') && isTransaction(resource)) {
        return { kind: 'transaction', eventType: envelope.event_type, transaction: resource }
      }
      if (envelope.event_type.startsWith('REFUND.') && isRefund(resource)) return { kind: 'refund', eventType: envelope.event_type, refund: resource }
      return 'malformed'
    },
  }
}
