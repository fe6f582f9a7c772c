/**
 * `npm run payout`: the payout's steps by hand, against the server's database (DATABASE_URL, else
 * DB_PATH, default server/data/dev.sqlite); the batch files go to PAYOUT_DIR (default
 * server/data/payouts). docs/PAYOUTS.md has the files' formats.
 *
 *   npm run payout                    run now: a batch of every waiting clearing, and its file
 *   npm run payout -- result <file>   apply the bank's result file
 *   npm run payout -- file <batchNo>  write a batch's file again (to send it once more)
 *
 * A run takes the same lease as the weekly job (payoutSchedule.ts), so it never runs beside it.
 * It speaks the operator's language (core/operatorLanguage.ts).
 */
import { DEFAULT_DB_PATH } from '../app'
import { readNamedFile } from '../core/operatorFiles'
import { operatorLanguage } from '../core/operatorLanguage'
import { OperatorRefusal, failureText, operatorSaid, operatorText, type OperatorKey } from '../core/operatorTexts'
import { openAppDatabase } from '../database'
import { BankFileError } from './bankFiles'
import { DEFAULT_PAYOUT_DIR, applyBankResult, processHolder, runPayout, writeBatchFile } from './payout'
import { PayoutRepository, type RowEffect } from './payoutData'

const language = operatorLanguage(process.env)
const say = (key: OperatorKey, params: Parameters<typeof operatorText>[2] = {}): void => console.log(operatorText(key, language, params))

/** How a row of the result file that changed nothing is said (a paid or failed row is counted only). */
const ROW_EFFECTS: Readonly<Record<Exclude<RowEffect, 'paid' | 'failed'>, OperatorKey>> = {
  already: 'payoutRowAlready',
  unknown: 'payoutRowUnknown',
  amountMismatch: 'payoutRowAmountMismatch',
}

async function main(args: string[]): Promise<number> {
  const [step, arg] = args
  const known = step === undefined || step === 'run' || ((step === 'result' || step === 'file') && arg !== undefined)
  if (!known || args.length > 2) {
    console.error(operatorText('payoutUsage', language))
    return 2
  }
  const dir = process.env.PAYOUT_DIR || DEFAULT_PAYOUT_DIR
  const db = await openAppDatabase(process.env.DATABASE_URL || process.env.DB_PATH || DEFAULT_DB_PATH, { seedDemo: false })
  const payouts = new PayoutRepository(db)
  const now = Date.now()
  try {
    if (step === 'result') {
      const report = await applyBankResult(payouts, await readNamedFile(arg), now)
      for (const row of report.rows) {
        if (row.effect !== 'paid' && row.effect !== 'failed') say('payoutRow', { line: row.line, clearingNO: row.clearingNO, effect: operatorSaid(ROW_EFFECTS[row.effect]) })
      }
      const c = report.counts
      say('payoutResult', { paid: c.paid, failed: c.failed, already: c.already, unknown: c.unknown, amountMismatch: c.amountMismatch })
      return c.unknown + c.amountMismatch > 0 ? 1 : 0
    }
    if (step === 'file') {
      const batch = await payouts.batch(arg)
      if (!batch) throw new OperatorRefusal('payoutNoSuchBatch', { batchNO: arg })
      say('payoutWrote', { file: await writeBatchFile(payouts, dir, batch, now) })
      return 0
    }
    const run = await runPayout(db, dir, now, processHolder())
    if (run === 'busy') throw new OperatorRefusal('payoutBusy')
    if (run === 'alreadyRan') return 0
    const { outcome, files } = run
    const batch = outcome.batchNO === null ? operatorSaid('payoutNoBatch') : operatorSaid('payoutInBatch', { batchNO: outcome.batchNO })
    say('payoutRan', { sent: outcome.sent, totalFen: outcome.totalFen, batch, failedOnCard: outcome.failedOnCard, awaitingSignature: outcome.awaitingSignature })
    for (const file of files) say('payoutWrote', { file })
    return 0
  } finally {
    await db.close()
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof BankFileError ? operatorText('payoutResultUnreadable', language, { reason: error.said }) : failureText(error, language))
    process.exit(1)
  },
)
