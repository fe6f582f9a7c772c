import { makeAutoObservable, runInAction } from 'mobx'
import type { LessonInfo } from '../../types/lesson'
import type { LoginData, PhoneBindPayload } from '../../types/purchase'
import type { LessonApi } from '../api/lesson'
import type { LoginApi } from '../api/login'
import type { PayType, PurchaseApi } from '../api/purchase'
import { decideLessonPayView } from '../domain/lessonAccess'
import type { LessonPayView } from '../domain/lessonAccess'
import type { AuthGateway } from '../platform/auth'
import type { PaymentGateway } from '../platform/payment'
import { checkLessonPassword } from './lesson'
import type { KeyValueStorage, SessionData, SessionStore } from './session'

/** Browser storage keys of spec 000 §3 ("Stored in the browser"). */
export const LOGIN_DATA_STORAGE_KEY = 'loginData'
export const LESSON_PASSWORD_STORAGE_KEY = 'lessonwd'
export const COURSE_DATA_STORAGE_KEY = 'courseData'
export const INVITER_STORAGE_KEY = 'inviterWmid'

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const optionalText = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined

/**
 * Login data as the login round trip hands it over (a JSON text in the URL, possibly URL-encoded once
 * more) or as storage keeps it. Without a `loginData` credential there is nothing to log in with.
 */
export function readLoginData(raw: string | undefined): LoginData | undefined {
  if (!raw) return undefined
  for (const text of [raw, safeDecode(raw)]) {
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      continue
    }
    if (!isRecord(value)) return undefined
    const loginData = optionalText(value.loginData)
    if (!loginData) return undefined
    const courseType = Number(value.courseType)
    const fromType = Number(value.fromType)
    const optional: Omit<LoginData, 'loginData' | 'isWeMaiUser'> = {
      courseData: optionalText(value.courseData),
      courseType: Number.isFinite(courseType) && value.courseType !== undefined ? courseType : undefined,
      encryptKey: optionalText(value.encryptKey),
      token: optionalText(value.token),
      userid: optionalText(value.userid),
      fromType: Number.isFinite(fromType) && value.fromType !== undefined ? fromType : undefined,
      nickname: optionalText(value.nickname),
      faceIcon: optionalText(value.faceIcon),
    }
    const present = Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined))
    return { loginData, isWeMaiUser: Number(value.isWeMaiUser) === 1 ? 1 : 0, ...present }
  }
  return undefined
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/**
 * The visitor's login data (spec 001 §3), kept in storage under `loginData` as JSON. When it carries
 * a session (token and userid) the session store gets it too, so calls identify the buyer.
 */
