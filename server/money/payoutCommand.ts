/**
 * `npm run payout`: the payout run against the server's database (DATABASE_URL, else DB_PATH,
 * default server/data/dev.sqlite), what a weekly scheduled job runs. Prints how many were paid and
 * failed.
 */
import { DEFAULT_DB_PATH } from '../app'
import { openAppDatabase } from '../database'
import { MoneyRepository } from './data'
import { runPayout } from './payout'

async function main(): Promise<void> {
  const db = await openAppDatabase(process.env.DATABASE_URL || process.env.DB_PATH || DEFAULT_DB_PATH, { seedDemo: false })
  try {
    const result = await runPayout(new MoneyRepository(db), Date.now())
    console.log(`payout: ${result.paid} paid, ${result.failed} failed`)
  } finally {
    await db.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
})
