/**
 * Resume on any device (server/resume): each listener's place is theirs alone, the newest save wins
 * however the saves arrive, and no hostile field reaches the database. Runs on SQLite and, with
 * TEST_DATABASE_URL (scripts/engines.mjs), on PostgreSQL.
 */
import type { FastifyInstance } from 'fastify'
import type { ArrayData, ObjectData } from '../../types/api'
import type { ResumeListItem, ResumeRecord, ResumeSaved } from '../../types/resume'
import { RESUME_CLOCK_SKEW_MS } from '../../src/domain/resume'
import { BUYER, BUYER_EXPIRED, TEACHER, VISITOR, post, testApp } from './helpers'
import type { Fields } from './helpers'

const SAVE = '/wmim/course/v2/resume/save.do'
const GET = '/wmim/course/v2/resume/get.do'
const LIST = '/wmim/course/v2/resume/list.do'

let app: FastifyInstance
let voices: string[]
let textMsgId: string

beforeAll(async () => {
  app = await testApp()
  const rows = await app.db.all<{ msgId: string; msgType: number }>(
    `SELECT m.msg_id AS "msgId", m.msg_type AS "msgType" FROM messages m JOIN lessons l ON l.id = m.lesson_id
     WHERE l.course_data = 'demo-all-types' ORDER BY m.send_time, m.id`,
  )
  voices = rows.filter((r) => r.msgType === 1002).map((r) => r.msgId)
  textMsgId = rows.find((r) => r.msgType !== 1002)?.msgId ?? ''
  expect(voices.length).toBeGreaterThanOrEqual(2)
  expect(textMsgId).not.toBe('')
})
afterAll(() => app.close())

let clock = Date.now() - 60_000
const place = (over: Fields = {}): Fields => ({
  courseData: 'demo-all-types',
  msgId: voices[0],
  position: 12,
  at: (clock += 10),
  deviceId: 'phone-device-1',
  device: 'miniProgram',
  ...over,
})
const save = (fields: Fields, session: Record<string, string> = BUYER) => post<ObjectData<ResumeSaved>>(app, SAVE, fields, session)
const get = (courseData: string, session: Record<string, string> = BUYER) => post<ObjectData<ResumeRecord | null>>(app, GET, { courseData }, session)

