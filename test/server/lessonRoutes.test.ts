import { textOf } from '../../server/core/messages'
import type { FastifyInstance } from 'fastify'
import type { ArrayData, ObjectData } from '../../types/api'
import type { LessonInfo, PictureListData, WireMessage } from '../../types/lesson'
import {
  APPLY,
  BUYER,
  BUYER_EXPIRED,
  FREE_LIST,
  OLD_INFO,
  OLD_LIST,
  PICTURES,
  TEACHER,
  V2_INFO,
  V2_LIST,
  VISITOR,
  post,
  testApp,
} from './helpers'
import type { Fields } from './helpers'

const ORIGIN = 'http://lesson.test:8080'
const AT_ORIGIN = { host: 'lesson.test:8080' }

let app: FastifyInstance
beforeEach(async () => {
  app = await testApp()
})
afterEach(() => app.close())

/** Reads a list call page by page until it answers 404, as the client does. */
async function readAll(url: string, fields: Fields, pageSize: number, headers = {}): Promise<WireMessage[]> {
  const all: WireMessage[] = []
  for (let page = 1; ; page += 1) {
    const { body } = await post<ArrayData<WireMessage>>(app, url, { ...fields, page, pageSize }, headers)
    if (body.code === 404) return all
    expect(body.code).toBe(200)
    expect(body.data.array.length).toBeGreaterThan(0)
    expect(body.data.array.length).toBeLessThanOrEqual(pageSize)
    all.push(...body.data.array)
  }
}

const text = (m: WireMessage): string => (JSON.parse(String(m.obj)) as { content: string }).content

describe('lesson info', () => {
  const FIELDS: (keyof LessonInfo)[] = [
    'illegal', 'markId', 'applyType', 'createTimestamp', 'courseName', 'coursePic', 'shareUrl', 'isBought',
    'isCheckedFreeCount', 'freeCount', 'wmid', 'privacyStatus', 'isCheckedShareRecash', 'shareRecash', 'fee',
    'nickname', 'faceIcon', 'loginUrl',
  ]

  it('answers every LessonInfo field of an open lesson, media as absolute URLs of the called host', async () => {
    const { status, body } = await post<ObjectData<LessonInfo>>(app, V2_INFO, { courseData: 'demo-open' }, AT_ORIGIN)
    expect(status).toBe(200)
    expect(body.code).toBe(200)
    const info = body.data.object
    expect(Object.keys(info).sort()).toEqual([...FIELDS].sort())
    expect(info).toMatchObject({ illegal: 0, privacyStatus: 1, wmid: 'wm_teacher', nickname: '林老师', isBought: 0 })
    expect(info.faceIcon).toBe(`${ORIGIN}/media/avatar-teacher.png`)
    expect(info.coursePic).toBe(`${ORIGIN}/media/slide-1.png`)
  })

  it('answers the same lesson for its old link handle', async () => {
    const v2 = await post<ObjectData<LessonInfo>>(app, V2_INFO, { courseData: 'demo-open' })
    const old = await post<ObjectData<LessonInfo>>(app, OLD_INFO, { data: 'legacy-open' })
    expect(old.body.code).toBe(200)
    expect(old.body.data.object).toEqual(v2.body.data.object)
  })

  it('answers the price, preview and share reward of the paid lesson', async () => {
    const { body } = await post<ObjectData<LessonInfo>>(app, V2_INFO, { courseData: 'demo-paid' }, AT_ORIGIN)
    expect(body.data.object).toMatchObject({
      privacyStatus: 3,
      fee: 990,
      isCheckedFreeCount: 1,
      freeCount: 5,
      isCheckedShareRecash: 1,
      shareRecash: 100,
      shareUrl: `${ORIGIN}/lessonPay/share/demo-paid/1`,
    })
  })

  it('sets isBought from the session: 1 only for a live session of a buyer', async () => {
    const isBought = async (headers: Record<string, string>): Promise<number> =>
      (await post<ObjectData<LessonInfo>>(app, V2_INFO, { courseData: 'paid-bought' }, headers)).body.data.object
        .isBought
    expect(await isBought(BUYER)).toBe(1)
    expect(await isBought({})).toBe(0)
    expect(await isBought(VISITOR)).toBe(0)
    expect(await isBought(BUYER_EXPIRED)).toBe(0)
    expect(await isBought({ userid: 'wm_buyer', token: 'token-visitor' })).toBe(0)
  })

  it('answers 404 course does not exist for an unknown handle', async () => {
    for (const [url, fields] of [
      [V2_INFO, { courseData: 'nope' }],
      [OLD_INFO, { data: 'nope' }],
      [V2_INFO, { courseData: 'legacy-open' }],
      [OLD_INFO, { data: 'demo-open' }],
    ] as const) {
      const { status, body } = await post(app, url, fields)
      expect(status).toBe(200)
      expect(body).toEqual({ code: 404, msg: textOf('courseMissing', 'zh-CN'), data: null })
    }
  })

  it('answers only illegal and courseName for an illegal lesson', async () => {
    for (const [url, fields] of [
      [V2_INFO, { courseData: 'demo-illegal' }],
      [OLD_INFO, { data: 'legacy-illegal' }],
    ] as const) {
      const { body } = await post(app, url, fields, TEACHER)
      expect(body.code).toBe(200)
      expect(body.data).toEqual({ object: { illegal: 1, courseName: '违规示例课程' } })
    }
  })

  it('falls back to localhost for a Host header that could break the URLs', async () => {
    const { body } = await post<ObjectData<LessonInfo>>(app, V2_INFO, { courseData: 'demo-open' }, {
      host: 'evil.test"><script>',
    })
    expect(body.data.object.faceIcon).toBe('http://localhost/media/avatar-teacher.png')
  })
})

