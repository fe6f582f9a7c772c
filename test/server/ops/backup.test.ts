/**
 * Issue 33 item 5: `npm run backup` and `npm run restore`, run as an operator runs them (the
 * command, with DB_PATH or DATABASE_URL), on a seeded database of each engine this run covers:
 * SQLite's online backup API for the file, pg_dump / pg_restore (custom format) for PostgreSQL.
 * The money balances after a round trip equal the ones backed up; a restore onto a database that
 * holds anything is refused in the operator's words unless told to replace it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDb, type Db } from '../../../server/core/sql'
import { openAppDatabase } from '../../../server/database'
import { MoneyRepository, type Balances } from '../../../server/money/data'
import { platformFee } from '../../../server/money/rules'
import { TEST_DATABASE_URL, freshPostgresDatabase } from '../engines'
import { ENGLISH_LOCALE, runCommand, type Ran } from '../operatorLocale'

jest.setTimeout(60_000)

/** `npm run backup|restore -- …` as the package script runs it (tsx on the command's file), on `location`. */
function command(mode: 'backup' | 'restore', location: string, args: readonly string[]): Promise<Ran> {
  const env: NodeJS.ProcessEnv = { ...process.env }
  delete env.DATABASE_URL
  delete env.DB_PATH
  Object.assign(env, location.startsWith('postgres') ? { DATABASE_URL: location } : { DB_PATH: location }, ENGLISH_LOCALE)
  return runCommand('server/ops/backupCommand.ts', [mode, ...args], env)
}

/** Every seller's and buyer's balances, and every withdrawal row: what a restore must give back. */
async function moneyOf(db: Db): Promise<{ balances: Record<string, Balances>; clearings: unknown[] }> {
  const money = new MoneyRepository(db)
  // one instant for both readings: maturity depends on it
  const now = 1_800_000_000_000
  const users = await db.all<{ wmid: string }>('SELECT wmid FROM users ORDER BY wmid')
  const balances: Record<string, Balances> = {}
  for (const { wmid } of users) balances[wmid] = await money.balances(wmid, now)
  const clearings = await db.all('SELECT clearing_no AS "no", wmid, order_money AS "money", status FROM clearings ORDER BY clearing_no')
  return { balances, clearings }
}

const engines: Array<[string, (dir: string, name: string) => Promise<string>]> = [['SQLite', (dir, name) => Promise.resolve(join(dir, `${name}.sqlite`))]]
if (TEST_DATABASE_URL) engines.push(['PostgreSQL', () => freshPostgresDatabase()])

describe.each(engines)('npm run backup and npm run restore on %s', (engine, place) => {
  let dir = ''
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'lesson-backup-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('backs up a seeded database while it is open, restores it into an empty one with equal balances, and refuses a non-empty one unless told to replace it', async () => {
    const source = await place(dir, 'source')
    const target = await place(dir, 'target')
    const file = join(dir, engine === 'SQLite' ? 'backup.sqlite' : 'backup.dump')
    const db = await openAppDatabase(source)
    try {
      // money that moved after the seed: a withdrawal the backup must carry
      const withdrawn = await new MoneyRepository(db).withdrawAll('wm_teacher', Date.now(), 'CLBACKUP1', platformFee, () => null)
      expect(withdrawn).toMatchObject({ clearingNO: 'CLBACKUP1' })
      const before = await moneyOf(db)
      expect(Object.keys(before.balances).length).toBeGreaterThan(3)
      expect(before.balances.wm_teacher?.withdrawn).toBeGreaterThan(0)

      // the server keeps its database open meanwhile: an online backup
      const made = await command('backup', source, [file])
      expect(made.stderr).not.toMatch(/error|failed/i)
      expect(made.code).toBe(0)
      expect(made.stdout).toMatch(/^Backed up .* \(\d+ tables, \d+ users, \d+ lessons\) to /)

      const restored = await command('restore', target, [file])
      expect(restored.code).toBe(0)
      expect(restored.stdout).toMatch(/^Restored .* it holds \d+ tables/)
      const copy = openDb(target)
      try {
        expect(await moneyOf(copy)).toEqual(before)
      } finally {
        await copy.close()
      }

      // the source changes after the backup, and a restore onto it is refused: nothing is touched
      await db.run("UPDATE clearings SET status = 2, settled_at = 1 WHERE clearing_no = 'CLBACKUP1'")
      const changed = await moneyOf(db)
      expect(changed).not.toEqual(before)
      const refused = await command('restore', source, [file])
      expect(refused.code).toBe(1)
      expect(refused.stderr).toMatch(/is not empty: it holds \d+ tables, \d+ users, \d+ lessons\. A restore would replace all of it/)
      expect(refused.stderr).toContain('--replace')
      expect(await moneyOf(db)).toEqual(changed)
    } finally {
      await db.close()
    }

    // told to replace it (its servers stopped), the restore gives back the balances backed up
    const replaced = await command('restore', source, [file, '--replace'])
    expect(replaced).toMatchObject({ code: 0 })
    const back = openDb(source)
    try {
      const money = await moneyOf(back)
      expect(money.clearings).toContainEqual(expect.objectContaining({ no: 'CLBACKUP1', wmid: 'wm_teacher', status: 0 }))
      const copy = openDb(target)
      try {
        expect(money).toEqual(await moneyOf(copy))
      } finally {
        await copy.close()
      }
    } finally {
      await back.close()
    }
  })

  it('refuses a file that is not a backup, and a backup over an existing file', async () => {
    const target = await place(dir, 'other')
    const notBackup = join(dir, 'notes.txt')
    writeFileSync(notBackup, 'not a backup')
    const refused = await command('restore', target, [notBackup])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/is not a (SQLite|PostgreSQL) backup made by npm run backup/)
    const overwrite = await command('backup', target, [notBackup])
    expect(overwrite.code).toBe(1)
    expect(overwrite.stderr).toContain('exists already: name a new file for the backup')
  })
})
