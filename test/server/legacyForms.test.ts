import type { FastifyInstance } from 'fastify'
import { LessonRepository } from '../../server/lesson/data'
import { LEGACY_FORMS_COURSE_DATA } from '../../server/lesson/seedLegacyForms'
import { parseMessage } from '../../src/domain/message'
import type { ArrayData, ObjectData } from '../../types/api'
import type { LessonInfo, PictureListData, WireMessage } from '../../types/lesson'
import { OLD_LIST, PICTURES, V2_INFO, V2_LIST, post, testApp } from './helpers'
import { anyString, objectContaining, stringContaining } from '../matchers'

const ORIGIN = 'http://lesson.test:8080'
const AT_ORIGIN = { host: 'lesson.test:8080' }
/** Every field a list item may carry (types/lesson.ts WireMessage). */
const WIRE_KEYS = [
  'id',
  'msgId',
  'msgType',
  'sendTime',
  'resourceUrl',
  'obj',
  'content',
  'senderUserInfo',
  'objectName',
  'voiceUrl',
  'msgUID',
]

async function list(app: FastifyInstance, fields: Record<string, string> = {}): Promise<WireMessage[]> {
  const { status, body } = await post<ArrayData<WireMessage>>(
    app,
    V2_LIST,
    { courseData: LEGACY_FORMS_COURSE_DATA, page: 1, pageSize: 100, ...fields },
    AT_ORIGIN,
  )
  expect(status).toBe(200)
  expect(body.code).toBe(200)
  return body.data.array
}

async function pictures(app: FastifyInstance): Promise<PictureListData> {
  const { status, body } = await post<PictureListData>(
    app,
    PICTURES,
    { courseData: LEGACY_FORMS_COURSE_DATA, msgTimestamp: 0, pageSize: 50 },
    AT_ORIGIN,
  )
  expect(status).toBe(200)
  expect(body.code).toBe(200)
  return body.data
}

const byMsgId = (wire: WireMessage[], n: number): WireMessage => {
  const msgId = `${LEGACY_FORMS_COURSE_DATA}-${String(n).padStart(3, '0')}`
  const found = wire.find((m) => m.msgId === msgId)
  if (found === undefined) throw new Error(`no message ${msgId}`)
  return found
}

describe('the legacy-forms lesson', () => {
  let app: FastifyInstance
  let wire: WireMessage[]
  beforeAll(async () => {
    app = await testApp()
    wire = await list(app)
  })
  afterAll(() => app.close())

  it('is an open lesson by wm_teacher, also under its old link handle', async () => {
    const info = await post<ObjectData<LessonInfo>>(app, V2_INFO, { courseData: LEGACY_FORMS_COURSE_DATA })
    expect(info.body.data.object).toMatchObject({ illegal: 0, privacyStatus: 1, wmid: 'wm_teacher' })
    const old = await post<ArrayData<WireMessage>>(app, OLD_LIST, { data: 'legacy-forms', page: 1, pageSize: 100 })
    expect(old.body.data.array.map((m) => m.msgId)).toEqual(wire.map((m) => m.msgId))
  })

  it('holds six messages one minute apart on one day', () => {
    expect(wire).toHaveLength(6)
    const times = wire.map((m) => m.sendTime)
    expect(times.slice(1).map((t, i) => t - times[i])).toEqual([60_000, 60_000, 60_000, 60_000, 60_000])
    const days = new Set(times.map((t) => new Date(t + 8 * 3600_000).toISOString().slice(0, 10)))
    expect(days.size).toBe(1)
  })

  it('answers the RC:VcMsg fields with an absolute voiceUrl', () => {
    const voice = byMsgId(wire, 2)
    expect(voice).toMatchObject({
      objectName: 'RC:VcMsg',
      voiceUrl: `${ORIGIN}/media/voice/greeting.mp3`,
      msgUID: anyString(),
    })
    expect(voice.msgUID).not.toBe('')
    expect(voice.content).toBeUndefined()
  })

  it('answers the content-JSON form with absolute URLs inside the content string', () => {
    const image = byMsgId(wire, 3)
    expect(image.obj).toBeUndefined()
    expect(image.resourceUrl).toBeUndefined()
    const content = JSON.parse(String(image.content)) as { msgType: number; msgId: string; obj: { url: string }; resourceUrl: string }
    expect(content).toMatchObject({ msgType: 1001, msgId: image.msgId, resourceUrl: `${ORIGIN}/media/image/square.png` })
    expect(content.obj.url).toMatch(new RegExp(`^${ORIGIN}/media/image/`))
    expect(content.obj.url).not.toBe(content.resourceUrl)

    const voice = JSON.parse(String(byMsgId(wire, 4).content)) as { obj: { url: string } }
    expect(voice.obj.url).toBe(`${ORIGIN}/media/voice/weekend.m4a`)
  })

  it('parses into text, voice, image, voice, text, text with the right URLs', () => {
    const messages = wire.map(parseMessage)
    expect(messages.map((m) => m.kind)).toEqual(['text', 'voice', 'image', 'voice', 'text', 'text'])
    expect(messages.map((m) => m.msgId)).toEqual(wire.map((m) => m.msgId))
    expect(messages[1]).toMatchObject({ kind: 'voice', url: byMsgId(wire, 2).voiceUrl, duration: 10 })
    // the content's resourceUrl wins over its stale obj.url
    expect(messages[2]).toMatchObject({ kind: 'image', url: `${ORIGIN}/media/image/square.png`, width: 480, height: 480 })
    expect(messages[3]).toMatchObject({ kind: 'voice', url: `${ORIGIN}/media/voice/weekend.m4a`, duration: 6 })
    expect(messages[4]).toMatchObject({ kind: 'text', text: stringContaining('旧版') })
  })

  it('serves every media file the lesson names', async () => {
    const urls = [
      byMsgId(wire, 2).voiceUrl,
      `${ORIGIN}/media/image/square.png`,
      `${ORIGIN}/media/voice/weekend.m4a`,
    ]
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url: String(url).slice(ORIGIN.length) })
      expect(res.statusCode).toBe(200)
    }
  })

  it('lists the content-form image in the picture list with its overriding URL', async () => {
    const data = await pictures(app)
    expect(data.picArray).toEqual([{ id: byMsgId(wire, 3).id, url: `${ORIGIN}/media/image/square.png` }])
    expect(data.isNextData).toBe(0)
  })
})