describe('message lists', () => {
  it('pages through all 65 messages of the open lesson in sendTime then id order, ending on 404', async () => {
    const all = await readAll(V2_LIST, { courseData: 'demo-open' }, 20)
    expect(all).toHaveLength(65)
    expect(new Set(all.map((m) => m.id)).size).toBe(65)
    for (let i = 1; i < all.length; i += 1) {
      const [a, b] = [all[i - 1], all[i]]
      expect(a.sendTime < b.sendTime || (a.sendTime === b.sendTime && a.id < b.id)).toBe(true)
    }
    expect(all.filter((m) => m.msgType === 1001)).toHaveLength(3)
    expect(new Set(all.map((m) => m.senderUserInfo?.nickname))).toEqual(new Set(['林老师', '助教小雨']))
  })

  it('pages exactly at the page size: 20, 20, 20, 5, then 404', async () => {
    const sizes: number[] = []
    for (let page = 1; page <= 5; page += 1) {
      const { body } = await post<ArrayData<WireMessage>>(app, V2_LIST, { courseData: 'demo-open', page, pageSize: 20 })
      sizes.push(body.code === 200 ? body.data.array.length : -body.code)
    }
    expect(sizes).toEqual([20, 20, 20, 5, -404])
  })

  it('sends text payloads exactly as stored, the script-looking one included', async () => {
    const all = await readAll(V2_LIST, { courseData: 'demo-open' }, 100)
    const hostile = all.find((m) => text(m) === '<img src=x onerror=alert(1)>')
    expect(hostile?.obj).toBe('{"content":"<img src=x onerror=alert(1)>"}')
    expect(all[0].msgId).toBe('demo-open-001')
  })

  it('makes image payload and avatar URLs absolute', async () => {
    const all = await readAll(V2_LIST, { courseData: 'demo-open' }, 100, AT_ORIGIN)
    const image = all.find((m) => m.msgType === 1001)
    expect(JSON.parse(String(image?.obj))).toEqual({ url: `${ORIGIN}/media/slide-1.png`, width: 480, height: 320 })
    expect(all.every((m) => m.senderUserInfo?.faceIcon.startsWith(`${ORIGIN}/media/avatar-`))).toBe(true)
  })

  it('answers the same messages through the old list with its page size of 10', async () => {
    const v2 = await readAll(V2_LIST, { courseData: 'demo-open' }, 20)
    const old = await readAll(OLD_LIST, { data: 'legacy-open' }, 10)
    expect(old).toEqual(v2)
  })

  it('answers a password lesson with the right password on both lists', async () => {
    const v2 = await readAll(V2_LIST, { courseData: 'demo-password', coursePass: '8888' }, 20)
    const old = await readAll(OLD_LIST, { data: 'legacy-password', coursePass: '8888' }, 10)
    expect(v2).toHaveLength(15)
    expect(old).toEqual(v2)
  })

  it('answers a paid lesson to its buyer and to its author', async () => {
    expect(await readAll(V2_LIST, { courseData: 'paid-bought' }, 20, BUYER)).toHaveLength(10)
    expect(await readAll(OLD_LIST, { data: 'legacy-paid-bought' }, 10, BUYER)).toHaveLength(10)
    expect(await readAll(V2_LIST, { courseData: 'demo-paid' }, 20, TEACHER)).toHaveLength(25)
  })

  it('serves the first freeCount messages of a preview lesson on the free list', async () => {
    const full = await readAll(V2_LIST, { courseData: 'demo-paid' }, 100, TEACHER)
    const free = await readAll(FREE_LIST, { courseData: 'demo-paid' }, 20)
    expect(free).toEqual(full.slice(0, 5))
  })
})

