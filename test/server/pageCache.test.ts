/**
 * Each worker keeps serialised message-list pages (server/lesson/pageCache.ts); these tests show
 * it never answers a stale or an unauthorised page. Two apps over one SQLite file stand for two
 * workers of server/cluster.ts: a page is read (and kept) through one, the lesson is changed
 * through the other's repository (or through its own), and the next answer must show the change;
 * access is decided per request whatever was kept before.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { LessonRepository } from '../../server/lesson/data'
import { PageCache } from '../../server/lesson/pageCache'
import type { PageKey } from '../../server/lesson/pageCache'
import type { ArrayData } from '../../types/api'
import type { WireMessage } from '../../types/lesson'
import { FREE_LIST, OLD_LIST, TEACHER, V2_LIST, post } from './helpers'
import type { Fields } from './helpers'
import { sharedTestDatabase } from './engines'

const dir = mkdtempSync(join(tmpdir(), 'page-cache-'))
let reader: FastifyInstance
let writer: FastifyInstance

beforeAll(async () => {
  const database = await sharedTestDatabase(join(dir, 'shared.sqlite'))
  reader = await buildApp({ database, staticDir: '/nonexistent-static-dir' })
  writer = await buildApp({ database, staticDir: '/nonexistent-static-dir' })
})
afterAll(async () => {
  await reader.close()
  await writer.close()
  rmSync(dir, { recursive: true, force: true })
})

const list = (fields: Fields, headers: Record<string, string> = {}, url = V2_LIST) =>
  post<ArrayData<WireMessage>>(reader, url, fields, headers)

const firstPage = { page: 1, pageSize: 20, courseData: 'demo-open' }

/** The lessons of the app: its database's repository, as its routes write through it. */
const lessonsOf = (app: FastifyInstance): LessonRepository => new LessonRepository(app.db)

/** The stored message `msgId` of demo-open. */
async function stored(app: FastifyInstance, msgId: string): Promise<{ id: number; obj: string }> {
  const row = await app.db.one<{ id: number; obj: string }>(
    "SELECT m.id, m.obj FROM messages m JOIN lessons l ON l.id = m.lesson_id WHERE l.course_data = 'demo-open' AND m.msg_id = ?",
    [msgId],
  )
  if (!row) throw new Error(`no message ${msgId}`)
  return row
}

/** Runs `sql` on the other worker's database around `check`, then `undo`. */
async function whileChanged(sql: string, undo: string, check: () => Promise<void>): Promise<void> {
  await writer.db.run(sql)
  try {
    await check()
  } finally {
    await writer.db.run(undo)
  }
}

