import { action, makeObservable, observable, runInAction } from 'mobx'
import type { PayConfig } from '../../../types/purchase'
import type { ClipboardPlatform } from '../../platform/clipboard/types'
import type { NativeBridge, NativeUserInfo } from '../../platform/bridge/types'
import type { PaymentGateway } from '../../platform/payment/types'

export type UserInfoState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  /** the page is not inside the native app's web view */
  | { kind: 'outside' }
  /** the app answered nothing usable (or nothing within its time) */
  | { kind: 'none' }
  | { kind: 'user'; user: NativeUserInfo }

export type PasteState = { kind: 'idle' } | { kind: 'pasted'; text: string } | { kind: 'failed'; detail: string }

export type PaymentState =
  | { kind: 'idle' }
  | { kind: 'creating' }
  | { kind: 'paying' }
  | { kind: 'checking' }
  | { kind: 'paid'; orderNO: string }
  | { kind: 'cancelled' }
  /** `reason`: the order call failed, the pay sheet failed, or the server has no payment */
  | { kind: 'failed'; reason: 'order' | 'pay' | 'unconfirmed'; detail: string }

export interface TestDeps {
  bridge: Pick<NativeBridge, 'available' | 'getUserInfo'>
  clipboard: ClipboardPlatform
  /** the test order of a request id; the same order on every call, `isBought` 1 once paid */
  createOrder(requestId: string): Promise<PayConfig>
  payment: PaymentGateway
  newRequestId(): string
  messageOf(err: unknown): string
}

/** A request id the server accepts (8 to 64 of [A-Za-z0-9_-]): time and randomness, base 36. */
export function randomRequestId(): string {
  return `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`
}

/**
 * /test (spec 001 §1): the native bridge's getUserInfo, the clipboard, and a demo payment whose
 * result is what the server says after the pay sheet closes, never the sheet's callback alone.
 */
export class TestStore {
  userInfo: UserInfoState = { kind: 'idle' }
  paste: PasteState = { kind: 'idle' }
  payment: PaymentState = { kind: 'idle' }
  /** one attempt's id, kept until it is paid: a retry after a cancel pays the same order */
  private requestId: string | undefined

  constructor(private readonly deps: TestDeps) {
    makeObservable<TestStore, 'setPayment'>(this, {
      userInfo: observable.ref,
      paste: observable.ref,
      payment: observable.ref,
      setPayment: action,
    })
  }

  get paying(): boolean {
    return this.payment.kind === 'creating' || this.payment.kind === 'paying' || this.payment.kind === 'checking'
  }

  async loadUserInfo(): Promise<void> {
    if (this.userInfo.kind === 'loading') return
    if (!this.deps.bridge.available()) {
      runInAction(() => (this.userInfo = { kind: 'outside' }))
      return
    }
    runInAction(() => (this.userInfo = { kind: 'loading' }))
    const user = await this.deps.bridge.getUserInfo()
    runInAction(() => (this.userInfo = user ? { kind: 'user', user } : { kind: 'none' }))
  }

  /** Whether the text reached the clipboard (the screen toasts either way). */
  async copy(text: string): Promise<boolean> {
    try {
      await this.deps.clipboard.copy(text)
      return true
    } catch {
      return false
    }
  }

  async readClipboard(): Promise<void> {
    try {
      const text = await this.deps.clipboard.paste()
      runInAction(() => (this.paste = { kind: 'pasted', text }))
    } catch (err) {
      runInAction(() => (this.paste = { kind: 'failed', detail: this.deps.messageOf(err) }))
    }
  }

  async pay(): Promise<void> {
    if (this.paying) return
    const requestId = (this.requestId ??= this.deps.newRequestId())
    this.setPayment({ kind: 'creating' })
    let config: PayConfig
    try {
      config = await this.deps.createOrder(requestId)
    } catch (err) {
      this.setPayment({ kind: 'failed', reason: 'order', detail: this.deps.messageOf(err) })
      return
    }
    if (config.isBought !== 1) {
      this.setPayment({ kind: 'paying' })
      const outcome = await this.deps.payment.pay(config)
      if (outcome === 'cancel') return this.setPayment({ kind: 'cancelled' })
      if (outcome === 'fail') return this.setPayment({ kind: 'failed', reason: 'pay', detail: '' })
      this.setPayment({ kind: 'checking' })
      try {
        config = await this.deps.createOrder(requestId)
      } catch (err) {
        this.setPayment({ kind: 'failed', reason: 'order', detail: this.deps.messageOf(err) })
        return
      }
      if (config.isBought !== 1) return this.setPayment({ kind: 'failed', reason: 'unconfirmed', detail: '' })
    }
    this.requestId = undefined
    this.setPayment({ kind: 'paid', orderNO: config.orderNO })
  }

  private setPayment(state: PaymentState): void {
    this.payment = state
  }
}
