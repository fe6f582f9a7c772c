import { createPublicKey, randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { Migration } from '../../core/migrate'
import { escapeHtml } from '../../core/html'
import type { Db, Queryable } from '../../core/sql'
import type { OutsideFetch } from '../fetch'
import type { WechatPayRefund, WechatPayTransaction } from './client'
import { TIMESTAMP_TOLERANCE_S } from './client'
import {
  DEMO_API_V3_KEY,
  DEMO_MCH_ID,
  DEMO_MERCHANT_KEY,
  DEMO_MERCHANT_SERIAL,
  DEMO_WECHATPAY_KEY,
  DEMO_WECHATPAY_KEY_ID,
} from './settings'
import { encryptResource, nonceString, parseAuthorization, rsaSign, rsaVerify, signatureMessage } from './signing'

/**
 * The stand-in for WeChat Pay API v3 that demo mode and the tests talk to, served by this server
 * under /standin/wechat-pay (server/outside/standins.ts). It speaks WeChat Pay's protocol to the
 * real client (client.ts): it checks each request's `Authorization` against the demo merchant's
 * certificate, signs each answer with the demo WeChat Pay key, and delivers notifications signed
 * and sealed (AEAD_AES_256_GCM with the demo APIv3 key) to the `notify_url` it was given.
 *
 * What WeChat Pay would remember (transactions, refunds) is in this database's `standin_wxpay_*`
 * tables, so any worker answers for any other; production never writes them. Where WeChat's
 * buyer confirms in the WeChat app, the demo's buyer confirms on the stand-in: POST /sandbox/pay
 * (what /dev/ pay's sandbox calls) or the H5 cashier page an `h5_url` opens.
 */

/** What the stand-in needs of the app (server/context.ts AppContext has both). */
export interface StandinContext {
  readonly db: Db
  readonly outsideFetch: OutsideFetch
}

/** The stand-in's tables: what WeChat Pay would remember. */
export const WECHAT_PAY_STANDIN_MIGRATIONS: readonly Migration[] = [
  {
    version: 8,
    sql: `
  CREATE TABLE standin_wxpay_transactions (
    out_trade_no   TEXT PRIMARY KEY,
    mchid          TEXT NOT NULL,
    appid          TEXT NOT NULL,
    description    TEXT NOT NULL,
    -- fen
    total          INTEGER NOT NULL CHECK (total > 0),
    notify_url     TEXT NOT NULL,
    prepay_id      TEXT NOT NULL UNIQUE,
    -- JSAPI or MWEB (H5)
    trade_type     TEXT NOT NULL,
    openid         TEXT NOT NULL DEFAULT '',
    -- NOTPAY, SUCCESS, REFUND
    trade_state    TEXT NOT NULL DEFAULT 'NOTPAY',
    transaction_id TEXT UNIQUE,
    success_time   TEXT
  );
  CREATE TABLE standin_wxpay_refunds (
    out_refund_no TEXT PRIMARY KEY,
    refund_id     TEXT NOT NULL UNIQUE,
    out_trade_no  TEXT NOT NULL REFERENCES standin_wxpay_transactions (out_trade_no),
    refund        INTEGER NOT NULL CHECK (refund > 0),
    notify_url    TEXT NOT NULL,
    created_at    TEXT NOT NULL
  );
  `,
  },
]

/**
 * The buyer confirms an order in the WeChat app: `{out_trade_no}` (the demo's sandbox) or
 * `{prepay_id}` (what a pay sheet knows) → `{out_trade_no, delivered}`.
 */
export const SANDBOX_PAY_PATH = '/sandbox/pay'

const MERCHANT_PUBLIC_KEY = createPublicKey(DEMO_MERCHANT_KEY)

interface TransactionRow {
  outTradeNo: string
  mchid: string
  appid: string
  description: string
  total: number
  notifyUrl: string
  prepayId: string
  tradeType: string
  openid: string
  tradeState: string
  transactionId: string | null
  successTime: string | null
}

const TRANSACTION_COLUMNS = `out_trade_no AS "outTradeNo", mchid, appid, description, total, notify_url AS "notifyUrl",
  prepay_id AS "prepayId", trade_type AS "tradeType", openid, trade_state AS "tradeState",
  transaction_id AS "transactionId", success_time AS "successTime"`

const transactionBy = (q: Queryable, column: 'out_trade_no' | 'prepay_id', value: string) =>
  q.one<TransactionRow>(`SELECT ${TRANSACTION_COLUMNS} FROM standin_wxpay_transactions WHERE ${column} = ?`, [value])

/** WeChat's time format: RFC 3339 in Beijing time. */
function beijingTime(now: number): string {
  return `${new Date(now + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`
}

/** The transaction as WeChat Pay's query and notification write it. */
function transactionJson(row: TransactionRow): WechatPayTransaction {
  return {
    mchid: row.mchid,
    appid: row.appid,
    out_trade_no: row.outTradeNo,
    trade_state: row.tradeState,
    ...(row.transactionId ? { transaction_id: row.transactionId, success_time: row.successTime ?? '' } : {}),
    amount: { total: row.total, payer_total: row.total, currency: 'CNY' },
    payer: { openid: row.openid },
  }
}

/** WeChat Pay's signature headers over `body`, with the demo WeChat Pay key. */
export function wechatpayHeaders(body: string, now: number): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000))
  const nonce = nonceString()
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-serial': DEMO_WECHATPAY_KEY_ID,
    'wechatpay-signature': rsaSign(signatureMessage(timestamp, nonce, body), DEMO_WECHATPAY_KEY),
    'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
  }
}

