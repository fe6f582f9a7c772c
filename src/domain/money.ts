/**
 * The money screens' rules (spec 001 §4, §5, §9), pure: what 'withdraw now' does, what a
 * withdrawal record offers, the retry rule, and how a card number is shown and sent. Amounts are
 * integer fen (`fenToYuan` in ./format shows them).
 */
import type { BankCardForm } from './validation'

/** What the balances and card state that `withdraw now` sees lead to (spec 001 §4 "Withdraw action"). */
export type WithdrawStep = 'addCard' | 'modifyCard' | 'nothing' | 'confirm'

export interface WithdrawState {
  isBindBankCard: number
  isErrorBankInfo: number
  /** fen */
  usableMoney: number
}

/**
 * No card: ask to add one. Erroneous card details: ask to modify them. Nothing usable: say so
 * (the spec does not show this case; the server would refuse). Otherwise confirm, then submit.
 */
export function withdrawStep(state: WithdrawState): WithdrawStep {
  if (state.isBindBankCard !== 1) return 'addCard'
  if (state.isErrorBankInfo === 1) return 'modifyCard'
  if (!(Number.isSafeInteger(state.usableMoney) && state.usableMoney > 0)) return 'nothing'
  return 'confirm'
}

/**
 * Spec 001 §5: a withdrawal may be retried only if the bank info is not erroneous, or erroneous
 * but the card has been updated since (the flag the card form sets).
 */
export function retryAllowed(isErrorBankInfo: number, cardUpdated: boolean): boolean {
  return isErrorBankInfo !== 1 || cardUpdated
}

/** What a withdrawal record shows beside its status (spec 001 §4 "Withdrawal record states"). */
export type RecordAction = 'none' | 'reason' | 'retry'

export interface RecordState {
  clearingStatus: number
  failType: number
}

/** A failed record: the reason when it failed on the bank info, else 'tap to retry'. */
export function recordAction(record: RecordState): RecordAction {
  if (record.clearingStatus !== 2) return 'none'
  return record.failType === 1 ? 'reason' : 'retry'
}

/**
 * Only the last 4 digits of a card number are shown (spec 001 §9): '**** **** **** 8888'. Blanks
 * and dashes are not digits; fewer than 4 digits show as many as there are.
 */
export function maskCardNumber(bankNo: string | null | undefined): string {
  const digits = typeof bankNo === 'string' ? bankNo.replace(/\D/g, '') : ''
  return `**** **** **** ${digits.slice(-4)}`.trimEnd()
}

/** People type card, ID and phone numbers in groups: the blanks and dashes between go before sending. */
export function cardForWire(form: BankCardForm): BankCardForm {
  const compact = (value: string): string => value.replace(/[\s-]/g, '')
  return { ...form, idCardNo: compact(form.idCardNo), bankNo: compact(form.bankNo), phone: compact(form.phone) }
}