describe('resume places', () => {
  it('needs a live session for every call (601)', async () => {
    for (const session of [{}, BUYER_EXPIRED, { userid: BUYER.userid, token: VISITOR.token }]) {
      expect((await save(place(), session)).body.code).toBe(601)
      expect((await get('demo-all-types', session)).body.code).toBe(601)
      expect((await post(app, LIST, {}, session)).body.code).toBe(601)
    }
  })

  it('keeps a place for its listener only: another user neither reads nor moves it', async () => {
    const mine = place({ msgId: voices[1], position: 34 })
    expect((await save(mine)).body.data.object.kept).toBe(1)
    expect((await get('demo-all-types')).body.data.object).toEqual({
      courseData: 'demo-all-types',
      msgId: voices[1],
      position: 34,
      at: mine.at,
      deviceId: 'phone-device-1',
      device: 'miniProgram',
    })
    expect((await get('demo-all-types', VISITOR)).body.data.object).toBeNull()
    // the visitor's own save, newer, is the visitor's: the buyer's place stays
    expect((await save(place({ position: 99, deviceId: 'visitor-device' }), VISITOR)).body.data.object.kept).toBe(1)
    expect((await get('demo-all-types')).body.data.object?.position).toBe(34)
    expect((await get('demo-all-types', VISITOR)).body.data.object?.position).toBe(99)
    // a forged userid header with the visitor's token is not the buyer
    const forged = await save(place({ position: 1 }), { userid: BUYER.userid, token: VISITOR.token })
    expect(forged.body.code).toBe(601)
    expect((await get('demo-all-types')).body.data.object?.position).toBe(34)
  })

  it('the newest save wins: a late, older save from another device changes nothing', async () => {
    const newer = place({ position: 50, device: 'browser', deviceId: 'browser-device' })
    const older = { ...place({ position: 5 }), at: Number(newer.at) - 5_000 }
    expect((await save(newer)).body.data.object.kept).toBe(1)
    expect((await save(older)).body.data.object.kept).toBe(0)
    const kept = (await get('demo-all-types')).body.data.object
    expect(kept).toMatchObject({ position: 50, device: 'browser', deviceId: 'browser-device' })
  })

  it('a client clock far ahead is held to the server clock, so it cannot pin the place forever', async () => {
    const before = Date.now()
    expect((await save(place({ at: before + 365 * 24 * 3600_000, position: 70 }))).body.data.object.kept).toBe(1)
    const stored = (await get('demo-all-types')).body.data.object
    expect(stored?.position).toBe(70)
    expect(stored?.at).toBeLessThanOrEqual(Date.now() + RESUME_CLOCK_SKEW_MS)
    // a save made after that, by a correct clock past the skew, takes over
    const later = await save(place({ at: Date.now() + RESUME_CLOCK_SKEW_MS + 1_000, position: 71 }))
    expect(later.body.data.object.kept).toBe(1)
    expect((await get('demo-all-types')).body.data.object?.position).toBe(71)
  })

  it('50 saves at once, arriving in any order, leave the newest one', async () => {
    const base = Date.now() - 60_000
    const order = Array.from({ length: 50 }, (_, i) => i).sort(() => Math.random() - 0.5)
    const answers = await Promise.all(order.map((i) => save(place({ at: base + i * 10, position: i, deviceId: `device-${String(i).padStart(4, '0')}` }), TEACHER)))
    expect(answers.every((a) => a.body.code === 200)).toBe(true)
    expect((await get('demo-all-types', TEACHER)).body.data.object).toMatchObject({ position: 49, at: base + 490, deviceId: 'device-0049' })
    const rows = await app.db.all<{ n: number }>('SELECT COUNT(*) AS n FROM resume_places WHERE wmid = ?', [TEACHER.userid])
    expect(rows[0].n).toBe(1)
  })

  it('refuses hostile fields before they reach the database', async () => {
    const cases: Fields[] = [
      place({ position: -1 }),
      place({ position: '1e400' }),
      place({ position: 'Infinity' }),
      place({ position: 24 * 3600 + 1 }),
      place({ at: 0 }),
      place({ at: '9'.repeat(30) }),
      place({ device: 'hacker' }),
      place({ deviceId: 'has space!' }),
      place({ deviceId: 'short' }),
      place({ msgId: 'x'.repeat(500) }),
      place({ courseData: '' }),
    ]
    for (const fields of cases) {
      const { body } = await save(fields)
      expect([body.code, fields]).toEqual([400, fields])
    }
    expect((await save(place({ courseData: 'no-such-lesson' }))).body.code).toBe(404)
    expect((await save(place({ msgId: textMsgId }))).body.code).toBe(404)
    expect((await save(place({ msgId: "' OR 1=1 --" }))).body.code).toBe(404)
  })

  it('says the refusal in the reader\'s language', async () => {
    const zh = await save(place({ msgId: textMsgId }))
    expect(zh.body.msg).toBe('这节课里没有这条语音')
    const en = await post(app, SAVE, place({ msgId: textMsgId }), { ...BUYER, 'accept-language': 'en' })
    expect(en.body.msg).toBe('this lesson has no such voice')
  })

  it('lists the listener\'s places, newest first, with where the voice stands in its lesson', async () => {
    const at = Date.now() + 10 * RESUME_CLOCK_SKEW_MS
    await save(place({ msgId: voices[1], position: 3, at }), VISITOR)
    const { body } = await post<ArrayData<ResumeListItem>>(app, LIST, {}, VISITOR)
    expect(body.code).toBe(200)
    expect(body.data.array).toHaveLength(1)
    const [item] = body.data.array
    expect(item).toMatchObject({ courseData: 'demo-all-types', msgId: voices[1], position: 3, voiceIndex: 1, voiceCount: voices.length })
    expect(item.courseName).not.toBe('')
    expect(item.coursePic).toMatch(/^https?:\/\/.+\/media\//)
    expect(item.voiceDuration).toBeGreaterThan(0)
  })
})