/** A notification as WeChat Pay posts it: the event, its resource sealed with the APIv3 key. */
export function notificationBody(eventType: string, summary: string, originalType: 'transaction' | 'refund', resource: object, now: number): string {
  return JSON.stringify({
    id: randomBytes(16).toString('hex'),
    create_time: beijingTime(now),
    resource_type: 'encrypt-resource',
    event_type: eventType,
    summary,
    resource: encryptResource(JSON.stringify(resource), DEMO_API_V3_KEY, originalType, originalType),
  })
}

/** An answer signed as WeChat Pay signs them. */
function answer(reply: FastifyReply, status: number, payload?: object): FastifyReply {
  const body = payload === undefined ? '' : JSON.stringify(payload)
  reply.headers(wechatpayHeaders(body, Date.now())).code(status)
  return payload === undefined ? reply.send() : reply.type('application/json').send(body)
}

const fail = (reply: FastifyReply, status: number, code: string, message: string) => answer(reply, status, { code, message })

/** The request's `Authorization`, checked as WeChat Pay checks it: the demo merchant, its serial, the time and the signature. */
function signedByMerchant(prefix: string, request: FastifyRequest<{ Body: string | undefined }>): boolean {
  const fields = parseAuthorization(request.headers.authorization)
  if (!fields || fields.mchid !== DEMO_MCH_ID || fields.serial_no !== DEMO_MERCHANT_SERIAL) return false
  if (!/^\d{1,12}$/.test(fields.timestamp) || Math.abs(Date.now() / 1000 - Number(fields.timestamp)) > TIMESTAMP_TOLERANCE_S) return false
  const target = request.url.slice(prefix.length)
  const message = signatureMessage(request.method, target, fields.timestamp, fields.nonce_str, request.body ?? '')
  return rsaVerify(message, fields.signature, MERCHANT_PUBLIC_KEY)
}

function parsed(text: string | undefined): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text ?? '')
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

const text = (value: unknown, max: number): string | undefined => (typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined)
const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {})
const fen = (value: unknown): number | undefined => (Number.isSafeInteger(value) && (value as number) > 0 ? (value as number) : undefined)

interface Prepay {
  appid: string
  description: string
  outTradeNo: string
  notifyUrl: string
  total: number
}

