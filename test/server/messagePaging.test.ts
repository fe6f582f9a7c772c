/**
 * The message list pages by each message's stored position and reads the lesson's stored message
 * count, both kept by the repository's writes (server/lesson/data.ts): page N of any size must
 * answer exactly the N-th slice of the lesson in (sendTime, id) order, and 404 past the end,
 * however the messages were written (out of order, deleted, moved to another time or lesson) —
 * checked against that order computed here from the rows themselves.
 */
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { LessonRepository } from '../../server/lesson/data'
import { FREE_LIST, V2_LIST, post, testApp } from './helpers'

type Row = { msgId: string }

let app: FastifyInstance
let lessons: LessonRepository
let lessonId: number
let otherLessonId: number
let inserted = 0

beforeAll(async () => {
  app = await testApp()
  lessons = new LessonRepository(app.db)
  const id = async (courseData: string): Promise<number> => {
    const lesson = await app.db.one<{ id: number }>('SELECT id FROM lessons WHERE course_data = ?', [courseData])
    if (!lesson) throw new Error(`no lesson ${courseData}`)
    return lesson.id
  }
  lessonId = await id('demo-open')
  otherLessonId = await id('demo-password')
})
afterAll(() => app.close())

/** The lesson's msgIds in list order, from the rows (no stored position involved). */
async function expectedOrder(): Promise<string[]> {
  const rows = await app.db.all<Row>('SELECT msg_id AS "msgId" FROM messages WHERE lesson_id = ? ORDER BY send_time, id', [lessonId])
  return rows.map((row) => row.msgId)
}

async function page(n: number, pageSize: number) {
  return post<{ array: Row[] }>(app, V2_LIST, { page: n, pageSize, courseData: 'demo-open' })
}

async function expectPagesMatch(pageSize: number): Promise<void> {
  const order = await expectedOrder()
  const pages = Math.ceil(order.length / pageSize)
  for (let n = 1; n <= pages; n += 1) {
    const { body } = await page(n, pageSize)
    expect(body.code).toBe(200)
    expect(body.data?.array.map((m) => m.msgId)).toEqual(order.slice((n - 1) * pageSize, n * pageSize))
  }
  expect((await page(pages + 1, pageSize)).body.code).toBe(404)
}

const insert = (msgId: string, sendTime: number) => lessons.addMessages([{ lessonId, msgId, msgType: 1000, sendTime, sender: 'wm_teacher', obj: '{}' }])

describe('message list paging by stored position', () => {
  it('answers the seeded lesson page by page in list order, 404 past the end', async () => {
    await expectPagesMatch(20)
    await expectPagesMatch(7)
  })

  it('stays in list order through inserts anywhere, same-time ties, deletes and moves', async () => {
    const times = await app.db.one<{ first: number; last: number }>(
      'SELECT min(send_time) AS first, max(send_time) AS last FROM messages WHERE lesson_id = ?',
      [lessonId],
    )
    if (!times) throw new Error('no messages')
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
            const ids = (await app.db.all<{ id: number }>('SELECT id FROM messages WHERE lesson_id = ? ORDER BY id', [lessonId])).map((r) => r.id)
            if (op.op === 'insert') {
              // same send_time as an existing message half of the time: the id breaks the tie
              inserted += 1
              await insert(`p-${inserted}`, op.at % 2 === 0 ? times.first : op.at)
            } else if (ids.length > 0) {
              const id = ids[op.pick % ids.length]
              if (op.op === 'delete') await lessons.deleteMessages([id])
              if (op.op === 'move-time') await lessons.changeMessage(id, { sendTime: op.at })
              if (op.op === 'move-lesson') await lessons.changeMessage(id, { lessonId: otherLessonId })
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

  it('keeps the stored count equal to the rows after every kind of write', async () => {
    const mismatched = await app.db.one<{ n: number }>(
      'SELECT count(*) AS n FROM lessons l WHERE message_count <> (SELECT count(*) FROM messages WHERE lesson_id = l.id)',
    )
    const total = await app.db.one<{ n: number }>('SELECT coalesce(sum(message_count), 0) AS n FROM lessons')
    expect(total?.n).toBeGreaterThan(0)
    expect(mismatched?.n).toBe(0)
  })

  it('keeps every stored position equal to the place in list order after every kind of write', async () => {
    const misplaced = await app.db.one<{ n: number }>(
      `SELECT count(*) AS n FROM messages m JOIN (
         SELECT id, row_number() OVER (PARTITION BY lesson_id ORDER BY send_time, id) AS place FROM messages
       ) AS ordered ON ordered.id = m.id
       WHERE m.position <> ordered.place`,
    )
    expect(misplaced?.n).toBe(0)
  })
})
