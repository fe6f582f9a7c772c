/**
 * Attempts to read what the access rules protect. Every refusal must carry no message data.
 */
import { textOf } from '../../server/core/messages'
import type { FastifyInstance } from 'fastify'
import type { ArrayData } from '../../types/api'
import type { PictureListData, WireMessage } from '../../types/lesson'
import {
  BUYER,
  BUYER_EXPIRED,
  FREE_LIST,
  OLD_LIST,
  PICTURES,
  TEACHER,
  V2_LIST,
  VISITOR,
  post,
  testApp,
} from './helpers'
import type { Fields } from './helpers'
import { anyNumber } from '../matchers'

let app: FastifyInstance
beforeAll(async () => {
  app = await testApp()
})
afterAll(() => app.close())

async function expectRefused(url: string, fields: Fields, code: number, headers: Record<string, string> = {}) {
  const { status, body } = await post(app, url, fields, headers)
  expect(status).toBe(200)
  expect(body.code).toBe(code)
  expect(body.data).toBeNull()
  return body
}

/** msgIds of the paid lesson as its author reads them. */
async function paidMsgIds(): Promise<string[]> {
  const { body } = await post<ArrayData<WireMessage>>(app, V2_LIST, { courseData: 'demo-paid', page: 1, pageSize: 100 }, TEACHER)
  return body.data.array.map((m) => m.msgId)
}

describe('password lesson', () => {
  const attempts: [string, Fields][] = [
    ['no password', {}],
    ['empty password', { coursePass: '' }],
    [textOf('wrongCoursePassword', 'zh-CN'), { coursePass: '1234' }],
    ['password with a space', { coursePass: '8888 ' }],
    ['a prefix of it', { coursePass: '888' }],
  ]
  // each attempt here is a client's first: passwordTries.test.ts covers the limit on wrong ones
  afterEach(async () => {
    await app.db.run('DELETE FROM attempt_windows')
  })

  it.each(attempts)('refuses the v2 list with %s', async (_, pass) => {
    const body = await expectRefused(V2_LIST, { courseData: 'demo-password', page: 1, pageSize: 20, ...pass }, 403)
    expect(body.msg).toBe(textOf('wrongCoursePassword', 'zh-CN'))
  })

  it.each(attempts)('refuses the old list with %s', async (_, pass) => {
    await expectRefused(OLD_LIST, { data: 'legacy-password', page: 1, pageSize: 10, ...pass }, 403)
  })

  it.each(attempts)('refuses the picture list with %s', async (_, pass) => {
    await expectRefused(PICTURES, { courseData: 'demo-password', msgTimestamp: 0, ...pass }, 403)
  })

  it('has no free list to fall back on', async () => {
    await expectRefused(FREE_LIST, { courseData: 'demo-password', page: 1, pageSize: 20 }, 403)
  })

  it('is not opened by a session of a buyer of something else', async () => {
    await expectRefused(V2_LIST, { courseData: 'demo-password', page: 1, pageSize: 20 }, 403, BUYER)
  })
})

