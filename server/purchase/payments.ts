import type { Repositories } from '../repositories'
import type { WechatPayClient, WechatPayRefund, WechatPayTransaction } from '../outside/wechatPay/client'

/**
 * What WeChat Pay's word does to our orders, whichever way it arrives: a notification, the order
 * query that reconciles a payment whose notification never came, a refund's answer or its
 * notification. One order number names one kind of order by its prefix: `LP` a lesson, `LV` a
 * live, `G` a paid group (the invite area's). Each effect happens once, however often and however
 * concurrently the same word arrives (the repositories' transactions decide).
 */

/** The paths on this server WeChat Pay posts notifications to (outside the API's prefixes: they answer WeChat's protocol). */
export const PAY_NOTIFY_PATH = '/wechatpay/notify/transaction'
export const REFUND_NOTIFY_PATH = '/wechatpay/notify/refund'

/** What a piece of WeChat Pay's word did; a refusal is answered FAIL (WeChat Pay then tries again). */
export type PaymentOutcome = { ok: true } | { ok: false; reason: 'foreign-merchant' | 'foreign-app' | 'unknown-order' | 'amount-mismatch' }

export type OrderKind = 'lesson' | 'live' | 'group'

export function orderKind(orderNO: string): OrderKind | undefined {
  if (orderNO.startsWith('LP')) return 'lesson'
  if (orderNO.startsWith('LV')) return 'live'
  if (orderNO.startsWith('G')) return 'group'
  return undefined
}

/** The refund number of an order: one refund per order, so asking again is the same refund at WeChat Pay. */
export const refundNumber = (orderNO: string): string => `RF${orderNO}`

export interface Payments {
  readonly client: WechatPayClient
  /** A transaction WeChat Pay reported (notification or query): a SUCCESS pays its order once. */
  settle(transaction: WechatPayTransaction, now: number): Promise<PaymentOutcome>
  /** Asks WeChat Pay about an unpaid order and settles what it says; true when the order is paid now. */
  reconcile(orderNO: string, now: number): Promise<boolean>
  /** A refund WeChat Pay reported: a SUCCESS refunds its order once. */
  applyRefund(refund: WechatPayRefund): Promise<PaymentOutcome>
}

export function createPayments(client: WechatPayClient, repos: Pick<Repositories, 'orders' | 'invites'>, appIds: readonly string[]): Payments {
  const { orders, invites } = repos

  const payOrder = async (orderNO: string, amount: number, now: number): Promise<PaymentOutcome> => {
    switch (orderKind(orderNO)) {
      case 'lesson': {
        const settled = await orders.settle(orderNO, amount, now)
        return settled.outcome === 'settled' ? { ok: true } : { ok: false, reason: settled.outcome }
      }
      case 'live': {
        const settled = await orders.settleLive(orderNO, amount, now)
        return settled.outcome === 'settled' ? { ok: true } : { ok: false, reason: settled.outcome }
      }
      case 'group': {
        const order = await invites.order(orderNO)
        if (!order) return { ok: false, reason: 'unknown-order' }
        if (order.totalFee !== amount) return { ok: false, reason: 'amount-mismatch' }
        await invites.pay(orderNO, now)
        return { ok: true }
      }
      default:
        return { ok: false, reason: 'unknown-order' }
    }
  }

  const settle = async (transaction: WechatPayTransaction, now: number): Promise<PaymentOutcome> => {
    if (transaction.mchid !== client.settings.mchId) return { ok: false, reason: 'foreign-merchant' }
    if (!appIds.includes(transaction.appid)) return { ok: false, reason: 'foreign-app' }
    // only a successful payment changes anything; every other state is taken as said
    if (transaction.trade_state !== 'SUCCESS') return { ok: true }
    const amount = transaction.amount?.total
    if (amount === undefined || !Number.isSafeInteger(amount)) return { ok: false, reason: 'amount-mismatch' }
    return payOrder(transaction.out_trade_no, amount, now)
  }

  return {
    client,
    settle,

    async reconcile(orderNO, now) {
      const transaction = await client.queryOrder(orderNO)
      if (!transaction || transaction.out_trade_no !== orderNO) return false
      const outcome = await settle(transaction, now)
      return outcome.ok && transaction.trade_state === 'SUCCESS'
    },

    async applyRefund(refund) {
      if (refund.mchid !== undefined && refund.mchid !== client.settings.mchId) return { ok: false, reason: 'foreign-merchant' }
      if (refund.out_refund_no !== refundNumber(refund.out_trade_no)) return { ok: false, reason: 'unknown-order' }
      if ((refund.refund_status ?? refund.status) !== 'SUCCESS') return { ok: true }
      switch (orderKind(refund.out_trade_no)) {
        case 'lesson': {
          const order = await orders.find(refund.out_trade_no)
          if (!order) return { ok: false, reason: 'unknown-order' }
          if (order.totalFee !== refund.amount.refund) return { ok: false, reason: 'amount-mismatch' }
          await orders.refund(refund.out_trade_no)
          return { ok: true }
        }
        case 'live': {
          const order = await orders.findLive(refund.out_trade_no)
          if (!order) return { ok: false, reason: 'unknown-order' }
          if (order.totalFee !== refund.amount.refund) return { ok: false, reason: 'amount-mismatch' }
          await orders.refundLive(refund.out_trade_no)
          return { ok: true }
        }
        default:
          return { ok: false, reason: 'unknown-order' }
      }
    },
  }
}

/** Why an order cannot be refunded, or its refund as WeChat Pay answered it. */
export type RefundRequest = { ok: false; reason: 'unknown-order' | 'not-paid' } | { ok: true; refund: WechatPayRefund }

/**
 * Asks WeChat Pay to refund a paid lesson or live order in full (the operator's `npm run refund`).
 * The refund lands when WeChat Pay says SUCCESS: in its answer, or in the refund notification.
 */
export async function requestRefund(payments: Payments, repos: Pick<Repositories, 'orders'>, orderNO: string, reason: string): Promise<RefundRequest> {
  const kind = orderKind(orderNO)
  const order = kind === 'lesson' ? await repos.orders.find(orderNO) : kind === 'live' ? await repos.orders.findLive(orderNO) : undefined
  if (!order) return { ok: false, reason: 'unknown-order' }
  if (order.status !== 1) return { ok: false, reason: 'not-paid' }
  const refund = await payments.client.refund({
    outTradeNo: orderNO,
    outRefundNo: refundNumber(orderNO),
    refundFen: order.totalFee,
    totalFen: order.totalFee,
    reason,
    notifyPath: REFUND_NOTIFY_PATH,
  })
  await payments.applyRefund(refund)
  return { ok: true, refund }
}
