import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import { migrate } from './migrate'
import { seed } from './seed'

export type Db = Database.Database

const IN_MEMORY = ':memory:'

/**
 * Opens (creating if needed) the database at `dbPath`, brings its schema up to date and, unless
 * `seedDemo` is false (production mode), fills an empty one with the demo data, so `:memory:`
 * databases start seeded.
 */
export function openDatabase(dbPath: string, { seedDemo = true }: { seedDemo?: boolean } = {}): Db {
  if (dbPath !== IN_MEMORY) mkdirSync(dirname(dbPath), { recursive: true })
  const db = new Database(dbPath)
  // WAL lets the dev server read while a test or script writes; memory databases ignore it.
  db.pragma('journal_mode = WAL')
  db.pragma('foreign_keys = ON')
  migrate(db)
  if (!seedDemo) return db
  const { lessons } = db.prepare('SELECT count(*) AS lessons FROM lessons').get() as { lessons: number }
  if (lessons === 0) seed(db)
  return db
}
