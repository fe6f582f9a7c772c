/**
 * The money area's decisions (spec 001 §4, §5, §9), pure: the platform fee, the summary, who may
 * retry a failed withdrawal, and what a payout does with a clearing.
 */
import type { IncomeSummary } from '../../types/money'
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
    totalMoney: balances.usable + balances.unusable + balances.withdrawn,
    usableMoney: balances.usable,
    unUsableMoney: balances.unusable,
    taxFee,
    arriveMoney: balances.usable - taxFee,
    isBindBankCard: card ? 1 : 0,
    isErrorBankInfo: card?.isError === 1 ? 1 : 0,
  }
}

/** No card to withdraw to, to show or to unbind. */
export const NO_CARD_MESSAGE = 'no bank card is bound'
export const CARD_ERROR_MESSAGE = 'the withdrawal information is wrong, please modify it'
export const NOTHING_USABLE_MESSAGE = 'no withdrawable income'
export const NOT_FAILED_MESSAGE = 'only a failed withdrawal can be retried'
export const UPDATE_CARD_FIRST_MESSAGE = 'update the bank card before retrying'
export const CHANGED_MESSAGE = 'the income of this withdrawal has changed, please withdraw again'
export const BANK_REJECTED_REASON = 'the bank card information is wrong'

/** Why the user may not withdraw now with this card, or null. */
export function withdrawRefusal(card: CardRecord | undefined): string | null {
  if (!card) return NO_CARD_MESSAGE
  if (card.isError === 1) return CARD_ERROR_MESSAGE
  return null
}

/**
 * The retry rule (spec 001 §5): only a failed withdrawal; one that failed on the card's details
 * only once the card has been saved again since it failed (saving also clears the error mark).
 */
export function retryRefusal(clearing: ClearingRow, card: CardRecord | undefined): string | null {
  if (clearing.status !== 2) return NOT_FAILED_MESSAGE
  if (clearing.failType === 0) return null
  if (!card || card.isError === 1 || clearing.settledAt === null || card.updatedAt <= clearing.settledAt) {
    return UPDATE_CARD_FIRST_MESSAGE
  }
  return null
}

/** A payout pays a waiting clearing to the bound card, or fails it on the card's details. */
export function payoutOutcome(card: CardRecord | undefined): { status: 1 } | { status: 2; failType: 1; reason: string } {
  return card && card.isError === 0 ? { status: 1 } : { status: 2, failType: 1, reason: BANK_REJECTED_REASON }
}
