import { isDatabaseUnavailable, openDb, type Db } from '../../server/core/sql'
import { TEST_DATABASE_URL, freshPostgresDatabase } from './engines'

/**
 * PostgreSQL: a connection that fails while a transaction holds it (the server stopped or restarted,
 * a proxy or the server ended it). The pool listens for a connection's failure only while the
 * connection is idle; a connection lent to a call emits its failure as an 'error' event too, which
 * with no listener throws out of the socket's callback and ends the whole process: a worker, with
 * every chat room member on it, during an outage the server otherwise rides out (CI met it in
 * ops/outagePostgres.test.ts as an uncaught "read ECONNRESET"). Here another connection ends the
 * transaction's one with pg_terminate_backend, as an operator or a failover would. Nothing is
 * mocked; the PostgreSQL run of the suite has it (node scripts/engines.mjs …).
 */
const maybe = TEST_DATABASE_URL ? describe : describe.skip

maybe('a PostgreSQL connection lost under a transaction', () => {
  let db: Db
  let admin: Db

  beforeAll(async () => {
    const url = await freshPostgresDatabase()
    db = openDb(url)
    admin = openDb(url)
  })
  afterAll(async () => {
    await db?.close()
    await admin?.close()
  })

  /** Ends every other connection running `sql` once one is running it. */
  async function terminateWhenRunning(sql: string): Promise<number> {
    for (let i = 0; i < 200; i += 1) {
      const ended = await admin.all<{ ended: boolean }>(
        'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE query = ? AND pid <> pg_backend_pid()',
        [sql],
      )
      if (ended.length > 0) return ended.length
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    return 0
  }

  it('fails that transaction as "unavailable", keeps the process running, and serves the next call', async () => {
    for (const [kind, run] of [
      ['transaction', (sql: string) => db.transaction((tx) => tx.one(sql))],
      ['alone', (sql: string) => db.alone((tx) => tx.one(sql))],
    ] as const) {
      const sql = `SELECT pg_sleep(5), '${kind}' AS kind`
      const outcome = run(sql).then(
        () => 'committed',
        (error: unknown) => (isDatabaseUnavailable(error) ? 'unavailable' : String(error)),
      )
      expect({ kind, ended: await terminateWhenRunning(sql) }).toEqual({ kind, ended: 1 })
      expect({ kind, outcome: await outcome }).toEqual({ kind, outcome: 'unavailable' })
      expect(await db.one<{ one: number }>('SELECT 1 AS one')).toEqual({ one: 1 })
    }
  })
})
