/**
 * The message list pages by each message's stored position (lesson migration 4) and reads the
 * lesson's stored message count: page N of any size must answer exactly the N-th slice of the
 * lesson in (sendTime, id) order, and 404 past the end, however the messages were written
 * (out of order, deleted, moved to another time or lesson) — checked against that order
 * computed here from the rows themselves.
 */
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { FREE_LIST, V2_LIST, post, testApp } from './helpers'

type Row = { msgId: string }

let app: FastifyInstance
let lessonId: number
let otherLessonId: number
let inserted = 0

beforeAll(async () => {
  app = await testApp()
  const id = (courseData: string) =>
    (app.legacyDb.prepare('SELECT id FROM lessons WHERE course_data = ?').get(courseData) as { id: number }).id
  lessonId = id('demo-open')
  otherLessonId = id('demo-password')
})
afterAll(() => app.close())

/** The lesson's msgIds in list order, from the rows (no stored position involved). */
function expectedOrder(): string[] {
  return (
    app.legacyDb.prepare('SELECT msg_id AS msgId FROM messages WHERE lesson_id = ? ORDER BY send_time, id').all(lessonId) as Row[]
  ).map((row) => row.msgId)
}

async function page(n: number, pageSize: number) {
  return post<{ array: Row[] }>(app, V2_LIST, { page: n, pageSize, courseData: 'demo-open' })
}

async function expectPagesMatch(pageSize: number): Promise<void> {
  const order = expectedOrder()
  const pages = Math.ceil(order.length / pageSize)
  for (let n = 1; n <= pages; n += 1) {
    const { body } = await page(n, pageSize)
    expect(body.code).toBe(200)
    expect(body.data?.array.map((m) => m.msgId)).toEqual(order.slice((n - 1) * pageSize, n * pageSize))
  }
  expect((await page(pages + 1, pageSize)).body.code).toBe(404)
}

const insert = (msgId: string, sendTime: number) =>
  app.legacyDb
    .prepare("INSERT INTO messages (lesson_id, msg_id, msg_type, send_time, sender, obj) VALUES (?, ?, 1000, ?, 'wm_teacher', '{}')")
    .run(lessonId, msgId, sendTime)

describe('message list paging by stored position', () => {
  it('answers the seeded lesson page by page in list order, 404 past the end', async () => {
    await expectPagesMatch(20)
    await expectPagesMatch(7)
  })

  it('stays in list order through inserts anywhere, same-time ties, deletes and moves', async () => {
    const times = (app.legacyDb.prepare('SELECT min(send_time) AS first, max(send_time) AS last FROM messages WHERE lesson_id = ?').get(lessonId)) as {
      first: number
      last: number
    }
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ op: fc.constant('insert' as const), at: fc.integer({ min: times.first - 1000, max: times.last + 1000 }) }),
            fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
            fc.record({ op: fc.constant('move-time' as const), pick: fc.nat(), at: fc.integer({ min: times.first, max: times.last }) }),
            fc.record({ op: fc.constant('move-lesson' as const), pick: fc.nat() }),
          ),
          { minLength: 1, maxLength: 12 },
        ),
        fc.integer({ min: 1, max: 30 }),
        async (ops, pageSize) => {
          for (const op of ops) {
            const ids = (app.legacyDb.prepare('SELECT id FROM messages WHERE lesson_id = ? ORDER BY id').all(lessonId) as Array<{ id: number }>).map((r) => r.id)
            if (op.op === 'insert') {
              // same send_time as an existing message half of the time: the id breaks the tie
              inserted += 1
              insert(`p-${inserted}`, op.at % 2 === 0 ? times.first : op.at)
            } else if (ids.length > 0) {
              const id = ids[op.pick % ids.length]
              if (op.op === 'delete') app.legacyDb.prepare('DELETE FROM messages WHERE id = ?').run(id)
              if (op.op === 'move-time') app.legacyDb.prepare('UPDATE messages SET send_time = ? WHERE id = ?').run(op.at, id)
              if (op.op === 'move-lesson') app.legacyDb.prepare('UPDATE messages SET lesson_id = ? WHERE id = ?').run(otherLessonId, id)
            }
          }
          await expectPagesMatch(pageSize)
        },
      ),
      { numRuns: 25 },
    )
  })

  it('counts the messages a paid lesson previews from the stored count too', async () => {
    const free = await post<{ array: Row[] }>(app, FREE_LIST, { page: 1, pageSize: 20, courseData: 'demo-paid' })
    expect(free.body.data?.array).toHaveLength(5)
    expect((await post(app, FREE_LIST, { page: 2, pageSize: 20, courseData: 'demo-paid' })).body.code).toBe(404)
  })

  it('keeps the stored count equal to the rows after every kind of write', () => {
    const mismatched = app.legacyDb
      .prepare('SELECT count(*) AS n FROM lessons l WHERE message_count <> (SELECT count(*) FROM messages WHERE lesson_id = l.id)')
      .get() as { n: number }
    const total = app.legacyDb.prepare('SELECT sum(message_count) AS n FROM lessons').get() as { n: number }
    expect(total.n).toBeGreaterThan(0)
    expect(mismatched.n).toBe(0)
  })
})