export class LoginDataStore {
  data: LoginData | undefined

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly session: SessionStore,
  ) {
    this.data = readLoginData(storage.get(LOGIN_DATA_STORAGE_KEY))
    makeAutoObservable<LoginDataStore, 'storage' | 'session'>(this, { storage: false, session: false })
  }

  /** `isWeMaiUser` 1: a registered product user, who may buy without binding a phone. */
  get isProductUser(): boolean {
    return this.data?.isWeMaiUser === 1
  }

  save(data: LoginData): void {
    this.data = data
    this.storage.set(LOGIN_DATA_STORAGE_KEY, JSON.stringify(data))
    if (data.token && data.userid) {
      this.session.save({ token: data.token, userid: data.userid, encryptKey: data.encryptKey ?? '' })
    }
  }

  /** Code 601 (spec 000 "Session expiry"): the login data and the session it gave are both stale. */
  clear(): void {
    this.data = undefined
    this.storage.remove(LOGIN_DATA_STORAGE_KEY)
    this.session.clear()
  }

  /** Phone binding made the visitor a product user with this session. */
  bound(session: SessionData): void {
    if (this.data) this.save({ ...this.data, isWeMaiUser: 1, ...session })
    else this.session.save(session)
  }
}

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

  /** 'view full course' / the pay button: the pay dialog for this lesson. */
  open(target: PayTarget, onPaid: (order: PaidOrder) => void): void {
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
    } catch {
      // the transport toasted the server's message; no payment happened
      runInAction(() => (this.step = 'idle'))
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

/** Which lesson or live /lessonPay is about (spec 001 §2 route variants). */
export interface LessonPayTarget {
  courseData: string
  payType: PayType
  inviterWmid?: string
}

export interface LessonPayDeps {
  lesson: LessonApi
  storage: KeyValueStorage
  loginData: LoginDataStore
  inWechatBrowser(): boolean
  userId(): string | undefined
}

export type LessonPayStatus = 'loading' | 'ready' | 'notFound' | 'error'

/** The purchase page (/lessonPay, spec 001 §4 "Paid lesson page"); the view comes from the domain decision. */
export class LessonPayStore {
  status: LessonPayStatus = 'loading'
  target: LessonPayTarget | undefined = undefined
  info: LessonInfo | undefined = undefined
  errorMessage = ''
  unlocking = false
  passwordRejected = false
  passwordVerified = false
  applying = false
  applied = false
  paidLocally = false
  paidOrder: PaidOrder | undefined = undefined

  constructor(private readonly deps: LessonPayDeps) {
    makeAutoObservable<LessonPayStore, 'deps'>(this, { deps: false })
  }

  get view(): LessonPayView | undefined {
    const target = this.target
    if (!target) return undefined
    // a live always shows the app-only notice: no lesson info is needed for it
    if (target.payType === 2) return { view: 'liveAppOnly' }
    if (!this.info) return this.status === 'notFound' ? { view: 'notFound' } : undefined
    return decideLessonPayView({
      info: this.info,
      env: { inWechatBrowser: this.deps.inWechatBrowser() },
      session: { userId: this.deps.userId(), isProductUser: this.deps.loginData.isProductUser },
      applied: this.applied,
      passwordVerified: this.passwordVerified,
      paidLocally: this.paidLocally,
      kind: 'lesson',
    })
  }

  /** Loads the info; remembers courseData and inviterWmid as the old site did (a bare /lesson reopens it). */
  async open(target: LessonPayTarget): Promise<void> {
    this.target = target
    this.status = 'loading'
    this.errorMessage = ''
    this.deps.storage.set(COURSE_DATA_STORAGE_KEY, target.courseData)
    if (target.inviterWmid) this.deps.storage.set(INVITER_STORAGE_KEY, target.inviterWmid)
    if (target.payType === 2) {
      this.status = 'ready'
      return
    }
    try {
      const result = await this.deps.lesson.info({ kind: 'v2', courseData: target.courseData })
      runInAction(() => {
        if (result.found) this.info = result.info
        this.status = result.found ? 'ready' : 'notFound'
      })
    } catch (err) {
      runInAction(() => {
        this.status = 'error'
        this.errorMessage = err instanceof Error ? err.message : String(err)
      })
    }
  }

  /** Same check as the viewer's lock; an accepted password is remembered as `lessonwd` for /lesson. */
  async unlock(password: string): Promise<void> {
    const target = this.target
    if (!target || this.unlocking) return
    this.unlocking = true
    this.passwordRejected = false
    try {
      const verdict = await checkLessonPassword(this.deps.lesson, { kind: 'v2', courseData: target.courseData }, password)
      runInAction(() => {
        this.passwordVerified = verdict === 'accepted'
        this.passwordRejected = verdict === 'rejected'
      })
      if (verdict === 'accepted') this.deps.storage.set(LESSON_PASSWORD_STORAGE_KEY, password)
    } catch {
      // toasted by the transport; the lock stays
    } finally {
      runInAction(() => (this.unlocking = false))
    }
  }

  async apply(): Promise<void> {
    const target = this.target
    if (!target || this.applying) return
    this.applying = true
    try {
      await this.deps.lesson.apply(target.courseData)
      runInAction(() => (this.applied = true))
    } catch {
      // toasted by the transport; the button stays enabled
    } finally {
      runInAction(() => (this.applying = false))
    }
  }

  /** The pay flow's success: the purchased state, with the group QR code when the order has one. */
  markPaid(order: PaidOrder): void {
    this.paidLocally = true
    this.paidOrder = order
  }

  /** The pay dialog's target for the current lesson. */
  payTarget(): PayTarget | undefined {
    const target = this.target
    const view = this.view
    if (!target || view?.view !== 'pay') return undefined
    return { ...target, priceFen: view.priceFen, loginUrl: this.info?.loginUrl || undefined }
  }
}