/** The fields every prepay needs, as WeChat Pay checks them; undefined when one is missing or wrong. */
function prepayOf(body: Record<string, unknown>): Prepay | undefined {
  const appid = text(body.appid, 32)
  const description = text(body.description, 127)
  const outTradeNo = typeof body.out_trade_no === 'string' && /^[A-Za-z0-9_*|-]{6,32}$/.test(body.out_trade_no) ? body.out_trade_no : undefined
  const notifyUrl = text(body.notify_url, 256)
  const total = fen(record(body.amount).total)
  if (body.mchid !== DEMO_MCH_ID || !appid || !description || !outTradeNo || !notifyUrl || !total) return undefined
  return { appid, description, outTradeNo, notifyUrl, total }
}

/** Delivers a notification to `notifyUrl` (a path on this server in demo mode); answers whether it was taken. */
async function deliver(context: StandinContext, notifyUrl: string, body: string): Promise<boolean> {
  const answered = await context.outsideFetch(notifyUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...wechatpayHeaders(body, Date.now()) },
    body,
  })
  return answered.status === 200 || answered.status === 204
}

/**
 * The buyer confirms: the transaction becomes SUCCESS once, and its notification is delivered
 * (again on every confirmation, as WeChat Pay repeats one that was not taken). Undefined for an
 * unknown prepay_id.
 */
async function pay(context: StandinContext, by: 'out_trade_no' | 'prepay_id', value: string): Promise<{ row: TransactionRow; delivered: boolean } | undefined> {
  const now = Date.now()
  const transactionId = `42000${now}${randomBytes(4).toString('hex')}`
  await context.db.run(
    `UPDATE standin_wxpay_transactions SET trade_state = 'SUCCESS', transaction_id = ?, success_time = ? WHERE ${by} = ? AND trade_state = 'NOTPAY'`,
    [transactionId, beijingTime(now), value],
  )
  const row = await transactionBy(context.db, by, value)
  if (!row || row.tradeState === 'NOTPAY') return undefined
  const body = notificationBody('TRANSACTION.SUCCESS', '支付成功', 'transaction', { ...transactionJson(row), trade_state: 'SUCCESS', trade_type: row.tradeType }, now)
  return { row, delivered: await deliver(context, row.notifyUrl, body) }
}

