import { makeAutoObservable, runInAction } from 'mobx'
import type { BankCard, ClearingRecord, IncomeSummary, MoneyApi, RecashRecord, SalesIncomeRecord } from '../../api/money'
import { cardForWire, isMaskedCardField, maskedFieldOnBlur, maskedFieldOnFocus, recordAction, retryAllowed, withdrawStep } from '../../domain/money'
import { STORAGE_KEYS } from '../../domain/storageKeys'
import { validateBankCard, type BankCardForm, type BankCardKey } from '../../domain/validation'
import type { KeyValueStorage } from '../../platform/storage/types'
import type { LoginDataStore } from '../../stores/loginData'
import { Pager } from '../../ui/pager'
import { EsignStore } from './esign'

export type MessageOf = (err: unknown) => string

/** Loads the income summary (finalInfo) for a screen: value, or the failure's message. */
class SummaryLoad {
  value: IncomeSummary | undefined = undefined
  error: string | undefined = undefined

  constructor(
    private readonly money: MoneyApi,
    private readonly messageOf: MessageOf,
  ) {
    makeAutoObservable<SummaryLoad, 'money' | 'messageOf'>(this, { money: false, messageOf: false })
  }

  async load(): Promise<void> {
    this.error = undefined
    try {
      const value = await this.money.summary()
      runInAction(() => (this.value = value))
    } catch (err) {
      runInAction(() => (this.error = this.messageOf(err)))
    }
  }
}

export type IncomeTab = 'sales' | 'shares'

/** /withdraw ('income withdrawal'): the balances and the sales or share income records. */
export class IncomeStore {
  tab: IncomeTab = 'sales'
  readonly summary: SummaryLoad
  readonly sales: Pager<SalesIncomeRecord>
  readonly shares: Pager<RecashRecord>

  constructor(money: MoneyApi, messageOf: MessageOf) {
    this.summary = new SummaryLoad(money, messageOf)
    this.sales = new Pager((page) => money.income(page), { messageOf })
    this.shares = new Pager((page) => money.recash(page), { messageOf })
    makeAutoObservable(this, { summary: false, sales: false, shares: false })
  }

  load(): void {
    void this.summary.load()
    void this.current.loadMore()
  }

  get current(): Pager<SalesIncomeRecord> | Pager<RecashRecord> {
    return this.tab === 'sales' ? this.sales : this.shares
  }

  show(tab: IncomeTab): void {
    this.tab = tab
    if (this.current.page === 0) void this.current.loadMore()
  }

  refresh(): Promise<unknown> {
    return Promise.all([this.summary.load(), this.current.refresh()])
  }
}

/** The dialog /withdrawAction shows; 'done' and 'failed' report the last submit. */
export type WithdrawDialog =
  | { kind: 'addCard' }
  | { kind: 'modifyCard' }
  | { kind: 'nothing' }
  | { kind: 'confirm'; amount: number; arrive: number }
  | { kind: 'done' }
  | { kind: 'failed'; message: string }
  | { kind: 'retried' }

export interface WithdrawDeps {
  money: MoneyApi
  storage: KeyValueStorage
  loginData: LoginDataStore
  messageOf: MessageOf
}

/**
 * /withdrawAction ('withdraw', spec 001 §4): the balance, fee and arrival, 'withdraw now' with its
 * rules (no card, erroneous card, confirm then submit), and the withdrawal records with the retry
 * rule. The card-updated flag lives in storage: the card form sets it, a refused withdrawal clears it.
 */
export class WithdrawStore {
  readonly summary: SummaryLoad
  readonly records: Pager<ClearingRecord>
  /** the payout agreement the first payout needs (spec 001 §9) */
  readonly esign: EsignStore
  dialog: WithdrawDialog | null = null
  submitting = false

  constructor(private readonly deps: WithdrawDeps) {
    this.summary = new SummaryLoad(deps.money, deps.messageOf)
    this.records = new Pager((page) => deps.money.clearings(page), { messageOf: deps.messageOf })
    this.esign = new EsignStore(deps.money, deps.messageOf)
    makeAutoObservable<WithdrawStore, 'deps'>(this, { deps: false, summary: false, records: false, esign: false })
  }

  load(): void {
    void this.summary.load()
    void this.esign.load()
    void this.records.loadMore()
  }

  refresh(): Promise<unknown> {
    return Promise.all([this.summary.load(), this.esign.load(), this.records.refresh()])
  }

  get cardUpdated(): boolean {
    return this.deps.storage.get(STORAGE_KEYS.withdrawCardUpdated) === '1'
  }

  /** 'withdraw now': what the balances allow decides the dialog. */
  withdraw(): void {
    const summary = this.summary.value
    if (!summary) return
    const step = withdrawStep(summary)
    this.dialog = step === 'confirm' ? { kind: 'confirm', amount: summary.usableMoney, arrive: summary.arriveMoney } : { kind: step }
  }

  async confirm(): Promise<void> {
    const loginData = this.deps.loginData.data?.loginData ?? ''
    this.dialog = null
    this.submitting = true
    try {
      await this.deps.money.apply(loginData)
      runInAction(() => (this.dialog = { kind: 'done' }))
      await this.refresh()
    } catch (err) {
      this.deps.storage.remove(STORAGE_KEYS.withdrawCardUpdated)
      runInAction(() => (this.dialog = { kind: 'failed', message: this.deps.messageOf(err) }))
    } finally {
      runInAction(() => (this.submitting = false))
    }
  }

