import { makeAutoObservable, runInAction } from 'mobx'
import type { LessonInfo } from '../../../types/lesson'
import type { LessonApi } from '../../api/lesson'
import type { LiveSale, PayType } from '../../api/purchase'
import { decideLessonPayView, ownsLive } from '../../domain/lessonAccess'
import type { LessonPayView } from '../../domain/lessonAccess'
import { STORAGE_KEYS } from '../../domain/storageKeys'
import { messageOf } from '../../domain/errorMessage'
import type { KeyValueStorage } from '../../platform/storage/types'
import type { LoginDataStore } from '../../stores/loginData'
import { LessonVisit } from '../visit'
import type { PaidOrder, PayTarget } from './PayFlowStore'

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
  /** a paid live's price (the live's info call) */
  liveSale(courseData: string): Promise<LiveSale | undefined>
}

export type LessonPayStatus = 'loading' | 'ready' | 'notFound' | 'error'

/** The purchase page (/lessonPay, spec 001 §4 "Paid lesson page"); the view comes from the domain decision. */
export class LessonPayStore {
  status: LessonPayStatus = 'loading'
  target: LessonPayTarget | undefined = undefined
  info: LessonInfo | undefined = undefined
  errorMessage = ''
  /** the server answered a suspended lesson's title only: the page goes to /illegal */
  illegal = false
  paidOrder: PaidOrder | undefined = undefined
  /** a paid live's price: bought in the browser, watched in the app (spec 001 §1, §4) */
  liveSale: LiveSale | undefined = undefined
  /** the password lock, the open-in-browser apply and the payment during this visit (shared with /lesson) */
  readonly visit: LessonVisit

  constructor(private readonly deps: LessonPayDeps) {
    this.visit = new LessonVisit({
      api: deps.lesson,
      rememberPassword: (password) => deps.storage.set(STORAGE_KEYS.lessonPassword, password),
    })
    makeAutoObservable<LessonPayStore, 'deps'>(this, { deps: false, visit: false })
  }

  get view(): LessonPayView | undefined {
    const target = this.target
    if (!target) return undefined
    // a live always shows the app-only notice: no lesson info is needed for it
    if (target.payType === 2) return { view: 'liveAppOnly' }
    if (this.illegal) return { view: 'illegal' }
    if (!this.info) return this.status === 'notFound' ? { view: 'notFound' } : undefined
    return decideLessonPayView({
      info: this.info,
      env: { inWechatBrowser: this.deps.inWechatBrowser() },
      session: { userId: this.deps.userId(), isProductUser: this.deps.loginData.isProductUser },
      ...this.visit.standing,
      kind: 'lesson',
    })
  }

  /** Loads the info; remembers courseData and inviterWmid as the old site did (a bare /lesson reopens it). */
  async open(target: LessonPayTarget): Promise<void> {
    this.target = target
    this.status = 'loading'
    this.errorMessage = ''
    this.deps.storage.set(STORAGE_KEYS.courseData, target.courseData)
    if (target.inviterWmid) this.deps.storage.set(STORAGE_KEYS.inviterWmid, target.inviterWmid)
    if (target.payType === 2) {
      await this.openLive(target.courseData)
      return
    }
    try {
      const result = await this.deps.lesson.info({ kind: 'v2', courseData: target.courseData })
      runInAction(() => {
        if (result.found && 'info' in result) this.info = result.info
        this.illegal = result.found && 'illegal' in result
        this.status = result.found ? 'ready' : 'notFound'
      })
    } catch (err) {
      runInAction(() => {
        this.status = 'error'
        this.errorMessage = messageOf(err)
      })
    }
  }

  private async openLive(courseData: string): Promise<void> {
    try {
      const sale = await this.deps.liveSale(courseData)
      runInAction(() => {
        this.liveSale = sale
        this.status = 'ready'
      })
    } catch (err) {
      runInAction(() => {
        this.status = 'error'
        this.errorMessage = messageOf(err)
      })
    }
  }

  /** Same check as the viewer's lock; an accepted password is remembered as `lessonwd` for /lesson. */
  async unlock(password: string): Promise<void> {
    const target = this.target
    if (target) await this.visit.unlock({ kind: 'v2', courseData: target.courseData }, password)
  }

  async apply(): Promise<void> {
    const target = this.target
    if (target) await this.visit.apply(target.courseData)
  }

  /** The viewer hosts this paid live: it counts as paid, with nothing to buy (spec 001 §4). */
  get ownsLive(): boolean {
    return this.liveSale !== undefined && ownsLive(this.liveSale.ownerWmid, this.deps.userId())
  }

  /** The pay flow's success: the purchased state, with the group QR code when the order has one. */
  markPaid(order: PaidOrder): void {
    this.visit.markPaid()
    this.paidOrder = order
  }

  /** The pay dialog's target for the current lesson. */
  payTarget(): PayTarget | undefined {
    const target = this.target
    if (target?.payType === 2) return this.liveSale && !this.paidOrder && !this.ownsLive ? { ...target, priceFen: this.liveSale.priceFen } : undefined
    const view = this.view
    if (!target || view?.view !== 'pay') return undefined
    return { ...target, priceFen: view.priceFen, loginUrl: this.info?.loginUrl || undefined }
  }
}