/** The H5 cashier page an h5_url opens: what is paid and a pay button (WeChat's own page in production). */
function cashierPage(prefix: string, row: TransactionRow, redirectUrl: string): string {
  const yuan = (row.total / 100).toFixed(2)
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>微信支付（开发用模拟）</title>
<style>body{font-family:sans-serif;margin:24px;color:#1a1a1a}.en{display:block;color:#595959;font-size:14px}button,a{display:block;box-sizing:border-box;width:100%;min-height:44px;padding:12px;font-size:16px;margin:12px 0;text-align:center}</style></head>
<body><h1>微信支付（开发用模拟）<span lang="en" class="en">WeChat Pay (development)</span></h1>
<p>${escapeHtml(row.description)}</p>
<p>¥${yuan}</p>
<form method="post" action="${escapeHtml(`${prefix}/checkout`)}">
<input type="hidden" name="prepay_id" value="${escapeHtml(row.prepayId)}">
<input type="hidden" name="redirect_url" value="${escapeHtml(redirectUrl)}">
<button type="submit">确认支付 ¥${yuan}<span lang="en" class="en">Pay ¥${yuan}</span></button>
</form>
${redirectUrl ? `<a href="${escapeHtml(redirectUrl)}">取消支付<span lang="en" class="en">Cancel</span></a>` : ''}
</body></html>
`
}

/** Only a path on this server or an http(s) URL is a place to send the browser back to. */
const safeRedirect = (url: string): string => (/^(https?:\/\/|\/(?!\/))/.test(url) ? url : '')

export const wechatPayStandinRoutes: FastifyPluginAsync<StandinContext> = async (app: FastifyInstance, context) => {
  // the signature covers the exact bytes: the body is kept as text and parsed after the check
  app.removeContentTypeParser(['application/json'])
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => done(null, body))
  const { db } = context

  const prepay = async (request: FastifyRequest<{ Body: string | undefined }>, reply: FastifyReply, tradeType: 'JSAPI' | 'MWEB') => {
    if (!signedByMerchant(app.prefix, request)) return fail(reply, 401, 'SIGN_ERROR', '签名错误')
    const body = parsed(request.body)
    const order = body && prepayOf(body)
    const openid = tradeType === 'JSAPI' ? text(record(body?.payer).openid, 128) : ''
    if (!order || openid === undefined) return fail(reply, 400, 'PARAM_ERROR', '参数错误')
    const prepayId = `wx${Date.now()}${randomBytes(8).toString('hex')}`
    await db.run(
      `INSERT INTO standin_wxpay_transactions (out_trade_no, mchid, appid, description, total, notify_url, prepay_id, trade_type, openid)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (out_trade_no) DO NOTHING`,
      [order.outTradeNo, DEMO_MCH_ID, order.appid, order.description, order.total, order.notifyUrl, prepayId, tradeType, openid],
    )
    const row = await transactionBy(db, 'out_trade_no', order.outTradeNo)
    // the same order again gets its prepay_id; the same number with other terms is a duplicate
    if (!row || row.total !== order.total || row.appid !== order.appid || row.tradeType !== tradeType) {
      return fail(reply, 400, 'INVALID_REQUEST', '201 商户订单号重复')
    }
    if (row.tradeState !== 'NOTPAY') return fail(reply, 400, 'ORDERPAID', '该订单已支付')
    if (tradeType === 'JSAPI') return answer(reply, 200, { prepay_id: row.prepayId })
    return answer(reply, 200, { h5_url: `${app.prefix}/checkout?prepay_id=${encodeURIComponent(row.prepayId)}` })
  }

  app.post<{ Body: string | undefined }>('/v3/pay/transactions/jsapi', (request, reply) => prepay(request, reply, 'JSAPI'))
  app.post<{ Body: string | undefined }>('/v3/pay/transactions/h5', (request, reply) => prepay(request, reply, 'MWEB'))

  app.get<{ Params: { outTradeNo: string }; Querystring: { mchid?: string }; Body: undefined }>(
    '/v3/pay/transactions/out-trade-no/:outTradeNo',
    async (request, reply) => {
      if (!signedByMerchant(app.prefix, request)) return fail(reply, 401, 'SIGN_ERROR', '签名错误')
      if (request.query.mchid !== DEMO_MCH_ID) return fail(reply, 400, 'PARAM_ERROR', 'mchid 错误')
      const row = await transactionBy(db, 'out_trade_no', request.params.outTradeNo)
      if (!row) return fail(reply, 404, 'ORDER_NOT_EXIST', '订单不存在')
      return answer(reply, 200, transactionJson(row))
    },
  )

  app.post<{ Body: string | undefined }>('/v3/refund/domestic/refunds', async (request, reply) => {
    if (!signedByMerchant(app.prefix, request)) return fail(reply, 401, 'SIGN_ERROR', '签名错误')
    const body = parsed(request.body) ?? {}
    const amount = record(body.amount)
    const outTradeNo = text(body.out_trade_no, 32)
    const outRefundNo = text(body.out_refund_no, 64)
    const notifyUrl = text(body.notify_url, 256) ?? ''
    const refund = fen(amount.refund)
    if (!outTradeNo || !outRefundNo || !refund || !fen(amount.total)) return fail(reply, 400, 'PARAM_ERROR', '参数错误')
    const now = Date.now()
    const outcome = await db.transaction(async (tx): Promise<'unknown' | 'unpaid' | 'too-much' | WechatPayRefund> => {
      const row = await transactionBy(tx, 'out_trade_no', outTradeNo)
      if (!row) return 'unknown'
      if (row.tradeState === 'NOTPAY') return 'unpaid'
      const refunded = await tx.one<{ sum: number }>('SELECT coalesce(sum(refund), 0) AS sum FROM standin_wxpay_refunds WHERE out_trade_no = ?', [outTradeNo])
      const same = await tx.one<{ refundId: string; refund: number }>('SELECT refund_id AS "refundId", refund FROM standin_wxpay_refunds WHERE out_refund_no = ?', [
        outRefundNo,
      ])
      if (!same) {
        if (amount.total !== row.total || refund > row.total - (refunded?.sum ?? 0)) return 'too-much'
        await tx.run('INSERT INTO standin_wxpay_refunds (out_refund_no, refund_id, out_trade_no, refund, notify_url, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
          outRefundNo,
          `50300${now}${randomBytes(4).toString('hex')}`,
          outTradeNo,
          refund,
          notifyUrl,
          beijingTime(now),
        ])
        await tx.run("UPDATE standin_wxpay_transactions SET trade_state = 'REFUND' WHERE out_trade_no = ?", [outTradeNo])
      }
      const stored = await tx.one<{ refundId: string; refund: number }>('SELECT refund_id AS "refundId", refund FROM standin_wxpay_refunds WHERE out_refund_no = ?', [
        outRefundNo,
      ])
      return {
        out_trade_no: outTradeNo,
        out_refund_no: outRefundNo,
        refund_id: stored?.refundId ?? '',
        status: 'PROCESSING',
        amount: { total: row.total, refund: stored?.refund ?? refund },
      }
    })
    if (outcome === 'unknown') return fail(reply, 404, 'RESOURCE_NOT_EXISTS', '订单不存在')
    if (outcome === 'unpaid') return fail(reply, 403, 'TRADE_ERROR', '订单未支付')
    if (outcome === 'too-much') return fail(reply, 403, 'NOT_ENOUGH', '退款金额超过可退金额')
    // the refund completes at once in the stand-in: its notification goes before the answer
    if (notifyUrl) {
      const notified = { mchid: DEMO_MCH_ID, ...outcome, refund_status: 'SUCCESS', success_time: beijingTime(now) }
      delete notified.status
      await deliver(context, notifyUrl, notificationBody('REFUND.SUCCESS', '退款成功', 'refund', notified, now))
    }
    return answer(reply, 200, outcome)
  })

  // the buyer's confirmation in the WeChat app, for the demo's payment sandbox (server/dev)
  app.post<{ Body: string | undefined }>(SANDBOX_PAY_PATH, async (request, reply) => {
    const body = parsed(request.body)
    const outTradeNo = text(body?.out_trade_no, 32)
    const prepayId = text(body?.prepay_id, 64)
    const paid = outTradeNo ? await pay(context, 'out_trade_no', outTradeNo) : prepayId ? await pay(context, 'prepay_id', prepayId) : undefined
    if (!paid) return reply.code(404).send({ code: 'ORDER_NOT_EXIST', message: '订单不存在' })
    return reply.send({ out_trade_no: paid.row.outTradeNo, delivered: paid.delivered })
  })

  // H5 pay's cashier: the page h5_url opens, and its pay button
  app.get<{ Querystring: { prepay_id?: string; redirect_url?: string } }>('/checkout', async (request, reply) => {
    const row = request.query.prepay_id ? await transactionBy(db, 'prepay_id', request.query.prepay_id) : undefined
    if (!row) return reply.code(404).type('text/plain; charset=utf-8').send('订单不存在 / no such order')
    return reply.type('text/html; charset=utf-8').send(cashierPage(app.prefix, row, safeRedirect(request.query.redirect_url ?? '')))
  })
  app.post<{ Body: { prepay_id?: string; redirect_url?: string } }>('/checkout', async (request, reply) => {
    const paid = request.body.prepay_id ? await pay(context, 'prepay_id', request.body.prepay_id) : undefined
    if (!paid) return reply.code(404).type('text/plain; charset=utf-8').send('订单不存在 / no such order')
    const back = safeRedirect(request.body.redirect_url ?? '')
    return back ? reply.redirect(back, 303) : reply.type('text/plain; charset=utf-8').send('支付成功 / paid')
  })
}


