import { randomUUID } from 'node:crypto'
import { isUniqueViolation, openDb, type Db } from '../../server/core/sql'
import { numberPlaceholders } from '../../server/core/sql/postgres'
import { engineLocations } from './engines'

/**
 * The two engines behind server/core/sql, through the one interface every repository uses. The
 * SQLite file always; PostgreSQL too when the suite runs on the real engines (TEST_DATABASE_URL,
 * set by `npm test`'s engine step). Nothing is mocked.
 */
describe.each(engineLocations())('the %s engine', (_name, location) => {
  let db: Db
  const table = `t_${randomUUID().replace(/-/g, '').slice(0, 12)}`

  beforeAll(async () => {
    db = openDb(await location())
    await db.exec(`CREATE TABLE ${table} (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, amount BIGINT NOT NULL DEFAULT 0)`)
  })
  afterAll(async () => {
    await db.exec(`DROP TABLE ${table}`)
    await db.close()
  })

  it('binds ? in order and answers integers, sums, counts and comparisons as numbers', async () => {
    expect(await db.run(`INSERT INTO ${table} (id, name, amount) VALUES (?, ?, ?), (?, ?, ?)`, [1, 'a', 4_000_000_000_000, 2, 'b?', 5])).toBe(2)
    const row = await db.one<{ total: number; n: number; big: number; same: number }>(
      `SELECT sum(amount) AS "total", count(*) AS "n", max(amount) AS "big", CASE WHEN 1 = 1 THEN 1 ELSE 0 END AS "same" FROM ${table}`,
    )
    expect(row).toEqual({ total: 4_000_000_000_005, n: 2, big: 4_000_000_000_000, same: 1 })
    expect(await db.all<{ name: string }>(`SELECT name FROM ${table} WHERE name = 'b?' OR id = ? ORDER BY id`, [1])).toEqual([{ name: 'a' }, { name: 'b?' }])
    expect(await db.one(`SELECT name FROM ${table} WHERE id = ?`, [99])).toBeUndefined()
  })

  it('tells a unique violation from other errors', async () => {
    const duplicate = await db.run(`INSERT INTO ${table} (id, name) VALUES (?, ?)`, [3, 'a']).catch((error: unknown) => error)
    expect(isUniqueViolation(duplicate)).toBe(true)
    const other = await db.run('SELECT * FROM no_such_table').catch((error: unknown) => error)
    expect(String(other)).toMatch(/no_such_table|no such table/)
    expect(isUniqueViolation(other)).toBe(false)
  })

  it('runs 50 concurrent read-then-write transactions one after another: no update is lost', async () => {
    await db.run(`INSERT INTO ${table} (id, name, amount) VALUES (?, ?, 0)`, [10, 'counter'])
    await Promise.all(
      Array.from({ length: 50 }, () =>
        db.transaction(async (tx) => {
          const current = await tx.one<{ amount: number }>(`SELECT amount FROM ${table} WHERE id = ?`, [10])
          await tx.run(`UPDATE ${table} SET amount = ? WHERE id = ?`, [(current?.amount ?? 0) + 1, 10])
        }),
      ),
    )
    expect(await db.one(`SELECT amount FROM ${table} WHERE id = ?`, [10])).toEqual({ amount: 50 })
  })

  it('rolls a failed transaction back whole, and keeps answering after it', async () => {
    const failure = db.transaction(async (tx) => {
      await tx.run(`INSERT INTO ${table} (id, name) VALUES (?, ?)`, [20, 'rolled back'])
      throw new Error('refused')
    })
    await expect(failure).rejects.toThrow('refused')
    expect(await db.one(`SELECT id FROM ${table} WHERE id = ?`, [20])).toBeUndefined()
    expect(await db.one(`SELECT id FROM ${table} WHERE id = ?`, [10])).toEqual({ id: 10 })
  })

  it('gives one exclusive turn at a time to alone(): 20 concurrent claims of one slot make one winner', async () => {
    await db.run(`INSERT INTO ${table} (id, name, amount) VALUES (?, ?, 0)`, [30, 'slot'])
    const won = await Promise.all(
      Array.from({ length: 20 }, () =>
        db.alone(async (tx) => {
          const slot = await tx.one<{ amount: number }>(`SELECT amount FROM ${table} WHERE id = ?`, [30])
          if (slot?.amount !== 0) return false
          await tx.run(`UPDATE ${table} SET amount = 1 WHERE id = ?`, [30])
          return true
        }),
      ),
    )
    expect(won.filter(Boolean)).toHaveLength(1)
  })
})

describe('PostgreSQL placeholders', () => {
  it('numbers each ? outside quotes and comments', () => {
    expect(numberPlaceholders(`SELECT ? AS "a?", '?' || ? -- why?\nFROM t WHERE x = ?`)).toBe(`SELECT $1 AS "a?", '?' || $2 -- why?\nFROM t WHERE x = $3`)
  })
})
