/**
 * `npm run migrate`: brings the deployment's database (DATABASE_URL, else DB_PATH, default
 * server/data/dev.sqlite) to this server's schema, and seeds nothing. Run it once before starting
 * a new version on every machine; a server that starts on an older schema migrates it too, alone
 * (an advisory lock on PostgreSQL), so machines starting together never race.
 */
import { DEFAULT_DB_PATH } from './app'
import { AREA_MIGRATIONS } from './areas'
import { migrate } from './core/migrate'
import { isPostgresUrl, openDb } from './core/sql'

async function main(): Promise<void> {
  const location = process.env.DATABASE_URL || process.env.DB_PATH || DEFAULT_DB_PATH
  const db = openDb(location)
  try {
    const { from, to } = await migrate(db, AREA_MIGRATIONS)
    const where = isPostgresUrl(location) ? 'PostgreSQL' : location
    console.log(from === to ? `${where}: schema version ${to}, up to date` : `${where}: schema version ${from} -> ${to}`)
  } finally {
    await db.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
})
