import { makeAutoObservable, runInAction } from 'mobx'
import type { PhoneBindPayload } from '../../../types/login'
import { ApiError, NETWORK_ERROR, TIMEOUT } from '../../api/client'
import type { LessonApi } from '../../api/lesson'
import type { LoginApi } from '../../api/login'
import type { PayType, PurchaseApi } from '../../api/purchase'
import type { AuthGateway } from '../../platform/auth'
import type { PaymentGateway } from '../../platform/payment'
import type { LoginDataStore } from '../../stores/loginData'

/**
 * The pay flow (spec 000 §4 "Payment", spec 001 §4 "Pay flow"): pay dialog, then login data (the H5
 * login round trip leaves the page), then the phone binding for a visitor who is not a product user,
 * then the safety confirm, the order and the platform payment. The server's order state decides:
 * after the platform says ok the order is queried before anything shows as paid.
 */
export type PayStep =
  | 'idle'
  /** 'look again' / 'go pay' */
  | 'dialog'
  /** the page is leaving for the login round trip */
  | 'redirecting'
  | 'bind'
  /** the safety notice before paying */
  | 'confirm'
  | 'paying'
  /** the platform said ok and the server has not confirmed the order yet */
  | 'unconfirmed'

export interface PayTarget {
  courseData: string
  payType: PayType
  priceFen: number
  inviterWmid?: string
  /** the info's WeChat OAuth URL */
  loginUrl?: string
}

/** What the paid state shows: the group QR code when `isShowjoinQrcode` is 1. */
export interface PaidOrder {
  isShowjoinQrcode: 0 | 1
  joinQrcode: string
  joinGroupName: string
}

export interface PayFlowDeps {
  purchase: PurchaseApi
  /** the lesson info, read again when the order call answers non-200 */
  lesson: Pick<LessonApi, 'info'>
  login: LoginApi
  auth: AuthGateway
  payment: PaymentGateway
  loginData: LoginDataStore
  /** between order queries; tests pass an immediate one */
  wait?: (ms: number) => Promise<void>
}

/** A notification may reach the server a moment after the pay sheet closes. */
export const ORDER_QUERY_ATTEMPTS = 5
export const ORDER_QUERY_INTERVAL_MS = 1000

const realWait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

export class PayFlowStore {
  step: PayStep = 'idle'
  target: PayTarget | undefined = undefined
  private onPaid: ((order: PaidOrder) => void) | undefined = undefined

  constructor(private readonly deps: PayFlowDeps) {
    makeAutoObservable<PayFlowStore, 'deps' | 'onPaid'>(this, { deps: false, onPaid: false })
  }

  /** False where WeChat forbids selling (the mini-program on iOS): screens show WeChat's wording instead of a buy button. */
  get canSell(): boolean {
    return !this.deps.payment.restricted()
  }

  /** 'view full course' / the pay button: the pay dialog for this lesson. */
  open(target: PayTarget, onPaid: (order: PaidOrder) => void): void {
    if (!this.canSell) return
    this.target = target
    this.onPaid = onPaid
    this.step = 'dialog'
  }

  /** 'look again', cancel on any dialog: nothing changes. */
  close(): void {
    this.step = 'idle'
  }

  /** 'go pay' */
  async goPay(): Promise<void> {
    const target = this.target
    if (!target || this.step !== 'dialog') return
    if (!this.deps.loginData.data) {
      this.step = 'paying'
      try {
        const outcome = await this.deps.auth.login({ type: target.payType, courseData: target.courseData, infoLoginUrl: target.loginUrl })
        if (outcome.kind === 'redirected') {
          runInAction(() => (this.step = 'redirecting'))
          return
        }
        this.deps.loginData.save(outcome.data)
      } catch {
        runInAction(() => (this.step = 'idle'))
        return
      }
    }
    runInAction(() => (this.step = this.deps.loginData.isProductUser ? 'confirm' : 'bind'))
  }

  /** The bind dialog's get-code button: rejects with the server's message, which the dialog shows. */
  sendCode(phone: string, interCode: string): Promise<void> {
    return this.deps.login.sendSms(phone, interCode)
  }

  /** The bind dialog's confirm: rejects with the server's message, which the dialog shows. */
  async bindPhone(payload: PhoneBindPayload): Promise<void> {
    const loginData = this.deps.loginData.data?.loginData ?? ''
    const session = await this.deps.login.bindPhone(payload, loginData)
    this.deps.loginData.bound(session)
  }

  /** The bind dialog's success panel was acknowledged: on to the safety confirm. */
  bindDone(): void {
    if (this.step === 'bind') this.step = 'confirm'
  }

  /** The safety confirm: create the order and pay. Cancel and failure change nothing (spec 000 §4). */
  async confirmPay(): Promise<void> {
    const target = this.target
    const loginData = this.deps.loginData.data?.loginData
    if (!target || !loginData || this.step !== 'confirm') return
    this.step = 'paying'
    try {
      const order = await this.deps.purchase.createOrder({
        courseData: target.courseData,
        loginData,
        inviterWmid: target.inviterWmid,
        payType: target.payType,
        platform: this.deps.payment.orderPlatform(),
      })
      if (order.isBought === 1) {
        this.paid(order)
        return
      }
      if ((await this.deps.payment.pay(order)) !== 'ok') {
        runInAction(() => (this.step = 'idle'))
        return
      }
      const state = await this.confirmedOrder(order.orderNO, loginData)
      if (state) this.paid({ ...order, isShowjoinQrcode: state.isShowjoinQrcode, joinQrcode: state.joinQrcode })
      else runInAction(() => (this.step = 'unconfirmed'))
    } catch (err) {
      // The transport toasted the message; no payment happened. spec 001 §4 marks the lesson paid
      // on a non-200 order answer; the server stays the authority: paid only if its info says bought.
      if (err instanceof ApiError && err.code !== NETWORK_ERROR && err.code !== TIMEOUT && (await this.boughtAlready(target.courseData))) {
        this.paid({ isShowjoinQrcode: 0, joinQrcode: '', joinGroupName: '' })
        return
      }
      runInAction(() => (this.step = 'idle'))
    }
  }

  private async boughtAlready(courseData: string): Promise<boolean> {
    try {
      const result = await this.deps.lesson.info({ kind: 'v2', courseData })
      return result.found && 'info' in result && result.info.isBought === 1
    } catch {
      return false
    }
  }

  private async confirmedOrder(orderNO: string, loginData: string) {
    const wait = this.deps.wait ?? realWait
    for (let attempt = 1; attempt <= ORDER_QUERY_ATTEMPTS; attempt += 1) {
      const state = await this.deps.purchase.queryOrder(orderNO, loginData).catch(() => undefined)
      if (state?.orderStatus === 1) return state
      if (attempt < ORDER_QUERY_ATTEMPTS) await wait(ORDER_QUERY_INTERVAL_MS)
    }
    return undefined
  }

  private paid(order: PaidOrder): void {
    this.step = 'idle'
    this.onPaid?.({ isShowjoinQrcode: order.isShowjoinQrcode, joinQrcode: order.joinQrcode, joinGroupName: order.joinGroupName })
  }
}
