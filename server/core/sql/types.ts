/**
 * The server's one way to its database, whichever engine holds it: the SQLite file (the embedded
 * default) or PostgreSQL (`DATABASE_URL=postgres://…`). Every call is asynchronous on both, so a
 * call site never knows which engine answers.
 *
 * SQL is written once, in the subset both engines speak: `?` placeholders (PostgreSQL's `$n` are
 * written by the engine), camelCase aliases double-quoted (`AS "orderNO"`: PostgreSQL folds
 * unquoted names to lower case), `ON CONFLICT … DO NOTHING / DO UPDATE` (never `INSERT OR …`),
 * `coalesce`, `CASE` rather than the two-argument `min`/`max`, `RETURNING` for new ids. Integers
 * come back as numbers on both (PostgreSQL's int8, numeric and boolean are read as numbers).
 */

/** A value bound to a `?`. */
export type SqlValue = string | number | null

export type Dialect = 'sqlite' | 'postgres'

/** What reads and writes: the database itself, or one transaction of it. */
export interface Queryable {
  readonly dialect: Dialect
  /** Every row the statement answers. */
  all<Row>(sql: string, params?: readonly SqlValue[]): Promise<Row[]>
  /** The first row, or undefined. */
  one<Row>(sql: string, params?: readonly SqlValue[]): Promise<Row | undefined>
  /** A write; answers how many rows it changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>
  /** Runs a script of statements with no parameters (migrations). */
  exec(script: string): Promise<void>
}

/**
 * A transaction's work. It may run more than once (PostgreSQL retries a serialization failure),
 * so it does nothing but database work through `tx`, and answers what the caller needs.
 */
export type TransactionWork<T> = (tx: Queryable) => Promise<T>

export interface Db extends Queryable {
  /**
   * Runs `work` in one transaction that behaves as if no other ran beside it: SQLite's
   * `BEGIN IMMEDIATE` (one writer at a time, across every process of the file), PostgreSQL's
   * SERIALIZABLE with a retry when the engine refuses an interleaving. A read that decides a
   * write (a balance, a quota, a count) and that write belong in one transaction.
   */
  transaction<T>(work: TransactionWork<T>): Promise<T>
  /**
   * Runs `work` in one transaction while no other process runs its own `alone` work on this
   * database, and reading what the last one wrote: schema migrations and the first seed, which
   * the workers of every machine may start at once. SQLite: a transaction (`BEGIN IMMEDIATE`
   * already excludes every other writer). PostgreSQL: an advisory lock taken before the
   * transaction begins.
   */
  alone<T>(work: TransactionWork<T>): Promise<T>
  close(): Promise<void>
  /** Its connections now, for the pool-use metric (ops/metrics.ts). */
  poolUse(): PoolUse
}

/**
 * The database cannot answer now: PostgreSQL stopped, restarting or out of reach, a connection
 * lost mid-call, the SQLite file locked past the busy wait, read-only or failing on disk. The call
 * fails at once with this (a transaction cut short is rolled back by the engine, never half
 * written), the API answers it as 503 in the reader's words (core/envelope.ts), and the next call
 * tries the engine again: nothing needs a restart once the engine is back.
 */
export class DatabaseUnavailable extends Error {
  constructor(readonly reason: unknown) {
    super(`the database is unavailable: ${reason instanceof Error ? reason.message : String(reason)}`)
  }
}

export const isDatabaseUnavailable = (error: unknown): error is DatabaseUnavailable => error instanceof DatabaseUnavailable

/** A database's connections: how many it holds, how many a call or transaction holds, how many calls wait for one. */
export interface PoolUse {
  size: number
  inUse: number
  waiting: number
}

/** Whether `error` is a unique-constraint violation, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}
