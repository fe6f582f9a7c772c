import { makeAutoObservable, runInAction } from 'mobx'
import type { EsignState, MoneyApi } from '../../api/money'
import { validateSmsCode } from '../../domain/validation'

/**
 * The payout agreement on /withdrawAction (spec 001 §9: "the first payout requires signing via an
 * e-signature provider's SMS"): whether the seller signed, and the signing dialog: the code sent
 * by SMS to the phone reserved on the bound card, typed in and confirmed. Until the seller signs,
 * the weekly payout leaves the seller's withdrawals waiting (the server decides; docs/PAYOUTS.md).
 */
export class EsignStore {
  state: EsignState | undefined = undefined
  /** the state could not be loaded: the failure's message */
  loadError: string | undefined = undefined
  open = false
  code = ''
  /** the dialog's error row: an empty code, or the server's refusal */
  error: string | undefined = undefined
  busy: 'idle' | 'sending' | 'confirming' = 'idle'
  /** a code was sent since the dialog opened */
  sent = false

  constructor(
    private readonly money: MoneyApi,
    private readonly messageOf: (err: unknown) => string,
  ) {
    makeAutoObservable<EsignStore, 'money' | 'messageOf'>(this, { money: false, messageOf: false })
  }

  async load(): Promise<void> {
    this.loadError = undefined
    try {
      const state = await this.money.esign()
      runInAction(() => (this.state = state))
    } catch (err) {
      runInAction(() => (this.loadError = this.messageOf(err)))
    }
  }

  show(): void {
    this.open = true
    this.code = ''
    this.error = undefined
    this.sent = false
  }

  close(): void {
    if (this.busy === 'confirming') return
    this.open = false
  }

  setCode(code: string): void {
    this.code = code
  }

  /** Sends the code; true when it went (the button then counts down). */
  async sendCode(): Promise<boolean> {
    if (this.busy !== 'idle') return false
    this.busy = 'sending'
    this.error = undefined
    try {
      await this.money.esignSendSms()
      runInAction(() => (this.sent = true))
      return true
    } catch (err) {
      runInAction(() => (this.error = this.messageOf(err)))
      return false
    } finally {
      runInAction(() => (this.busy = 'idle'))
    }
  }

  /** Signs with the typed code; the dialog closes on success, and shows the refusal otherwise. */
  async confirm(codeEmptyMessage: string): Promise<void> {
    if (this.busy !== 'idle') return
    const checked = validateSmsCode(this.code)
    if (!checked.ok) {
      this.error = codeEmptyMessage
      return
    }
    this.busy = 'confirming'
    this.error = undefined
    try {
      const state = await this.money.esignConfirm(checked.value)
      runInAction(() => {
        this.state = state
        this.open = false
      })
    } catch (err) {
      runInAction(() => (this.error = this.messageOf(err)))
    } finally {
      runInAction(() => (this.busy = 'idle'))
    }
  }
}