  /**
   * 'tap to retry' on a failed record, under the retry rule (spec 001 §5); once at a time. Either
   * way the balances and records are read again: a refused retry may have met a changed record.
   */
  async retry(record: ClearingRecord): Promise<void> {
    if (this.submitting || recordAction(record) !== 'retry') return
    if (!retryAllowed(this.summary.value?.isErrorBankInfo ?? 0, this.cardUpdated)) {
      this.dialog = { kind: 'modifyCard' }
      return
    }
    this.submitting = true
    try {
      await this.deps.money.applyAgain(record.clearingNO)
      runInAction(() => (this.dialog = { kind: 'retried' }))
    } catch (err) {
      runInAction(() => (this.dialog = { kind: 'failed', message: this.deps.messageOf(err) }))
    } finally {
      runInAction(() => (this.submitting = false))
    }
    await this.refresh()
  }

  close(): void {
    this.dialog = null
  }
}

export type CardState =
  | { kind: 'loading' }
  | { kind: 'bound'; card: BankCard }
  | { kind: 'unbound' }
  | { kind: 'error'; message: string }

/** /withdrawBindCard: bound when the info call answers 200, otherwise not (spec 001 §4). */
export class BankCardStore {
  state: CardState = { kind: 'loading' }
  private shown = false
  confirmingUnbind = false
  /** the unbind call failed: its message */
  unbindError: string | undefined = undefined

  constructor(
    private readonly money: MoneyApi,
    private readonly messageOf: MessageOf,
  ) {
    makeAutoObservable<BankCardStore, 'money' | 'messageOf'>(this, { money: false, messageOf: false })
  }

  /**
   * The page shows: its route's `isBindCard` (spec 001 §2) 0 says there is no card, so the first
   * show is the add-card tile without the info call; every other show (back from the form) asks.
   */
  show(isBindCard: boolean | undefined): Promise<void> {
    const first = !this.shown
    this.shown = true
    if (first && isBindCard === false) {
      this.state = { kind: 'unbound' }
      return Promise.resolve()
    }
    return this.load()
  }

  async load(): Promise<void> {
    if (this.state.kind !== 'bound') this.state = { kind: 'loading' }
    try {
      const card = await this.money.bankCard()
      runInAction(() => (this.state = card ? { kind: 'bound', card } : { kind: 'unbound' }))
    } catch (err) {
      runInAction(() => (this.state = { kind: 'error', message: this.messageOf(err) }))
    }
  }

  askUnbind(): void {
    this.unbindError = undefined
    this.confirmingUnbind = true
  }

  cancelUnbind(): void {
    this.confirmingUnbind = false
  }

  async unbind(): Promise<void> {
    this.confirmingUnbind = false
    try {
      await this.money.unbindBankCard()
      runInAction(() => (this.state = { kind: 'unbound' }))
    } catch (err) {
      runInAction(() => (this.unbindError = this.messageOf(err)))
    }
  }
}

/**
 * /withdrawBindCardEdit: the card form. Editing the bound card loads it from the server (its
 * details never travel in the URL), its numbers masked: a masked field empties as it gains focus,
 * for retyping, and shows the mask again when left empty; sent masked, it keeps the stored number.
 * Checks run in the spec's order with its alert texts; a saved card sets the card-updated flag.
 */
export class CardFormStore {
  form: BankCardForm = { realName: '', idCardNo: '', bankName: '', bankNo: '', phone: '' }
  /** the bound card as the server answered it (numbers masked), when editing */
  loaded: BankCardForm | undefined = undefined
  /** editing the bound card: nothing to type into until it has loaded */
  loading: boolean
  loadError: string | undefined = undefined
  /** the first check that failed: shown as an alert dialog */
  invalid: BankCardKey | undefined = undefined
  saveError: string | undefined = undefined
  saving = false

  constructor(
    private readonly money: MoneyApi,
    private readonly storage: KeyValueStorage,
    private readonly messageOf: MessageOf,
    editing: boolean,
  ) {
    this.loading = editing
    makeAutoObservable<CardFormStore, 'money' | 'storage' | 'messageOf'>(this, { money: false, storage: false, messageOf: false })
  }

  async loadBound(): Promise<void> {
    this.loading = true
    this.loadError = undefined
    try {
      const card = await this.money.bankCard()
      runInAction(() => {
        if (!card) return
        this.loaded = { ...card }
        this.form = { ...card }
      })
    } catch (err) {
      runInAction(() => (this.loadError = this.messageOf(err)))
    } finally {
      runInAction(() => (this.loading = false))
    }
  }

  set(field: keyof BankCardForm, value: string): void {
    this.form = { ...this.form, [field]: value }
  }

  /** A field gains focus: a masked number gives way to retyping. */
  focus(field: keyof BankCardForm): void {
    if (isMaskedCardField(field)) this.set(field, maskedFieldOnFocus(this.loaded?.[field], this.form[field]))
  }

  /** A field loses focus: a masked number left empty shows its mask again (kept as stored). */
  blur(field: keyof BankCardForm): void {
    if (isMaskedCardField(field)) this.set(field, maskedFieldOnBlur(this.loaded?.[field], this.form[field]))
  }

  dismiss(): void {
    this.invalid = undefined
    this.saveError = undefined
  }

  /** True when saved (the screen goes back). */
  async submit(): Promise<boolean> {
    const checked = validateBankCard(this.form)
    if (!checked.ok) {
      this.invalid = checked.errorKey
      return false
    }
    this.saving = true
    try {
      await this.money.saveBankCard(cardForWire(checked.value))
      this.storage.set(STORAGE_KEYS.withdrawCardUpdated, '1')
      return true
    } catch (err) {
      runInAction(() => (this.saveError = this.messageOf(err)))
      return false
    } finally {
      runInAction(() => (this.saving = false))
    }
  }
}
