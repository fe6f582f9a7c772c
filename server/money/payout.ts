import type { PayoutResult } from '../../types/money'
import type { MoneyRepository } from './data'
import { payoutOutcome } from './rules'

/**
 * The payout run (spec 001 §9: payouts every Monday in bulk): settles every waiting clearing,
 * paid to the bound card, or failed on the card's details when the card is marked erroneous, is
 * gone, or the bank turns it down in this run (`rejectCardOf`, the development call's way to
 * simulate the bank). A clearing settled meanwhile is left alone, so two runs never pay twice.
 */
export async function runPayout(money: MoneyRepository, now: number, rejectCardOf?: string): Promise<PayoutResult> {
  const result: PayoutResult = { paid: 0, failed: 0 }
  for (const clearing of await money.waitingClearings()) {
    if (clearing.wmid === rejectCardOf) await money.markCardErroneous(clearing.wmid)
    const outcome = payoutOutcome(await money.card(clearing.wmid))
    if (!(await money.settleClearing(clearing.clearingNO, outcome, now))) continue
    if (outcome.status === 1) result.paid += 1
    else result.failed += 1
  }
  return result
}
