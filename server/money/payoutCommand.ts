/**
 * `npm run payout`: the payout run against the server's database (DB_PATH, default
 * server/data/dev.sqlite), what a weekly scheduled job runs. Prints how many were paid and failed.
 */
import { DEFAULT_DB_PATH } from '../app'
import { openDatabase } from '../core/db'
import { MoneyRepository } from './data'
import { runPayout } from './payout'

const db = openDatabase(process.env.DB_PATH || DEFAULT_DB_PATH)
try {
  const result = runPayout(new MoneyRepository(db), Date.now())
  console.log(`payout: ${result.paid} paid, ${result.failed} failed`)
} finally {
  db.close()
}
