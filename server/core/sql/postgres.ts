import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { DatabaseUnavailable, type Db, type Queryable, type SqlValue, type TransactionWork } from './types'

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
  /** how long a new connection may take before the call fails (default CONNECT_TIMEOUT_MS) */
  connectTimeoutMs?: number
}

/** A server that does not answer a new connection within this long is treated as down. */
export const CONNECT_TIMEOUT_MS = 3_000

/** The socket's own failures: the server is down, restarting or out of reach. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED'])
/** admin_shutdown, crash_shutdown, cannot_connect_now (starting or stopping), and class 08 (connection exception) below */
const GOING_AWAY = new Set(['57P01', '57P02', '57P03'])
/** pg's own words when a connection ends under a call, or none comes within the time-out (these carry no code) */
const LOST = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|not queryable/

/** Whether `error` says the server is out of reach, rather than that a statement failed. */
function unreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string' && (UNREACHABLE.has(code) || GOING_AWAY.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true
  return typeof code !== 'string' && error instanceof Error && LOST.test(error.message)
}

/** `error` as DatabaseUnavailable when the server is out of reach; as it is otherwise. */
const classified = (error: unknown): unknown => (unreachable(error) ? new DatabaseUnavailable(error) : error)

async function guarded<T>(call: Promise<T>): Promise<T> {
  try {
    return await call
  } catch (error) {
    throw classified(error)
  }
}

/**
 * The PostgreSQL engine: a pool of connections; every transaction SERIALIZABLE, so each one
 * behaves as if it ran alone, as SQLite's single writer did (a read that decides a write cannot be
 * overtaken); the engine refuses an interleaving it cannot order and the work runs again.
 */
export function openPostgres(url: string, options: PostgresOptions = {}): Db {
  // a server that went away fails each call at once (no wait for the pool), and the pool opens new
  // connections by itself once it is back: nothing restarts the app
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    types,
    connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    keepAlive: true,
  })
  // an idle connection the server dropped is not a failure of any request
  pool.on('error', () => undefined)
  return new PostgresDb(pool)
}

/** The pool's connections that have the checkout's 'error' listener (PostgresDb.checkout). */
const listened = new WeakSet<pg.PoolClient>()

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
    return guarded(this.direct.all<Row>(sql, params))
  }

  one<Row>(sql: string, params?: readonly SqlValue[]): Promise<Row | undefined> {
    return guarded(this.direct.one<Row>(sql, params))
  }

  run(sql: string, params?: readonly SqlValue[]): Promise<number> {
    return guarded(this.direct.run(sql, params))
  }

  exec(script: string): Promise<void> {
    return guarded(this.direct.exec(script))
  }

  /**
   * A connection of the pool for one call. The pool listens for a connection's failure only while
   * it is idle; one lent out reports it as an 'error' event too, which with no listener would throw
   * out of the socket's callback and end the process. The failure reaches the call through its
   * query, rejected, so the event needs no more than a listener (one per connection, for its life).
   */
  private async checkout(): Promise<pg.PoolClient> {
    const client = await guarded(this.pool.connect())
    if (!listened.has(client)) {
      listened.add(client)
      client.on('error', () => undefined)
    }
    return client
  }

  async transaction<T>(work: TransactionWork<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const client = await this.checkout()
      let broken: Error | undefined
      try {
        return await runIn(client, 'BEGIN ISOLATION LEVEL SERIALIZABLE', work)
      } catch (error) {
        // the server went away mid-transaction: it rolls the transaction back itself, and this
        // connection leaves the pool rather than serve the next call
        if (unreachable(error)) {
          broken = error as Error
          throw new DatabaseUnavailable(error)
        }
        const code = (error as { code?: unknown } | null)?.code
        if (typeof code !== 'string' || !RETRYABLE.has(code) || attempt >= MAX_ATTEMPTS) throw error
      } finally {
        client.release(broken)
      }
      // a little later, at a random moment, so the same transactions do not collide again
      await sleep(Math.random() * Math.min(100, 2 ** attempt))
    }
  }

  async alone<T>(work: TransactionWork<T>): Promise<T> {
    const client = await this.checkout()
    let broken: Error | undefined
    const noteBroken = (error: unknown): void => {
      if (!unreachable(error)) throw error
      broken = error as Error
    }
    try {
      await client.query('SELECT pg_advisory_lock($1)', [ALONE_LOCK])
      try {
        return await runIn(client, 'BEGIN', work)
      } finally {
        // a connection that went away took its session's lock with it
        await client.query('SELECT pg_advisory_unlock($1)', [ALONE_LOCK]).catch(noteBroken)
      }
    } catch (error) {
      if (!unreachable(error)) throw error
      broken ??= error as Error
      throw new DatabaseUnavailable(error)
    } finally {
      client.release(broken)
    }
  }

  /** The pool's connections: opened, held by a call or transaction, and the calls waiting for one. */
  poolUse() {
    return { size: this.pool.totalCount, inUse: this.pool.totalCount - this.pool.idleCount, waiting: this.pool.waitingCount }
  }

  /** Ends the pool; closing again does nothing (the app's own close follows a script's). */
  async close(): Promise<void> {
    if (this.pool.ended) return
    await this.pool.end()
  }
}