describe('the message page cache', () => {
  it('answers the same page again from the cache, byte for byte', async () => {
    const first = await list(firstPage)
    const again = await list(firstPage)
    expect(first.body.code).toBe(200)
    expect(first.body.data.array).toHaveLength(20)
    expect(again.raw).toBe(first.raw)
  })

  it('shows an edit made through another worker on the next answer', async () => {
    const before = await list(firstPage)
    const msgId = before.body.data.array[0].msgId
    const edited = JSON.stringify({ content: 'edited through the other worker' })
    const message = await stored(writer, msgId)
    await lessonsOf(writer).changeMessage(message.id, { obj: edited })
    try {
      const after = await list(firstPage)
      expect(after.body.data.array[0].obj).toBe(edited)
    } finally {
      await lessonsOf(writer).changeMessage(message.id, { obj: message.obj })
    }
    expect((await list(firstPage)).raw).toBe(before.raw)
  })

  it('shows an edit made through its own connection on the next answer', async () => {
    const before = await list(firstPage)
    const { id } = await stored(reader, before.body.data.array[1].msgId)
    await lessonsOf(reader).changeMessage(id, { wireExtra: '{"msgUID":"own-edit"}' })
    try {
      expect((await list(firstPage)).body.data.array[1].msgUID).toBe('own-edit')
    } finally {
      await lessonsOf(reader).changeMessage(id, { wireExtra: null })
    }
  })

  it('shifts the page when a message is inserted before it or deleted from it', async () => {
    const before = await list(firstPage)
    const lesson = await writer.db.one<{ id: number }>("SELECT id FROM lessons WHERE course_data = 'demo-open'")
    if (!lesson) throw new Error('no demo-open')
    const [inserted] = await lessonsOf(writer).addMessages([
      { lessonId: lesson.id, msgId: 'inserted-first', msgType: 1000, sendTime: 0, sender: 'wm_teacher', obj: '{}' },
    ])
    try {
      const after = await list(firstPage)
      expect(after.body.data.array.map((m) => m.msgId)).toEqual([
        'inserted-first',
        ...before.body.data.array.slice(0, 19).map((m) => m.msgId),
      ])
    } finally {
      await lessonsOf(writer).deleteMessages([inserted])
    }
    expect((await list(firstPage)).raw).toBe(before.raw)
  })

  it("shows a sender's new name and face on the next answer", async () => {
    const before = await list(firstPage)
    const sender = before.body.data.array[0].senderUserInfo?.nickname
    const user = await writer.db.one<{ wmid: string; faceIcon: string }>('SELECT wmid, face_icon AS "faceIcon" FROM users WHERE nickname = ?', [
      sender ?? '',
    ])
    if (!user) throw new Error(`no user ${sender}`)
    // as every write of a name or face does: the lessons the user wrote in move to a new version with it
    const rename = (nickname: string, faceIcon: string) =>
      writer.db.transaction(async (tx) => {
        await tx.run('UPDATE users SET nickname = ?, face_icon = ? WHERE wmid = ?', [nickname, faceIcon, user.wmid])
        await lessonsOf(writer).senderChanged(tx, user.wmid)
      })
    await rename('renamed', '/media/renamed.png')
    try {
      const sent = (await list(firstPage)).body.data.array.filter((m) => m.senderUserInfo?.nickname === 'renamed')
      expect(sent.length).toBeGreaterThan(0)
      expect(sent[0].senderUserInfo?.faceIcon).toBe('http://localhost:80/media/renamed.png')
    } finally {
      await rename(sender ?? '', user.faceIcon)
    }
    expect((await list(firstPage)).raw).toBe(before.raw)
  })

  it('refuses a kept page once the lesson is locked, paid or illegal, and answers it with the password', async () => {
    expect((await list(firstPage)).body.code).toBe(200)
    await whileChanged(
      "UPDATE lessons SET privacy_status = 2, course_pass = '4321' WHERE course_data = 'demo-open'",
      "UPDATE lessons SET privacy_status = 1, course_pass = NULL WHERE course_data = 'demo-open'",
      async () => {
        expect((await list(firstPage)).body).toMatchObject({ code: 403, data: null })
        expect((await list({ ...firstPage, coursePass: '1234' })).body).toMatchObject({ code: 403, data: null })
        expect((await list({ page: 1, pageSize: 20, data: 'legacy-open' }, {}, OLD_LIST)).body.code).toBe(403)
        expect((await list({ ...firstPage, coursePass: '4321' })).body.data.array).toHaveLength(20)
      },
    )
    await whileChanged(
      "UPDATE lessons SET privacy_status = 3, fee = 100 WHERE course_data = 'demo-open'",
      "UPDATE lessons SET privacy_status = 1, fee = 0 WHERE course_data = 'demo-open'",
      async () => {
        expect((await list(firstPage)).body.data).toBeNull()
        expect((await list(firstPage)).body.code).not.toBe(200)
      },
    )
    await whileChanged(
      "UPDATE lessons SET illegal = 1 WHERE course_data = 'demo-open'",
      "UPDATE lessons SET illegal = 0 WHERE course_data = 'demo-open'",
      async () => expect((await list(firstPage)).body).toMatchObject({ code: 451, data: null }),
    )
    expect((await list(firstPage)).body.data.array).toHaveLength(20)
  })

  it("never answers a reader's full page to a free-preview reader", async () => {
    const paid = { page: 1, pageSize: 20, courseData: 'demo-paid' }
    const full = await list(paid, TEACHER)
    expect(full.body.data.array).toHaveLength(20)
    const preview = await list(paid, {}, FREE_LIST)
    expect(preview.body.data.array.map((m) => m.msgId)).toEqual(full.body.data.array.slice(0, 5).map((m) => m.msgId))
    expect((await list({ ...paid, page: 2, pageSize: 5 }, {}, FREE_LIST)).body.code).toBe(404)
    expect((await list(paid)).body.data).toBeNull()
  })

  it('makes media URLs absolute with the origin each request came to', async () => {
    const at = (host: string) => list(firstPage, { host })
    const one = (await at('one.test')).body.data.array.find((m) => m.msgType === 1001)
    const two = (await at('two.test:8080')).body.data.array.find((m) => m.msgType === 1001)
    expect(one?.obj).toContain('"http://one.test/media/')
    expect(two?.obj).toContain('"http://two.test:8080/media/')
    expect(two?.senderUserInfo?.faceIcon.startsWith('http://two.test:8080/')).toBe(true)
  })
})

describe('PageCache', () => {
  const key = (offset: number): PageKey => ({ lessonId: 1, contentVersion: 1, origin: 'http://a', offset, count: 10 })
  const page = (json: string) => () => Promise.resolve({ json })

  it('builds a page once per key and keeps keys that differ in any part apart', async () => {
    const cache = new PageCache(1000)
    const build = jest.fn(page('one'))
    expect(await cache.page(key(0), build)).toBe(await cache.page(key(0), build))
    expect(build).toHaveBeenCalledTimes(1)
    const variants: PageKey[] = [
      { ...key(0), lessonId: 2 },
      { ...key(0), contentVersion: 2 },
      { ...key(0), origin: 'http://b' },
      key(10),
      { ...key(0), count: 5 },
    ]
    for (const variant of variants) expect((await cache.page(variant, page('other'))).json).toBe('other')
  })

  it('holds at most its bound of characters, dropping the least recently used page first', async () => {
    const cache = new PageCache(10)
    await cache.page(key(0), page('aaaa'))
    await cache.page(key(1), page('bbbb'))
    await cache.page(key(0), page('never built'))
    await cache.page(key(2), page('cccc'))
    expect(cache.size).toBe(8)
    expect((await cache.page(key(0), page('rebuilt'))).json).toBe('aaaa')
    expect((await cache.page(key(1), page('rebuilt'))).json).toBe('rebuilt')
    expect(cache.size).toBeLessThanOrEqual(10)
  })

  it('keeps one copy of a page two requests built at once', async () => {
    const cache = new PageCache(10)
    await Promise.all([cache.page(key(0), page('aaaa')), cache.page(key(0), page('bbbb'))])
    expect(cache.size).toBe(4)
  })

  it('answers a page over the bound without keeping it', async () => {
    const cache = new PageCache(3)
    expect((await cache.page(key(0), page('too long'))).json).toBe('too long')
    expect(cache.size).toBe(0)
    expect((await cache.page(key(0), page('again'))).json).toBe('again')
  })
})
