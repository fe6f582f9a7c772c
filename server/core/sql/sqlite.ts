import { AsyncLocalStorage } from 'node:async_hooks'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import type { Statement } from 'better-sqlite3'
import { DatabaseUnavailable, type Db, type Queryable, type SqlValue, type TransactionWork } from './types'

export const IN_MEMORY = ':memory:'

/** The database whose transaction the running code is inside, if any: its own calls must go through `tx`. */
const insideTransaction = new AsyncLocalStorage<Db>()

/**
 * The SQLite engine: better-sqlite3 on one file in WAL mode, statements prepared once per text.
 *
 * better-sqlite3 answers synchronously, and a transaction's work is asynchronous: while one is
 * open, the other callers of this process wait for it (else their statements would run inside
 * it). Across processes, `BEGIN IMMEDIATE` takes the file's write lock, so the workers of
 * server/cluster.ts take turns the same way.
 */
/**
 * The file, not the statement, failed: locked by another process past the busy wait (5 s), made
 * read-only, or failing on disk (full, I/O error, gone).
 */
const FILE_FAILURE = /^SQLITE_(BUSY|READONLY|IOERR|CANTOPEN|FULL|PROTOCOL|NOTADB|CORRUPT)/

/** Runs `call`; a failure of the file comes out as DatabaseUnavailable. */
function guarded<T>(call: () => T): T {
  try {
    return call()
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code
    throw typeof code === 'string' && FILE_FAILURE.test(code) ? new DatabaseUnavailable(error) : error
  }
}

export function openSqlite(path: string): Db {
  if (path !== IN_MEMORY) mkdirSync(dirname(path), { recursive: true })
  const raw = new Database(path)
  // WAL lets the dev server read while a test or script writes; memory databases ignore it.
  raw.pragma('journal_mode = WAL')
  raw.pragma('foreign_keys = ON')
  return new SqliteDb(raw)
}

class SqliteDb implements Db {
  readonly dialect = 'sqlite'
  private readonly statements = new Map<string, Statement<SqlValue[], unknown>>()
  /** settles when the open transaction ends; null when none is open */
  private busy: Promise<void> | null = null
  /** calls waiting for the open transaction to end */
  private waiting = 0
  private readonly inside: Queryable

  constructor(private readonly raw: Database.Database) {
    this.inside = {
      dialect: 'sqlite',
      all: <Row>(sql: string, params: readonly SqlValue[] = []) => Promise.resolve(this.statement(sql).all(...params) as Row[]),
      one: <Row>(sql: string, params: readonly SqlValue[] = []) => Promise.resolve(this.statement(sql).get(...params) as Row | undefined),
      run: (sql: string, params: readonly SqlValue[] = []) => Promise.resolve(this.statement(sql).run(...params).changes),
      exec: (script: string) => Promise.resolve(void this.raw.exec(script)),
    }
  }

  private statement(sql: string): Statement<SqlValue[], unknown> {
    let statement = this.statements.get(sql)
    if (!statement) {
      statement = this.raw.prepare<SqlValue[], unknown>(sql)
      this.statements.set(sql, statement)
    }
    return statement
  }

  /**
   * Waits for the open transaction to end; a call from inside it would wait for itself. Callers
   * loop on `busy` and act right after their last check, with no await between: another waiter
   * may have claimed the turn in between.
   */
  private async waitTurn(busy: Promise<void>): Promise<void> {
    if (insideTransaction.getStore() === this) throw new Error("a transaction's work must use its tx, not the database")
    this.waiting += 1
    try {
      await busy
    } finally {
      this.waiting -= 1
    }
  }

  /** One connection, held while a transaction is open. */
  poolUse() {
    return { size: 1, inUse: this.busy ? 1 : 0, waiting: this.waiting }
  }

  async all<Row>(sql: string, params: readonly SqlValue[] = []): Promise<Row[]> {
    while (this.busy) await this.waitTurn(this.busy)
    return guarded(() => this.statement(sql).all(...params) as Row[])
  }

  async one<Row>(sql: string, params: readonly SqlValue[] = []): Promise<Row | undefined> {
    while (this.busy) await this.waitTurn(this.busy)
    return guarded(() => this.statement(sql).get(...params) as Row | undefined)
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<number> {
    while (this.busy) await this.waitTurn(this.busy)
    return guarded(() => this.statement(sql).run(...params).changes)
  }

  async transaction<T>(work: TransactionWork<T>): Promise<T> {
    while (this.busy) await this.waitTurn(this.busy)
    let end = (): void => undefined
    this.busy = new Promise<void>((resolve) => (end = resolve))
    try {
      guarded(() => this.raw.exec('BEGIN IMMEDIATE'))
      try {
        const result = await insideTransaction.run(this, () => work(this.inside))
        guarded(() => this.raw.exec('COMMIT'))
        return result
      } catch (error) {
        if (this.raw.inTransaction) this.raw.exec('ROLLBACK')
        throw error
      }
    } finally {
      this.busy = null
      end()
    }
  }

  alone<T>(work: TransactionWork<T>): Promise<T> {
    return this.transaction(work)
  }

  async exec(script: string): Promise<void> {
    while (this.busy) await this.waitTurn(this.busy)
    guarded(() => this.raw.exec(script))
  }

  async close(): Promise<void> {
    while (this.busy) await this.waitTurn(this.busy)
    this.raw.close()
  }
}
