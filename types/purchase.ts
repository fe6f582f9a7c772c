/**
 * Wire types and calls of buying (spec 000 §4 payment, §7; spec 001 §7). Money is integer fen.
 * The server's order state is the authority, never a client callback.
 */
import type { ObjectData } from './api'
import { endpoint } from './contract'

/** payType of /lessonPay and of the order call: 1 lesson, 2 live. */
export type PayType = 1 | 2

/**
 * data.object of purchaseCalls.createOrder. `isBought` 1 means nothing to pay (already bought:
 * the page marks it paid). The other fields are WeChat pay parameters (`sign` is the paySign) for
 * the JS bridge or `requestPayment`, plus the order number the client polls.
 */
export interface PayConfig {
  appId: string
  timeStamp: string
  nonceStr: string
  package: string
  signType: string
  sign: string
  isBought: 0 | 1
  orderNO: string
  totalFee: number
  isShowjoinQrcode: 0 | 1
  joinQrcode: string
  joinGroupName: string
}

/** Order states the server reports (purchaseCalls.queryOrder). */
export interface OrderState {
  orderNO: string
  /** 0 created, 1 paid, 4 refunded */
  orderStatus: 0 | 1 | 4
  isShowjoinQrcode: 0 | 1
  joinQrcode: string
}

export interface CreateOrderBody {
  courseData: string
  /** names the buyer */
  loginData: string
  inviterWmid?: string
  /** defaults to 1 (a lesson) */
  payType?: PayType
}

/** The fields of a WeChat pay v2 notification the server reads; `sign` covers every field sent. */
export interface PayNotifyBody {
  return_code: string
  result_code: string
  out_trade_no: string
  /** fen, as decimal text */
  total_fee: string
  sign: string
}

export const purchaseCalls = {
  createOrder: endpoint<CreateOrderBody, ObjectData<PayConfig>>('/wmim/course/v2/order/create.do', {
    courseData: 'required',
    loginData: 'required',
    inviterWmid: 'optional',
    payType: 'optional',
  }),
  queryOrder: endpoint<{ orderNO: string; loginData: string }, ObjectData<OrderState>>('/wmim/course/v2/order/query.do', {
    orderNO: 'required',
    loginData: 'required',
  }),
  /**
   * WeChat pay's notification (WeChat posts XML; this server takes the same fields form-encoded).
   * Every other field WeChat sends is signed too, so the body carries them: `otherFields`.
   * A failed payment is acknowledged with data null and changes nothing.
   */
  payNotify: endpoint<PayNotifyBody, ObjectData<OrderState> | null>(
    '/wmim/pay/notify.do',
    { return_code: 'required', result_code: 'required', out_trade_no: 'required', total_fee: 'required', sign: 'required' },
    { otherFields: true },
  ),
} as const
