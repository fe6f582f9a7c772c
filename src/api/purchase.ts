import type { ObjectData } from '../../types/api'
import type { LoginUrlData, OrderState, PayConfig } from '../../types/purchase'
import { SANDBOX_PAY_PATH } from '../../types/purchase'
import type { Post } from './client'

/** payType of /lessonPay and of the order call: 1 lesson, 2 live. */
export type PayType = 1 | 2

/** loginUrl/get.do `type`: 1 profile (and lesson purchase), 2 live. */
export type LoginUrlType = 1 | 2

export interface CreateOrderParams {
  courseData: string
  loginData: string
  inviterWmid?: string
  payType?: PayType
}

/** The purchase calls of spec 000 §7 and spec 001 §7 (createPayOrder, getWxLoginUrl, the order query). */
export function createPurchaseApi(post: Post) {
  return {
    /** Non-200 answers are toasted by the transport and reject: nothing is marked paid. */
    async createOrder(params: CreateOrderParams): Promise<PayConfig> {
      const res = await post<ObjectData<PayConfig>>('/wmim/course/v2/order/create.do', { ...params })
      return res.data.object
    },

    /** The server's order state, the authority after the platform says the payment went through. */
    async queryOrder(orderNO: string, loginData: string): Promise<OrderState> {
      const res = await post<ObjectData<OrderState>>('/wmim/course/v2/order/query.do', { orderNO, loginData }, { silent: true })
      return res.data.object
    },

    /** The login page outside WeChat; `redirect` is where the login round trip comes back to. */
    async loginUrl(type: LoginUrlType, courseData: string | undefined, redirect?: string): Promise<string> {
      const res = await post<ObjectData<LoginUrlData>>('/wmim/course/v2/loginUrl/get.do', { type, courseData, redirect })
      return res.data.object.loginUrl
    },

    /** Development payment sandbox: completes the order as a payment notification would. */
    async sandboxPay(orderNO: string): Promise<void> {
      await post(SANDBOX_PAY_PATH, { orderNO })
    },
  }
}

export type PurchaseApi = ReturnType<typeof createPurchaseApi>