describe('paid lesson beyond its preview', () => {
  const sessions: [string, Record<string, string>][] = [
    ['no session', {}],
    ['a visitor session', VISITOR],
    ['a buyer of another lesson', BUYER],
    ['a forged userid of the author with a buyer token', { userid: 'wm_teacher', token: 'token-buyer' }],
    ['the author userid without a token', { userid: 'wm_teacher' }],
    ['the author userid with an unknown token', { userid: 'wm_teacher', token: 'guess' }],
  ]

  // every v2 attempt also sends a password: it must not stand in for a purchase
  it.each(sessions)('refuses the v2 and old lists with %s (601)', async (_, headers) => {
    for (const page of [1, 2]) {
      for (const pageSize of [1, 5, 20, 100]) {
        await expectRefused(V2_LIST, { courseData: 'demo-paid', page, pageSize, coursePass: '8888' }, 601, headers)
        await expectRefused(OLD_LIST, { data: 'legacy-paid', page, pageSize }, 601, headers)
      }
    }
  })

  it('refuses a lesson without preview to anyone but its buyer, expired sessions included', async () => {
    for (const headers of [{}, VISITOR, BUYER_EXPIRED, { userid: 'wm_visitor', token: 'token-buyer' }]) {
      await expectRefused(V2_LIST, { courseData: 'paid-bought', page: 1, pageSize: 20 }, 601, headers)
      await expectRefused(OLD_LIST, { data: 'legacy-paid-bought', page: 1, pageSize: 10 }, 601, headers)
      await expectRefused(PICTURES, { courseData: 'paid-bought', msgTimestamp: 0 }, 601, headers)
      await expectRefused(FREE_LIST, { courseData: 'paid-bought', page: 1, pageSize: 20 }, 403, headers)
    }
  })

  it('never serves more than the first 5 messages on the free list, whatever the paging', async () => {
    const preview = (await paidMsgIds()).slice(0, 5)
    const served = new Set<string>()
    for (const pageSize of [1, 2, 3, 4, 5, 6, 7, 10, 50, 100]) {
      for (const page of [1, 2, 3, 4, 5, 6, 10, 1000, 1_000_000]) {
        const { body } = await post<ArrayData<WireMessage>>(app, FREE_LIST, { courseData: 'demo-paid', page, pageSize }, BUYER)
        if (body.code === 200) body.data.array.forEach((m) => served.add(m.msgId))
        else expect(body).toEqual({ code: 404, msg: textOf('noMoreMessages', 'zh-CN'), data: null })
        expect(body.code === 200).toBe((page - 1) * pageSize < 5)
      }
    }
    expect([...served].sort()).toEqual([...preview].sort())
  })

  it('answers the 5th message as the last of the free list and 404 right after it', async () => {
    const ids = await paidMsgIds()
    const fifth = await post<ArrayData<WireMessage>>(app, FREE_LIST, { courseData: 'demo-paid', page: 5, pageSize: 1 })
    expect(fifth.body.data.array.map((m) => m.msgId)).toEqual([ids[4]])
    await expectRefused(FREE_LIST, { courseData: 'demo-paid', page: 6, pageSize: 1 }, 404)
    const split = await post<ArrayData<WireMessage>>(app, FREE_LIST, { courseData: 'demo-paid', page: 2, pageSize: 3 })
    expect(split.body.data.array.map((m) => m.msgId)).toEqual(ids.slice(3, 5))
  })

  it('refuses page 0, negative pages, pages beyond the limit and oversized pages with 400', async () => {
    const tricks = [[0, 20], [-1, 20], [-100, 100], [1_000_001, 20], [1, 0], [1, -5], [1, 101], [1, 100000]]
    for (const [page, pageSize] of tricks) {
      await expectRefused(FREE_LIST, { courseData: 'demo-paid', page, pageSize }, 400)
      await expectRefused(V2_LIST, { courseData: 'demo-paid', page, pageSize }, 400, TEACHER)
    }
  })

  it('serves only the preview picture to a reader of the preview', async () => {
    const { body: author } = await post<PictureListData>(app, PICTURES, { courseData: 'demo-paid', msgTimestamp: 0 }, TEACHER)
    expect(author.data.picArray).toHaveLength(2)
    const [inPreview, beyond] = author.data.picArray
    for (const headers of [{}, VISITOR, BUYER, { userid: 'wm_teacher', token: 'token-buyer' }]) {
      for (const pageSize of [1, 2, 40, 100]) {
        const { body } = await post<PictureListData>(app, PICTURES, { courseData: 'demo-paid', msgTimestamp: 0, pageSize }, headers)
        expect(body.data).toEqual({ msgTimestamp: anyNumber(), picArray: [inPreview], isNextData: 0 })
        const next = await post<PictureListData>(app, PICTURES, {
          courseData: 'demo-paid',
          msgTimestamp: body.data.msgTimestamp,
          pageSize,
        }, headers)
        expect(next.body.data.picArray).toEqual([])
      }
    }
    expect(beyond.id).toBeGreaterThan(inPreview.id)
  })
})

describe('illegal lesson', () => {
  it('refuses every list with 451, to the author too', async () => {
    for (const headers of [{}, TEACHER]) {
      await expectRefused(V2_LIST, { courseData: 'demo-illegal', page: 1, pageSize: 20 }, 451, headers)
      await expectRefused(OLD_LIST, { data: 'legacy-illegal', page: 1, pageSize: 10 }, 451, headers)
      await expectRefused(FREE_LIST, { courseData: 'demo-illegal', page: 1, pageSize: 20 }, 451, headers)
      await expectRefused(PICTURES, { courseData: 'demo-illegal', msgTimestamp: 0 }, 451, headers)
    }
  })
})

describe('open lesson', () => {
  it('has no free list', async () => {
    await expectRefused(FREE_LIST, { courseData: 'demo-open', page: 1, pageSize: 20 }, 403)
  })

  it('ends on 404 for a huge page without touching other lessons', async () => {
    await expectRefused(V2_LIST, { courseData: 'demo-open', page: 1_000_000, pageSize: 100 }, 404)
  })
})
