import type { PayoutResult } from '../../types/money'
import type { MoneyRepository } from './data'
import type { Transfer } from './rules'
import { payoutOutcome } from './rules'

/** What the bank does in one run, by seller (the development call's way to simulate the bank). */
export interface BankBehaviour {
  /** this seller's card is turned down: a failure on the card's details */
  rejectCardOf?: string
  /** this seller's transfer fails for another reason: a failure the seller may retry at once */
  failOf?: string
}

/**
 * The payout run (spec 001 §9: payouts every Monday in bulk): settles every waiting clearing (a
 * retried one among them), paid to the bound card, or failed: on the card's details when the card
 * is marked erroneous, is gone, or the bank turns it down in this run; for another reason when the
 * bank's transfer fails. A clearing settled meanwhile is left alone, so two runs never pay twice.
 */
export async function runPayout(money: MoneyRepository, now: number, bank: BankBehaviour = {}): Promise<PayoutResult> {
  const result: PayoutResult = { paid: 0, failed: 0 }
  for (const clearing of await money.waitingClearings()) {
    const transfer: Transfer = clearing.wmid === bank.rejectCardOf ? 'cardRejected' : clearing.wmid === bank.failOf ? 'failed' : 'paid'
    const outcome = payoutOutcome(await money.card(clearing.wmid), transfer)
    if (!(await money.settleClearing(clearing.clearingNO, outcome, now))) continue
    if (outcome.status === 1) result.paid += 1
    else result.failed += 1
  }
  return result
}
