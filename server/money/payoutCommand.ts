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
 */
import { readFile } from 'node:fs/promises'
import { DEFAULT_DB_PATH } from '../app'
import { openAppDatabase } from '../database'
import { BankFileError } from './bankFiles'
import { DEFAULT_PAYOUT_DIR, applyBankResult, processHolder, runPayout, writeBatchFile } from './payout'
import { PayoutRepository } from './payoutData'

async function main(args: string[]): Promise<number> {
  const dir = process.env.PAYOUT_DIR || DEFAULT_PAYOUT_DIR
  const db = await openAppDatabase(process.env.DATABASE_URL || process.env.DB_PATH || DEFAULT_DB_PATH, { seedDemo: false })
  const payouts = new PayoutRepository(db)
  const now = Date.now()
  try {
    const [step, arg] = args
    if (step === undefined || step === 'run') {
      const run = await runPayout(db, dir, now, processHolder())
      if (run === 'busy') {
        console.error('payout: another node is running the payout now; try again when it is done')
        return 1
      }
      if (run === 'alreadyRan') return 0
      const { outcome, files } = run
      console.log(
        `payout: ${outcome.sent} transfers (${outcome.totalFen} fen) in ${outcome.batchNO ?? 'no batch'}, ` +
          `${outcome.failedOnCard} failed on the card, ${outcome.awaitingSignature} waiting for the seller's e-signature`,
      )
      for (const file of files) console.log(`wrote ${file}`)
      return 0
    }
    if (step === 'result' && arg) {
      const report = await applyBankResult(payouts, await readFile(arg, 'utf8'), now)
      for (const row of report.rows) if (row.effect !== 'paid' && row.effect !== 'failed') console.log(`line ${row.line} ${row.clearingNO}: ${row.effect}`)
      const c = report.counts
      console.log(`result: ${c.paid} paid, ${c.failed} failed, ${c.already} applied before, ${c.unknown} unknown, ${c.amountMismatch} with another amount`)
      return c.unknown + c.amountMismatch > 0 ? 1 : 0
    }
    if (step === 'file' && arg) {
      const batch = await payouts.batch(arg)
      if (!batch) {
        console.error(`payout: no batch ${arg}`)
        return 1
      }
      console.log(`wrote ${await writeBatchFile(payouts, dir, batch, now)}`)
      return 0
    }
    console.error('usage: npm run payout [-- run | result <file> | file <batchNo>]')
    return 2
  } finally {
    await db.close()
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof BankFileError ? `the result file cannot be read, nothing was applied: ${error.message}` : error instanceof Error ? error.message : String(error))
    process.exit(1)
  },
)
