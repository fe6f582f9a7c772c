import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from '../../server/app'
import { openDatabase } from '../../server/db'
import { MIGRATIONS, migrate } from '../../server/db/migrations'
import { APPLY, V2_INFO, V2_LIST, post } from './helpers'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lesson-db-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('openDatabase', () => {
  it('creates the directory, runs in WAL mode and records the schema version', () => {
    const db = openDatabase(join(dir, 'nested', 'dir', 'dev.sqlite'))
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length)
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
    db.close()
  })

  it('seeds an empty database once and keeps the data across restarts', async () => {
    const dbPath = join(dir, 'dev.sqlite')
    const first = await buildApp({ dbPath })
    expect((await post(first, APPLY, { data: 'demo-open' })).body.code).toBe(200)
    await first.close()

    const second = await buildApp({ dbPath })
    const counts = second.db
      .prepare('SELECT (SELECT count(*) FROM lessons) AS lessons, (SELECT count(*) FROM users) AS users')
      .get()
    const info = await post<{ object: { applyType: number } }>(second, V2_INFO, { courseData: 'demo-open' })
    await second.close()
    expect(counts).toEqual({ lessons: 9, users: 4 })
    expect(info.body.data.object.applyType).toBe(1)
  })

  it('does not run a migration twice', () => {
    const db = openDatabase(':memory:')
    expect(() => migrate(db)).not.toThrow()
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length)
    db.close()
  })
})

describe('seed', () => {
  it('is deterministic: two fresh databases answer the same messages', async () => {
    const read = async () => {
      const app = await buildApp({ dbPath: ':memory:' })
      const { body } = await post(app, V2_LIST, { courseData: 'demo-open', page: 1, pageSize: 100 })
      await app.close()
      return body
    }
    expect(await read()).toEqual(await read())
  })

  it('refuses a password lesson without a password at the schema level', () => {
    const db = openDatabase(':memory:')
    expect(() =>
      db
        .prepare(
          `INSERT INTO lessons (course_data, wmid, course_name, privacy_status, create_timestamp)
           VALUES ('x', 'wm_teacher', 'x', 2, 0)`,
        )
        .run(),
    ).toThrow(/CHECK constraint/)
    db.close()
  })
})
