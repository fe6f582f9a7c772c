import { randomUUID } from 'node:crypto'
import { openDb, IN_MEMORY } from '../../server/core/sql'

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
