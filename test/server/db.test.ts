import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { buildApp } from '../../server/app'
import { openDatabase } from '../../server/core/db'
import { SCHEMA_VERSIONS, migrate, schemaVersions } from '../../server/core/migrate'
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
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSIONS.length)
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
    // four demo users and the live area's twelve extra hosts (server/live/seed.ts)
    expect(counts).toEqual({ lessons: 9, users: 16 })
    expect(info.body.data.object.applyType).toBe(1)
  })

  it('does not run a migration twice', () => {
    const db = openDatabase(':memory:')
    expect(() => migrate(db)).not.toThrow()
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSIONS.length)
    db.close()
  })
})

describe('schema versions', () => {
  it('joins every area\'s step of a version, in area order', () => {
    const login = [
      { version: 1, sql: 'login 1' },
      { version: 2, sql: 'login 2' },
    ]
    const lesson = [{ version: 1, sql: 'lesson 1' }]
    expect(schemaVersions([login, lesson])).toEqual(['login 1\nlesson 1', 'login 2'])
  })

  it('refuses a version no area has', () => {
    expect(() => schemaVersions([[{ version: 1, sql: 'a' }], [{ version: 3, sql: 'c' }]])).toThrow(
      'schema version 2 has no migration',
    )
  })

  it.each(SCHEMA_VERSIONS.map((_, applied) => applied))(
    'brings a database made at version %i to the same schema as a new one',
    (applied) => {
      const schemaOf = (db: Database.Database): unknown =>
        db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY type, name').all()
      const old = new Database(':memory:')
      SCHEMA_VERSIONS.slice(0, applied).forEach((sql) => old.exec(sql))
      old.pragma(`user_version = ${applied}`)
      migrate(old)
      const fresh = new Database(':memory:')
      migrate(fresh)
      expect(schemaOf(old)).toEqual(schemaOf(fresh))
      expect(old.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSIONS.length)
      old.close()
      fresh.close()
    },
  )
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