describe('stored wire_extra of other shapes', () => {
  let app: FastifyInstance
  let firstAdded: number

  /** Adds an image row after the seeded ones; its transport obj.url is bars.jpg. */
  const addImage = async (n: number, wireExtra: string | null, resourceUrl: string | null = null): Promise<void> => {
    const lesson = await app.db.one<{ id: number }>('SELECT id FROM lessons WHERE course_data = ?', [LEGACY_FORMS_COURSE_DATA])
    if (!lesson) throw new Error('no legacy-forms lesson')
    await new LessonRepository(app.db).addMessages([
      {
        lessonId: lesson.id,
        msgId: `added-${n}`,
        msgType: 1001,
        sendTime: firstAdded + n * 60_000,
        sender: 'wm_teacher',
        obj: JSON.stringify({ url: '/media/image/bars.jpg' }),
        resourceUrl,
        wireExtra,
      },
    ])
  }

  beforeEach(async () => {
    app = await testApp()
    const seeded = await list(app)
    firstAdded = seeded[seeded.length - 1].sendTime + 60_000
  })
  afterEach(() => app.close())

  const hostile: Array<[string, string]> = [
    ['not JSON', 'not json {'],
    ['a __proto__ key and an object objectName', '{"__proto__":{"x":1},"objectName":{"a":1}}'],
    ['an array', '["RC:VcMsg"]'],
    ['a bare string', '"RC:VcMsg"'],
    ['null', 'null'],
    [
      'unlisted keys and a non-string voiceUrl',
      '{"id":99,"msgType":1000,"obj":"{}","senderUserInfo":{"nickname":"x"},"resourceUrl":"/media/x","voiceUrl":5,"extra":"x"}',
    ],
  ]

  it.each(hostile)('with %s answers the row without any of its fields', async (_name, wireExtra) => {
    await addImage(1, wireExtra)
    const added = (await list(app)).find((m) => m.msgId === 'added-1')
    expect(added).toBeDefined()
    expect(Object.keys(added ?? {}).sort()).toEqual(['id', 'msgId', 'msgType', 'obj', 'sendTime', 'senderUserInfo'])
    expect(added).toMatchObject({ msgType: 1001, senderUserInfo: { nickname: '林老师' } })
    expect(added?.id).not.toBe(99)
    expect(parseMessage(added)).toMatchObject({ kind: 'image', url: `${ORIGIN}/media/image/bars.jpg` })
    const picture = (await pictures(app)).picArray.find((p) => p.id === added?.id)
    expect(picture?.url).toBe(`${ORIGIN}/media/image/bars.jpg`)
  })

  it('answers only the listed string fields beside others, and keeps a broken content as sent', async () => {
    await addImage(1, JSON.stringify({ content: '{"obj":{"url":"/media/image/chart.png"', objectName: 'RC:ImgMsg', x: 'y', msgUID: 7 }))
    const added = (await list(app)).find((m) => m.msgId === 'added-1')
    expect(added && Object.keys(added).filter((k) => !WIRE_KEYS.includes(k))).toEqual([])
    expect(added).toMatchObject({ objectName: 'RC:ImgMsg', content: `{"obj":{"url":"${ORIGIN}/media/image/chart.png"` })
    expect(added?.msgUID).toBeUndefined()
    // an unreadable content leaves the transport obj.url to the picture list
    const picture = (await pictures(app)).picArray.find((p) => p.id === added?.id)
    expect(picture?.url).toBe(`${ORIGIN}/media/image/bars.jpg`)
  })

  it('picks the same picture URL as the parser when both forms are present', async () => {
    const content = (value: object) => JSON.stringify({ content: JSON.stringify({ msgType: 1001, ...value }) })
    // content.resourceUrl > resourceUrl > content.obj.url > obj.url
    await addImage(1, content({ obj: { url: '/media/image/tall.jpg' }, resourceUrl: '/media/image/chart.png' }), '/media/image/wide.jpg')
    await addImage(2, content({ obj: { url: '/media/image/tall.jpg' } }), '/media/image/wide.jpg')
    await addImage(3, content({ obj: { url: '/media/image/tall.jpg' } }))
    await addImage(4, content({ obj: { width: 1 } }))
    const wire = await list(app)
    const pictureUrls = new Map((await pictures(app)).picArray.map((p) => [p.id, p.url]))
    const expected = ['chart.png', 'wide.jpg', 'tall.jpg'].map((file) => `${ORIGIN}/media/image/${file}`)
    const added = [1, 2, 3].map((n) => wire.find((m) => m.msgId === `added-${n}`))
    expect(added.map((m) => pictureUrls.get(m?.id ?? 0))).toEqual(expected)
    expect(added.map((m) => parseMessage(m))).toEqual(expected.map((url) => objectContaining({ kind: 'image', url })))
    // the content holds no url: the picture list falls back to the transport obj.url
    const lastId = wire.find((m) => m.msgId === 'added-4')?.id ?? 0
    expect(pictureUrls.get(lastId)).toBe(`${ORIGIN}/media/image/bars.jpg`)
  })
})
