/**
 * The money area's decisions (spec 001 §4, §5, §9), pure: the platform fee, the summary, who may
 * retry a failed withdrawal, and how a card is masked.
 */
import type { BankCard, IncomeSummary } from '../../types/money'
import type { Balances, CardRecord, ClearingRow } from './data'

/** The platform fee (spec 001 §9 "a platform fee is deducted"): 1 %, rounded down to the fen. */
export const PLATFORM_FEE_PERCENT = 1

export function platformFee(amountFen: number): number {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) return 0
  return Math.floor((amountFen * PLATFORM_FEE_PERCENT) / 100)
}

export function incomeSummary(balances: Balances, card: CardRecord | undefined): IncomeSummary {
  const taxFee = platformFee(balances.usable)
  return {
    totalMoney: balances.usable + balances.unusable + balances.withdrawn + balances.held,
    usableMoney: balances.usable,
    unUsableMoney: balances.unusable,
    taxFee,
    arriveMoney: balances.usable - taxFee,
    isBindBankCard: card ? 1 : 0,
    isErrorBankInfo: card?.isError === 1 ? 1 : 0,
  }
}

/** A payout's failure reasons when no bank gave one (a card gone or marked erroneous; the demo's simulated bank). */
export const BANK_REJECTED_REASON = 'the bank card information is wrong'
export const BANK_FAILED_REASON = 'the bank could not complete the transfer'

/** Why the user may not withdraw now with this card (messages.ts keys). */
export type WithdrawRefusal = 'noCardBound' | 'cardInfoWrong'

/** Why the user may not withdraw now with this card, or null. */
export function withdrawRefusal(card: CardRecord | undefined): WithdrawRefusal | null {
  if (!card) return 'noCardBound'
  if (card.isError === 1) return 'cardInfoWrong'
  return null
}

/** Why a failed withdrawal may not be submitted again now (messages.ts keys, or no card). */
export type RetryRefusal = 'retryNotFailed' | 'retryUpdateCardFirst' | 'noCard'

/**
 * The retry rule (spec 001 §4, §5): only a failed withdrawal, to a bound card whose details are not
 * marked erroneous (saving the card clears the mark); one that failed on the card's details only
 * once the card has been saved since it failed.
 */
export function retryRefusal(clearing: ClearingRow, card: CardRecord | undefined): RetryRefusal | null {
  if (clearing.status !== 2) return 'retryNotFailed'
  if (!card) return 'noCard'
  if (card.isError === 1) return 'retryUpdateCardFirst'
  if (clearing.failType === 1 && (clearing.settledAt === null || card.updatedAt <= clearing.settledAt)) return 'retryUpdateCardFirst'
  return null
}

/**
 * The masked form of a card's numbers, as the info call answers them (spec 001 §9: only the
 * last 4 digits of a card are shown): the card as '**** **** **** 1234', the ID number with every
 * character but the last 4 as '*', the phone keeping its first 3 digits too, as Chinese apps show
 * one. A number too short to keep anything is all '*'.
 */
export function maskedCard(card: BankCard): BankCard {
  const hide = (value: string, keepStart: number): string =>
    value.length <= keepStart + 4 ? value.replace(/./g, '*') : value.slice(0, keepStart) + '*'.repeat(value.length - keepStart - 4) + value.slice(-4)
  return { ...card, idCardNo: hide(card.idCardNo, 0), bankNo: `**** **** **** ${card.bankNo.slice(-4)}`, phone: hide(card.phone, 3) }
}

/** The numbers a seller may send masked, meaning "keep the stored one". */
export const MASKABLE = ['idCardNo', 'bankNo', 'phone'] as const

/**
 * The card to store from what the seller sent: a field sent exactly as the info call masked the
 * stored card (blanks aside) keeps the stored value; anything else with a '*' is refused, as is a
 * masked field when no card is stored. 'changed' when a masked field does not match.
 */
export function cardToSave(sent: BankCard, stored: CardRecord | undefined): BankCard | 'changed' {
  const masked = stored ? maskedCard(stored) : undefined
  const compact = (value: string): string => value.replace(/\s/g, '')
  const card = { ...sent }
  for (const field of MASKABLE) {
    if (!sent[field].includes('*')) continue
    if (!stored || !masked || compact(sent[field]) !== compact(masked[field])) return 'changed'
    card[field] = stored[field]
  }
  return card
}
