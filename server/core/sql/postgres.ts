import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import type { Db, Queryable, SqlValue, TransactionWork } from './types'

/**
 * `?` placeholders as PostgreSQL's `$1, $2, …`, leaving quoted strings, quoted names and comments
 * alone. Written once per statement text (cached by the engine).
 */
export function numberPlaceholders(sql: string): string {
  let out = ''
  let n = 0
  for (let i = 0; i < sql.length; i += 1) {
    const c = sql[i]
    if (c === "'" || c === '"') {
      const end = sql.indexOf(c, i + 1)
      const stop = end < 0 ? sql.length : end
      out += sql.slice(i, stop + 1)
      i = stop
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i)
      const stop = end < 0 ? sql.length : end
      out += sql.slice(i, stop)
      i = stop - 1
    } else if (c === '?') {
      n += 1
      out += `$${n}`
    } else {
      out += c
    }
  }
  return out
}

/** int8 (count(*), ids, times in ms) and numeric (sum of int8) as numbers, never past 2^53. */
function safeNumber(text: string): number {
  const value = Number(text)
  if (Number.isInteger(value) ? !Number.isSafeInteger(value) : !Number.isFinite(value)) throw new Error(`a database number is out of range: ${text}`)
  return value
}

const INT8 = 20
const NUMERIC = 1700
const BOOL = 16

/** Read as SQLite does: integers and sums as numbers, a comparison as 0 or 1. */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) => {
    if (oid === INT8 || oid === NUMERIC) return safeNumber
    if (oid === BOOL) return (text: string) => (text === 't' ? 1 : 0)
    return pg.types.getTypeParser(oid, format as 'text') as (text: string) => unknown
  }) as pg.CustomTypesConfig['getTypeParser'],
}

/** serialization_failure and deadlock_detected: the engine refused an interleaving; run it again. */
const RETRYABLE = new Set(['40001', '40P01'])
const MAX_ATTEMPTS = 20
/** The advisory lock of `alone` (any fixed number the application owns). */
const ALONE_LOCK = 727_001

export interface PostgresOptions {
  /** connections in the pool (default 10) */
  max?: number
}

/**
 * The PostgreSQL engine: a pool of connections; every transaction SERIALIZABLE, so each one
 * behaves as if it ran alone, as SQLite's single writer did (a read that decides a write cannot be
 * overtaken); the engine refuses an interleaving it cannot order and the work runs again.
 */
export function openPostgres(url: string, options: PostgresOptions = {}): Db {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, types })
  // an idle connection the server dropped is not a failure of any request
  pool.on('error', () => undefined)
  return new PostgresDb(pool)
}

const texts = new Map<string, string>()
function text(sql: string): string {
  let numbered = texts.get(sql)
  if (numbered === undefined) {
    numbered = numberPlaceholders(sql)
    texts.set(sql, numbered)
  }
  return numbered
}

type Client = Pick<pg.PoolClient, 'query'>

function queryable(client: Client): Queryable {
  return {
    dialect: 'postgres',
    all: async <Row>(sql: string, params: readonly SqlValue[] = []) => (await client.query(text(sql), params as SqlValue[])).rows as Row[],
    one: async <Row>(sql: string, params: readonly SqlValue[] = []) => (await client.query(text(sql), params as SqlValue[])).rows[0] as Row | undefined,
    run: async (sql: string, params: readonly SqlValue[] = []) => (await client.query(text(sql), params as SqlValue[])).rowCount ?? 0,
    exec: async (script: string) => {
      await client.query(script)
    },
  }
}

/** `work` in one transaction on `client`, begun with `begin`: committed, or rolled back on any error. */
async function runIn<T>(client: pg.PoolClient, begin: string, work: TransactionWork<T>): Promise<T> {
  await client.query(begin)
  try {
    const result = await work(queryable(client))
    await client.query('COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  }
}

class PostgresDb implements Db {
  readonly dialect = 'postgres'
  private readonly direct: Queryable

  constructor(private readonly pool: pg.Pool) {
    this.direct = queryable(pool)
  }

  all<Row>(sql: string, params?: readonly SqlValue[]): Promise<Row[]> {
    return this.direct.all<Row>(sql, params)
  }

  one<Row>(sql: string, params?: readonly SqlValue[]): Promise<Row | undefined> {
    return this.direct.one<Row>(sql, params)
  }

  run(sql: string, params?: readonly SqlValue[]): Promise<number> {
    return this.direct.run(sql, params)
  }

  exec(script: string): Promise<void> {
    return this.direct.exec(script)
  }

  async transaction<T>(work: TransactionWork<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const client = await this.pool.connect()
      try {
        return await runIn(client, 'BEGIN ISOLATION LEVEL SERIALIZABLE', work)
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code
        if (typeof code !== 'string' || !RETRYABLE.has(code) || attempt >= MAX_ATTEMPTS) throw error
      } finally {
        client.release()
      }
      // a little later, at a random moment, so the same transactions do not collide again
      await sleep(Math.random() * Math.min(100, 2 ** attempt))
    }
  }

  async alone<T>(work: TransactionWork<T>): Promise<T> {
    const client = await this.pool.connect()
    try {
      await client.query('SELECT pg_advisory_lock($1)', [ALONE_LOCK])
      try {
        return await runIn(client, 'BEGIN', work)
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [ALONE_LOCK])
      }
    } finally {
      client.release()
    }
  }

  /** Ends the pool; closing again does nothing (the app's own close follows a script's). */
  async close(): Promise<void> {
    if (this.pool.ended) return
    await this.pool.end()
  }
}