describe('picture list', () => {
  const pictures = async (fields: Fields, headers = {}) =>
    (await post<PictureListData>(app, PICTURES, fields, headers)).body

  it('pages through the image messages after the cursor', async () => {
    const images = (await readAll(V2_LIST, { courseData: 'demo-open' }, 100, AT_ORIGIN)).filter(
      (m) => m.msgType === 1001,
    )
    const first = await pictures({ courseData: 'demo-open', msgTimestamp: 0, pageSize: 2 }, AT_ORIGIN)
    expect(first.code).toBe(200)
    expect(first.data.picArray).toEqual(
      images.slice(0, 2).map((m) => ({ id: m.id, url: (JSON.parse(String(m.obj)) as { url: string }).url })),
    )
    expect(first.data.isNextData).toBe(1)
    expect(first.data.msgTimestamp).toBe(images[1].sendTime)

    const second = await pictures({ courseData: 'demo-open', msgTimestamp: first.data.msgTimestamp, pageSize: 2 })
    expect(second.data.picArray.map((p) => p.id)).toEqual([images[2].id])
    expect(second.data.isNextData).toBe(0)
    expect(second.data.msgTimestamp).toBe(images[2].sendTime)

    const after = await pictures({ courseData: 'demo-open', msgTimestamp: images[2].sendTime })
    expect(after.data).toEqual({ msgTimestamp: images[2].sendTime, picArray: [], isNextData: 0 })
  })

  it('uses a page size of 40 when none is sent', async () => {
    const { code, data } = await pictures({ courseData: 'demo-open', msgTimestamp: 0 })
    expect(code).toBe(200)
    expect(data.picArray).toHaveLength(3)
    expect(data.isNextData).toBe(0)
  })

  it('answers picture URLs that the server serves', async () => {
    const { data } = await pictures({ courseData: 'demo-open', msgTimestamp: 0 })
    const res = await app.inject({ method: 'GET', url: new URL(data.picArray[0].url).pathname })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
  })

  it('answers the password lesson picture with the password', async () => {
    const { code, data } = await pictures({ courseData: 'demo-password', msgTimestamp: 0, coursePass: '8888' })
    expect(code).toBe(200)
    expect(data.picArray).toHaveLength(1)
  })
})

describe('apply', () => {
  const applyType = async (): Promise<number> =>
    (await post<ObjectData<LessonInfo>>(app, V2_INFO, { courseData: 'demo-open' })).body.data.object.applyType

  it('records one review request per lesson and marks the lesson as submitted', async () => {
    expect(await applyType()).toBe(0)
    expect((await post(app, APPLY, { data: 'demo-open' })).body).toEqual({ code: 200, msg: 'success', data: null })
    expect((await post(app, APPLY, { data: 'demo-open' }, BUYER)).body.code).toBe(200)
    expect(await applyType()).toBe(1)
    const requests = await app.db.one<{ n: number }>(
      "SELECT count(*) AS n FROM apply_requests JOIN lessons l ON l.id = lesson_id WHERE l.course_data = 'demo-open'",
    )
    expect(requests?.n).toBe(1)
  })

  it('refuses unknown and illegal lessons', async () => {
    expect((await post(app, APPLY, { data: 'nope' })).body.code).toBe(404)
    expect((await post(app, APPLY, { data: 'demo-illegal' })).body.code).toBe(451)
  })
})
