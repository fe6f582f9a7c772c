/**
 * Issue 33 item 6, SQLite: the file a node serves cannot be written for a while (another process
 * holds its write lock: a stuck script, a copy taken the wrong way). A write waits SQLite's busy
 * time-out (5 s, which the workers of one machine rely on to take turns), then is answered 503 in
 * the catalogue's words with nothing written; reads go on (WAL); once the lock is gone the same
 * write goes through, whole, with no restart.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { ResponseCode } from '../../../types/api'
import { moneyCalls } from '../../../types/money'
import { textOf } from '../../../server/core/messages'
import { LOGIN, TEACHER, V2_LIST } from '../helpers'
import { ServerNode, post, probe } from './gracefulNodes'

jest.setTimeout(60_000)

describe('the SQLite file locked by another process', () => {
  let dir = ''
  let node: ServerNode
  let file = ''

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lesson-outage-sqlite-'))
    file = join(dir, 'lesson.sqlite')
    node = await ServerNode.start('S', file)
  }, 60_000)

  afterAll(async () => {
    await node?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('answers a write 503 with its words and writes nothing, keeps reading, and writes again once the lock is gone', async () => {
    const card = { realName: '林晓', idCardNo: '11010119900101123X', bankNo: '6222020000001234', phone: '13900000009', bankName: '工商银行' }
    expect((await post(node.port, moneyCalls.saveBankCard.path, card, TEACHER)).code).toBe(200)
    const other = new Database(file)
    const clearings = (): number => Number((other.prepare("SELECT count(*) AS n FROM clearings WHERE wmid = 'wm_teacher'").get() as { n: number }).n)
    const before = clearings()
    other.exec('BEGIN EXCLUSIVE')
    try {
      const refused = await post(node.port, moneyCalls.apply.path, { loginData: LOGIN.teacher }, { ...TEACHER, 'accept-language': 'en' })
      expect(JSON.parse(refused.body)).toEqual({ code: ResponseCode.Unavailable, msg: textOf('databaseUnavailable', 'en'), data: null })
      // reads go on beside the lock
      expect((await post(node.port, V2_LIST, { courseData: 'demo-open', page: '1', pageSize: '5' })).code).toBe(200)
    } finally {
      other.exec('ROLLBACK')
    }
    expect(clearings()).toBe(before)
    expect(await probe(node.port, '/readyz')).toBe(200)
    const made = await post(node.port, moneyCalls.apply.path, { loginData: LOGIN.teacher }, TEACHER)
    expect(made.code).toBe(200)
    expect(clearings()).toBe(before + 1)
    other.close()
  })
})
