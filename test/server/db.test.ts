import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AREA_MIGRATIONS } from '../../server/areas'
import { buildApp } from '../../server/app'
import { migrate, renderDdl, schemaVersion, schemaVersions, sqliteOnly } from '../../server/core/migrate'
import { openDb, type Db } from '../../server/core/sql'
import { openAppDatabase } from '../../server/database'
import { engineLocations } from './engines'
import { APPLY, V2_INFO, V2_LIST, post } from './helpers'
import { ENGLISH_LOCALE } from './operatorLocale'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lesson-db-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const LATEST = schemaVersions(AREA_MIGRATIONS, 'sqlite').length

describe('openAppDatabase on a SQLite file', () => {
  it('creates the directory, runs in WAL mode with foreign keys and records the schema version', async () => {
    const db = await openAppDatabase(join(dir, 'nested', 'dir', 'dev.sqlite'))
    expect(await db.one('PRAGMA journal_mode')).toEqual({ journal_mode: 'wal' })
    expect(await db.one('PRAGMA foreign_keys')).toEqual({ foreign_keys: 1 })
    expect(await schemaVersion(db)).toBe(LATEST)
    await db.close()
  })

  it('seeds an empty database once and keeps the data across restarts', async () => {
    const database = join(dir, 'dev.sqlite')
    const first = await buildApp({ database })
    expect((await post(first, APPLY, { data: 'demo-open' })).body.code).toBe(200)
    await first.close()

    const second = await buildApp({ database })
    const counts = await second.db.one('SELECT (SELECT count(*) FROM lessons) AS "lessons", (SELECT count(*) FROM users) AS "users"')
    const info = await post<{ object: { applyType: number } }>(second, V2_INFO, { courseData: 'demo-open' })
    await second.close()
    // four demo users and the live area's twelve extra hosts (server/live/seed.ts)
    expect(counts).toEqual({ lessons: 9, users: 16 })
    expect(info.body.data.object.applyType).toBe(1)
  })
})

describe.each(engineLocations())('migrations on %s', (_name, location) => {
  let db: Db
  beforeEach(async () => {
    db = openDb(await location())
  })
  afterEach(async () => {
    await db.close()
  })

  it('runs every version once, and nothing the second time', async () => {
    expect(await migrate(db, AREA_MIGRATIONS)).toEqual({ from: 0, to: LATEST })
    expect(await migrate(db, AREA_MIGRATIONS)).toEqual({ from: LATEST, to: LATEST })
    expect(await schemaVersion(db)).toBe(LATEST)
  })

  it('lets one of several concurrent starts migrate, the others find it done', async () => {
    const runs = await Promise.all(Array.from({ length: 4 }, () => migrate(db, AREA_MIGRATIONS)))
    expect(runs.filter((run) => run.from === 0)).toHaveLength(1)
    expect(runs.every((run) => run.to === LATEST)).toBe(true)
  })

  it('refuses a database newer than the server', async () => {
    await migrate(db, AREA_MIGRATIONS)
    await expect(migrate(db, AREA_MIGRATIONS.map((steps) => steps.filter((step) => step.version < LATEST)))).rejects.toThrow(/newer than this server/)
  })

  it('refuses a password lesson without a password at the schema level', async () => {
    await migrate(db, AREA_MIGRATIONS)
    await db.run("INSERT INTO users (wmid, nickname, face_icon, is_product_user) VALUES ('wm_x', 'x', '', 1)")
    const insert = db.run(
      `INSERT INTO lessons (course_data, wmid, course_name, privacy_status, create_timestamp) VALUES ('x', 'wm_x', 'x', 2, 0)`,
    )
    // the engine's own error class comes from another realm than jest's: read its text
    const outcome = await insert.then((changed) => `inserted ${changed}`, (error: unknown) => String(error))
    expect(outcome).toMatch(/check constraint/i)
  })
})

describe('npm run migrate', () => {
  const run = (database: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, '../../server/migrateCommand.ts')], {
      env: { ...process.env, ...ENGLISH_LOCALE, DB_PATH: database, DATABASE_URL: '' },
      encoding: 'utf8',
    })

  it('brings a new database to the latest version without seeding it, then finds it up to date', async () => {
    const database = join(dir, 'deploy.sqlite')
    expect(run(database).stdout).toContain(`schema version 0 -> ${LATEST}`)
    expect(run(database).stdout).toContain(`schema version ${LATEST}, up to date`)
    const db = openDb(database)
    expect(await schemaVersion(db)).toBe(LATEST)
    expect(await db.one('SELECT count(*) AS "lessons" FROM lessons')).toEqual({ lessons: 0 })
    await db.close()
  })
})

describe('schema versions', () => {
  it("joins every area's step of a version, in area order", () => {
    const login = [
      { version: 1, sql: 'login 1' },
      { version: 2, sql: 'login 2' },
    ]
    const lesson = [{ version: 1, sql: 'lesson 1' }]
    expect(schemaVersions([login, lesson], 'sqlite')).toEqual(['login 1\nlesson 1', 'login 2'])
  })

  it('refuses a version no area has', () => {
    expect(() => schemaVersions([[{ version: 1, sql: 'a' }], [{ version: 3, sql: 'c' }]], 'sqlite')).toThrow('schema version 2 has no migration')
  })

  it("writes SQLite's words as they are and PostgreSQL's own; a SQLite-only step is empty on PostgreSQL", () => {
    const ddl = 'CREATE TABLE t (id INTEGER PRIMARY KEY, at INTEGER NOT NULL, note TEXT)'
    expect(renderDdl(ddl, 'sqlite')).toBe(ddl)
    expect(renderDdl(ddl, 'postgres')).toBe('CREATE TABLE t (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, at BIGINT NOT NULL, note TEXT)')
    const steps = [{ version: 1, sql: sqliteOnly('CREATE TRIGGER x') }]
    expect(schemaVersions([steps], 'sqlite')).toEqual(['CREATE TRIGGER x'])
    expect(schemaVersions([steps], 'postgres')).toEqual([''])
  })

  it.each(Array.from({ length: LATEST }, (_, applied) => applied))(
    'brings a SQLite database made at version %i to the same schema as a new one',
    async (applied) => {
      const schemaOf = (db: Db): Promise<unknown> => db.all('SELECT type, name, sql FROM sqlite_master ORDER BY type, name')
      const old = openDb(':memory:')
      await migrate(old, AREA_MIGRATIONS.map((steps) => steps.filter((step) => step.version <= applied)))
      expect(await schemaVersion(old)).toBe(applied)
      await migrate(old, AREA_MIGRATIONS)
      const fresh = openDb(':memory:')
      await migrate(fresh, AREA_MIGRATIONS)
      expect(await schemaOf(old)).toEqual(await schemaOf(fresh))
      expect(await schemaVersion(old)).toBe(LATEST)
      await old.close()
      await fresh.close()
    },
  )
})

describe('seed', () => {
  it('is deterministic: two fresh databases answer the same messages', async () => {
    const read = async () => {
      const app = await buildApp({ database: ':memory:' })
      const { body } = await post(app, V2_LIST, { courseData: 'demo-open', page: 1, pageSize: 100 })
      await app.close()
      return body
    }
    expect(await read()).toEqual(await read())
  })
})
