/**
 * The money screens' rules (spec 001 §4, §5, §9), pure: what 'withdraw now' does, what a
 * withdrawal record offers, the retry rule, how a card number is shown and sent, and how the
 * form's masked numbers give way to retyping. Amounts are
 * integer fen (`fenToYuan` in ./format shows them).
 */
import { compactNumber, type BankCardForm } from './validation'

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

/**
 * What a withdrawal record offers beside its status (spec 001 §4 "Withdrawal record states": a
 * failed one shows its reason; with a bank-info error the card is fixed first, otherwise it is
 * retried). 'retry': the server says applyAgain would take it now; 'fixCard': it failed on the
 * card's details, which were not saved since; 'none': nothing to do (waiting, paid out, or a failed
 * one with nothing left to pay, its sales refunded).
 */
export type RecordAction = 'none' | 'fixCard' | 'retry'

export interface RecordState {
  clearingStatus: number
  failType: number
  retryable: number
}

export function recordAction(record: RecordState): RecordAction {
  if (record.clearingStatus !== 2) return 'none'
  if (record.retryable === 1) return 'retry'
  return record.failType === 1 ? 'fixCard' : 'none'
}

/** The numbers the info call answers masked (the server never sends them in full). */
export const MASKED_CARD_FIELDS = ['idCardNo', 'bankNo', 'phone'] as const
export type MaskedCardField = (typeof MASKED_CARD_FIELDS)[number]

export function isMaskedCardField(field: string): field is MaskedCardField {
  return (MASKED_CARD_FIELDS as readonly string[]).includes(field)
}

const isMasked = (value: string | undefined): value is string => typeof value === 'string' && value.includes('*')

/**
 * A masked number of the bound card, as its field gains focus: the mask gives way to an empty
 * field for retyping; anything typed already stays.
 */
export function maskedFieldOnFocus(stored: string | undefined, current: string): string {
  return isMasked(stored) && current === stored ? '' : current
}

/** ... and as it loses focus: left empty, it shows the mask again, which keeps the stored number. */
export function maskedFieldOnBlur(stored: string | undefined, current: string): string {
  return isMasked(stored) && current.trim() === '' ? stored : current
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
  return { ...form, idCardNo: compactNumber(form.idCardNo), bankNo: compactNumber(form.bankNo), phone: compactNumber(form.phone) }
}
