/**
 * `npm run migrate`: brings the deployment's database (DATABASE_URL, else DB_PATH, default
 * server/data/dev.sqlite) to this server's schema, and seeds nothing. Run it once before starting
 * a new version on every machine; a server that starts on an older schema migrates it too, alone
 * (an advisory lock on PostgreSQL), so machines starting together never race. It speaks the
 * operator's language (core/operatorLanguage.ts).
 */
import { DEFAULT_DB_PATH } from './app'
import { AREA_MIGRATIONS } from './areas'
import { migrate } from './core/migrate'
import { operatorLanguage } from './core/operatorLanguage'
import { OperatorRefusal, failureText, operatorText } from './core/operatorTexts'
import { isPostgresUrl, openDb } from './core/sql'

const language = operatorLanguage(process.env)

async function main(args: readonly string[]): Promise<void> {
  if (args.length > 0) throw new OperatorRefusal('migrateUsage')
  const location = process.env.DATABASE_URL || process.env.DB_PATH || DEFAULT_DB_PATH
  const db = openDb(location)
  try {
    const { from, to } = await migrate(db, AREA_MIGRATIONS)
    const where = isPostgresUrl(location) ? 'PostgreSQL' : location
    console.log(from === to ? operatorText('migrateUpToDate', language, { where, to }) : operatorText('migrateDone', language, { where, from, to }))
  } finally {
    await db.close()
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(failureText(error, language))
  process.exit(1)
})
