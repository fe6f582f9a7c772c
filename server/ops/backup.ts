/**
 * Backups of the deployment's database, taken while the servers run, and their restore.
 * - SQLite: SQLite's online backup API (better-sqlite3's `backup`), which copies a consistent
 *   picture of the file page by page while the servers go on reading and writing it; the backup
 *   is itself a SQLite file.
 * - PostgreSQL: `pg_dump` in its custom format (one consistent snapshot, compressed) and
 *   `pg_restore`; both come with the PostgreSQL client package and must be of the server's major
 *   version or newer.
 * A restore goes into an empty database only, unless the operator says to replace what is there.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import { OperatorRefusal, operatorSaid, type OperatorParam, type OperatorSaid } from '../core/operatorTexts'
import { isPostgresUrl, openDb } from '../core/sql'

/** A backup or restore that cannot go on, said in a sentence in the operator's language (no stack). */
export class BackupRefusal extends OperatorRefusal {}

/** What a database holds, to tell the operator what a restore would replace. */
export interface Contents {
  tables: number
  /** rows of `users` and `lessons`, when the tables exist */
  users?: number
  lessons?: number
}

/** `12 tables, 5 users, 4 lessons` (`12 张表，5 个用户，4 节课`) */
export const describeContents = (contents: Contents): OperatorSaid =>
  operatorSaid('contentsTables', {
    tables: contents.tables,
    users: contents.users !== undefined ? operatorSaid('contentsUsers', { n: contents.users }) : '',
    lessons: contents.lessons !== undefined ? operatorSaid('contentsLessons', { n: contents.lessons }) : '',
  })

/** Where the database is, for messages: a SQLite file's path, or what a PostgreSQL URL points to without its password. */
export function describeLocation(location: string): OperatorParam {
  if (!isPostgresUrl(location)) return location
  const url = new URL(location)
  return operatorSaid('postgresLocation', { name: url.pathname.slice(1), host: url.host })
}

/** Runs a PostgreSQL client tool; its own error text becomes the refusal. */
function run(tool: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' ? new BackupRefusal('backupToolMissing', { tool }) : error)
    })
    child.once('exit', (code) => {
      if (code === 0) resolve()
      else reject(new BackupRefusal('backupToolFailed', { tool, code: code ?? 'signal', output: stderr.trim() }))
    })
  })
}

/** Tables and a few row counts of the database at `location`; a SQLite file that does not exist holds nothing. */
export async function contentsOf(location: string): Promise<Contents> {
  if (!isPostgresUrl(location) && (!existsSync(location) || statSync(location).size === 0)) return { tables: 0 }
  const db = openDb(location)
  try {
    const names =
      db.dialect === 'postgres'
        ? await db.all<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'")
        : await db.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    const contents: Contents = { tables: names.length }
    for (const table of ['users', 'lessons'] as const) {
      if (names.some((n) => n.name === table)) contents[table] = Number((await db.one<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))?.n ?? 0)
    }
    return contents
  } finally {
    await db.close()
  }
}

/**
 * Writes a backup of the database at `location` to `file` (its directory made if missing), while
 * the servers keep running. Refuses to write over an existing file.
 */
export async function backup(location: string, file: string): Promise<Contents> {
  if (existsSync(file)) throw new BackupRefusal('backupFileExists', { file })
  mkdirSync(dirname(file), { recursive: true })
  if (isPostgresUrl(location)) {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${location}`])
    return contentsOf(location)
  }
  if (!existsSync(location)) throw new BackupRefusal('backupNoDatabase', { location })
  const source = new Database(location, { readonly: true, fileMustExist: true })
  try {
    await source.backup(file)
  } finally {
    source.close()
  }
  return contentsOf(file)
}

export interface RestoreOptions {
  /** replace whatever the target holds (the servers on it stopped first); default false: the target must be empty */
  replace?: boolean
}

/** Whether `file` is a backup this engine can restore, checked before the target is touched. */
async function checkBackup(location: string, file: string): Promise<void> {
  if (!existsSync(file)) throw new BackupRefusal('restoreNoBackup', { file })
  if (isPostgresUrl(location)) {
    await run('pg_restore', ['--list', file]).catch(() => {
      throw new BackupRefusal('restoreNotPostgres', { file })
    })
    return
  }
  let answer: string | undefined
  try {
    const source = new Database(file, { readonly: true, fileMustExist: true })
    try {
      answer = (source.pragma('quick_check', { simple: true }) as string | undefined) ?? undefined
    } finally {
      source.close()
    }
  } catch {
    answer = undefined
  }
  if (answer !== 'ok') throw new BackupRefusal('restoreNotSqlite', { file })
}

/**
 * Restores `file` into the database at `location`. Refuses a target that holds tables already,
 * unless `replace`: then what is there is replaced by the backup (PostgreSQL: pg_restore --clean).
 * Answers what the database holds afterwards.
 */
export async function restore(location: string, file: string, { replace = false }: RestoreOptions = {}): Promise<Contents> {
  await checkBackup(location, file)
  const before = await contentsOf(location)
  if (before.tables > 0 && !replace) {
    throw new BackupRefusal('restoreNotEmpty', { location: describeLocation(location), contents: describeContents(before) })
  }
  if (isPostgresUrl(location)) {
    const clean = before.tables > 0 ? ['--clean', '--if-exists'] : []
    await run('pg_restore', [...clean, '--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${location}`, file])
    return contentsOf(location)
  }
  mkdirSync(dirname(location), { recursive: true })
  const source = new Database(file, { readonly: true, fileMustExist: true })
  try {
    // the backup API again, from the backup into the target: page by page, the target's own
    // journal kept consistent (a replaced file's WAL included)
    await source.backup(location)
  } finally {
    source.close()
  }
  return contentsOf(location)
}
