import { devCalls } from '../../types/dev'
import type { LoginUrlType } from '../../types/login'
import { loginCalls } from '../../types/login'
import type { CreateOrderBody, OrderState, PayConfig } from '../../types/purchase'
import { purchaseCalls } from '../../types/purchase'
import { liveCalls } from '../../types/live'
import { createCall } from './client'
import type { Post } from './client'

export type { LoginUrlType } from '../../types/login'
export type { PayType } from '../../types/purchase'

export type CreateOrderParams = CreateOrderBody

/** A paid live's price on its pay page (fen), and its host, who counts as paid (spec 001 §4). */
export interface LiveSale {
  priceFen: number
  ownerWmid: string
}

/** The purchase calls of spec 000 §7 and spec 001 §7 (createPayOrder, getWxLoginUrl, the order query). */
export function createPurchaseApi(post: Post) {
  const call = createCall(post)

  return {
    /** Non-200 answers are toasted by the transport and reject: nothing is marked paid. */
    async createOrder(params: CreateOrderParams): Promise<PayConfig> {
      const res = await call(purchaseCalls.createOrder, { ...params })
      return res.data.object
    },

    /** The server's order state, the authority after the platform says the payment went through. */
    async queryOrder(orderNO: string, loginData: string): Promise<OrderState> {
      const res = await call(purchaseCalls.queryOrder, { orderNO, loginData }, { silent: true })
      return res.data.object
    },

    /** The price of a paid live; undefined for a free or unknown one. */
    async liveSale(courseData: string): Promise<LiveSale | undefined> {
      const res = await call(liveCalls.info, { courseData }, { silent: true })
      // 404: no such live, nothing to buy
      const live = res.code === 200 ? res.data.object : undefined
      return live?.liveP === 1 && live.liveF > 0 ? { priceFen: live.liveF, ownerWmid: live.wmid } : undefined
    },

    /** The login page outside WeChat; `redirect` is where the login round trip comes back to. */
    async loginUrl(type: LoginUrlType, courseData: string | undefined, redirect?: string): Promise<string> {
      const res = await call(loginCalls.loginUrl, { type, courseData, redirect })
      return res.data.object.loginUrl
    },

    /** Development payment sandbox: completes the order as a payment notification would. */
    async sandboxPay(orderNO: string): Promise<void> {
      await call(devCalls.sandboxPay, { orderNO })
    },
  }
}

export type PurchaseApi = ReturnType<typeof createPurchaseApi>
