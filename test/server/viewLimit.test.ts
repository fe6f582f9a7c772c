/** A lesson past its view limit answers code 8 (the client opens /vipAlert) to all but its author. */
import { textOf } from '../../server/core/messages'
import type { FastifyInstance } from 'fastify'
import type { ArrayData, ObjectData } from '../../types/api'
import type { LessonInfo, WireMessage } from '../../types/lesson'
import { BUYER, FREE_LIST, OLD_INFO, OLD_LIST, PICTURES, TEACHER, V2_INFO, V2_LIST, post, testApp } from './helpers'

let app: FastifyInstance
beforeEach(async () => {
  app = await testApp()
})
afterEach(() => app.close())

const LIMITED = { code: 8, msg: textOf('viewLimit', 'zh-CN'), data: null }

const views = async (courseData: string): Promise<number | undefined> =>
  (await app.db.one<{ n: number }>('SELECT view_count AS n FROM lessons WHERE course_data = ?', [courseData]))?.n

describe('demo-viewlimit', () => {
  const calls: [string, string, Record<string, string | number>][] = [
    ['v2 info', V2_INFO, { courseData: 'demo-viewlimit' }],
    ['old info', OLD_INFO, { data: 'legacy-viewlimit' }],
    ['v2 list', V2_LIST, { courseData: 'demo-viewlimit', page: 1, pageSize: 20 }],
    ['old list', OLD_LIST, { data: 'legacy-viewlimit', page: 1, pageSize: 10 }],
    ['free list', FREE_LIST, { courseData: 'demo-viewlimit', page: 1, pageSize: 20 }],
    ['picture list', PICTURES, { courseData: 'demo-viewlimit', msgTimestamp: 0 }],
  ]

  it.each(calls)('answers code 8 to the %s, with or without a session', async (_, url, fields) => {
    expect((await post(app, url, fields)).body).toEqual(LIMITED)
    expect((await post(app, url, fields, BUYER)).body).toEqual(LIMITED)
  })

  it('stays readable to its author', async () => {
    const info = await post<ObjectData<LessonInfo>>(app, V2_INFO, { courseData: 'demo-viewlimit' }, TEACHER)
    expect(info.body.data.object.privacyStatus).toBe(1)
    const fields = { courseData: 'demo-viewlimit', page: 1, pageSize: 20 }
    const list = await post<ArrayData<WireMessage>>(app, V2_LIST, fields, TEACHER)
    expect(list.body.data.array).toHaveLength(4)
  })
})

describe('counting views', () => {
  it('counts each opening (info call) by a reader and closes the lesson at its limit', async () => {
    await app.db.run("UPDATE lessons SET view_limit = 2 WHERE course_data = 'demo-apply'")
    const list = () => post(app, V2_LIST, { courseData: 'demo-apply', page: 1, pageSize: 20 })
    expect((await post(app, V2_INFO, { courseData: 'demo-apply' })).body.code).toBe(200)
    expect((await list()).body.code).toBe(200)
    expect((await post(app, V2_INFO, { courseData: 'demo-apply' }, TEACHER)).body.code).toBe(200)
    expect(await views('demo-apply')).toBe(1)
    expect((await post(app, OLD_INFO, { data: 'legacy-apply' }, BUYER)).body.code).toBe(200)
    expect(await views('demo-apply')).toBe(2)
    expect((await post(app, V2_INFO, { courseData: 'demo-apply' })).body).toEqual(LIMITED)
    expect((await list()).body).toEqual(LIMITED)
    expect(await views('demo-apply')).toBe(2)
  })

  it('does not count lessons without a limit', async () => {
    await post(app, V2_INFO, { courseData: 'demo-open' })
    expect(await views('demo-open')).toBe(0)
  })
})

describe('demo-apply', () => {
  it('is an open lesson not yet applied for in-app viewing', async () => {
    const info = await post<ObjectData<LessonInfo>>(app, V2_INFO, { courseData: 'demo-apply' })
    expect(info.body.data.object).toMatchObject({ privacyStatus: 1, applyType: 0, illegal: 0 })
  })
})
