import { randomUUID } from 'node:crypto'
import { openDb, IN_MEMORY } from '../../server/core/sql'
import { openAppDatabase } from '../../server/database'

/**
 * The real engines the server suite runs against. SQLite always; PostgreSQL when
 * TEST_DATABASE_URL is set (npm test's engine step, scripts/engines.mjs, starts a throwaway
 * cluster with pg_virtualenv and a throwaway Redis, and sets TEST_DATABASE_URL and
 * TEST_REDIS_URL). Each caller gets a database of its own.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL

/** A fresh, empty PostgreSQL database on the test cluster; its URL. */
export async function freshPostgresDatabase(template?: string): Promise<string> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set')
  const name = `t_${randomUUID().replace(/-/g, '')}`
  const admin = openDb(TEST_DATABASE_URL)
  try {
    await admin.exec(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`)
  } finally {
    await admin.close()
  }
  const url = new URL(TEST_DATABASE_URL)
  url.pathname = `/${name}`
  return url.toString()
}

/** `[name, location]` of each engine this run covers: an empty database of its own on each. */
export function engineLocations(): Array<[string, () => Promise<string>]> {
  const engines: Array<[string, () => Promise<string>]> = [['SQLite', () => Promise.resolve(IN_MEMORY)]]
  if (TEST_DATABASE_URL) engines.push(['PostgreSQL', () => freshPostgresDatabase()])
  return engines
}

const SEEDED_TEMPLATE = 'lesson_seeded_template'
/** Any number of this suite's own: the advisory lock under which the seeded template is made once. */
const TEMPLATE_LOCK = 727_101

/**
 * The seeded template of this run's PostgreSQL cluster: migrated and seeded once (whichever jest
 * worker comes first, under an advisory lock), then copied for every test app, which is far
 * faster than seeding each one.
 */
async function seededTemplate(): Promise<string> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set')
  const admin = openDb(TEST_DATABASE_URL)
  try {
    await admin.alone(async (tx) => {
      await tx.one('SELECT pg_advisory_xact_lock(?)', [TEMPLATE_LOCK])
      if (await tx.one('SELECT 1 AS found FROM pg_database WHERE datname = ?', [SEEDED_TEMPLATE])) return
      // CREATE DATABASE cannot run in a transaction: this one is on its own connection
      const maker = openDb(TEST_DATABASE_URL)
      try {
        await maker.exec(`CREATE DATABASE ${SEEDED_TEMPLATE}`)
      } finally {
        await maker.close()
      }
      const url = new URL(TEST_DATABASE_URL)
      url.pathname = `/${SEEDED_TEMPLATE}`
      await (await openAppDatabase(url.toString())).close()
    })
  } finally {
    await admin.close()
  }
  return SEEDED_TEMPLATE
}

/**
 * The database a test app opens: SQLite in memory, or, when the suite runs on PostgreSQL, a fresh
 * database of its own, a copy of the seeded template (or empty, for a production-mode start).
 */
export async function testDatabase({ seeded = true }: { seeded?: boolean } = {}): Promise<string> {
  if (!TEST_DATABASE_URL) return IN_MEMORY
  return freshPostgresDatabase(seeded ? await seededTemplate() : undefined)
}

/**
 * A database that several apps of one test open in turn or together (two workers, a restart):
 * the SQLite `file`, or one fresh PostgreSQL database (empty: the first app seeds it).
 */
export async function sharedTestDatabase(file: string): Promise<string> {
  return TEST_DATABASE_URL ? freshPostgresDatabase() : file
}
