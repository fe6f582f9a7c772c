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
 * the page marks it paid). The other fields are WeChat Pay API v3's JSAPI pay parameters for the
 * JS bridge or `requestPayment` (`package` is `prepay_id=…`, `signType` RSA, `sign` the paySign),
 * plus the order number the client polls.
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
  /**
   * H5 pay (a browser outside WeChat, where no JSAPI payment can be confirmed): WeChat Pay's
   * cashier page, opened with `redirect_url` appended; the JSAPI fields are then empty
   */
  h5Url?: string
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
  /**
   * The mini-program names itself and its phone's system: `weapp-` and Taro's
   * `getSystemInfoSync().platform` (`weapp-ios`, `weapp-android`, `weapp-devtools`…). H5 sends none.
   * The server refuses to sell in the mini-program on iOS (WeChat's rule on virtual goods).
   */
  platform?: string
}

/** What `platform` may be. */
export const CLIENT_PLATFORM_PATTERN = '^weapp-[a-z]{1,16}$'

export const purchaseCalls = {
  createOrder: endpoint<CreateOrderBody, ObjectData<PayConfig>>('/wmim/course/v2/order/create.do', {
    courseData: 'required',
    loginData: 'required',
    inviterWmid: 'optional',
    payType: 'optional',
    platform: 'optional',
  }),
  queryOrder: endpoint<{ orderNO: string; loginData: string }, ObjectData<OrderState>>('/wmim/course/v2/order/query.do', {
    orderNO: 'required',
    loginData: 'required',
  }),
} as const
