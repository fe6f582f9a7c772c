/**
 * The admin and complaint lists (server/lesson/review.ts, spec 000 §6-§7): only a valid token
 * reads, and the token decides whatever the lesson's own access rules say.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import type { ArrayData } from '../../types/api'
import type { WireMessage } from '../../types/lesson'
import { reviewCalls, REVIEW_PAGE_SIZE } from '../../types/review'
import { BUYER, TEACHER, post, testApp } from './helpers'
import { sharedTestDatabase } from './engines'

const ADMIN_LIST = reviewCalls.adminMessages.path
const COMPLAINT_LIST = reviewCalls.complaintMessages.path
const LISTS = [ADMIN_LIST, COMPLAINT_LIST] as const

const ADMIN = { userid: 'wm_admin', token: 'token-admin' }
const COMPLAINANT = { userid: 'wm_complainant', token: 'token-complaint-open' }
const EXPIRED_COMPLAINANT = { userid: 'wm_complainant', token: 'token-complaint-expired' }

let app: FastifyInstance
beforeAll(async () => {
  app = await testApp()
})
afterAll(() => app.close())

const list = (path: string, data: string, headers: Record<string, string>, page = 1) =>
  post<ArrayData<WireMessage>>(app, path, { page, pageSize: REVIEW_PAGE_SIZE, data }, headers)

describe.each(LISTS)('%s', (path) => {
  it.each(['legacy-open', 'legacy-password', 'legacy-paid', 'legacy-illegal', 'legacy-viewlimit', 'demo-paid'])(
    'answers an admin every lesson, whatever its own rules (%s)',
    async (data) => {
      const { body } = await list(path, data, ADMIN)
      expect(body.code).toBe(200)
      expect(body.data.array.length).toBeGreaterThan(0)
      expect(body.data.array.length).toBeLessThanOrEqual(REVIEW_PAGE_SIZE)
    },
  )

  it('answers the author with their own session', async () => {
    const { body } = await list(path, 'legacy-paid', TEACHER)
    expect(body.code).toBe(200)
    expect(body.data.array[0].msgId).toBe('demo-paid-001')
  })

  it('answers a complainant the lesson complained about, page by page to a 404 end', async () => {
    const seen: string[] = []
    for (let page = 1; page < 50; page += 1) {
      const { body } = await list(path, 'legacy-open', COMPLAINANT, page)
      if (body.code === 404) break
      expect(body.code).toBe(200)
      seen.push(...body.data.array.map((m) => m.msgId))
    }
    const whole = await post<ArrayData<WireMessage>>(app, '/wmim/course/v2/message/list.do', { page: 1, pageSize: 100, courseData: 'demo-open' })
    expect(seen).toEqual(whole.body.data.array.map((m) => m.msgId))
  })

  it.each([
    ['no token at all', {}],
    ["a complainant's token for another lesson", COMPLAINANT],
    ['a forged token', { userid: 'wm_admin', token: 'token-admin-forged' }],
    ["the admin's token under another userid", { userid: 'wm_buyer', token: 'token-admin' }],
    ["a complainant's token under the admin's userid", { userid: 'wm_admin', token: 'token-complaint-open' }],
    ['an expired token', EXPIRED_COMPLAINANT],
    ["a buyer's session (not the author)", BUYER],
    ['a userid alone', { userid: 'wm_admin' }],
  ])('refuses %s', async (_, headers) => {
    const data = headers === EXPIRED_COMPLAINANT ? 'legacy-open' : 'legacy-paid'
    const { body } = await list(path, data, headers)
    expect(body.code).toBe(403)
    expect(body.data).toBeNull()
  })

  it('refuses an unknown lesson unless an admin asks, who is told it does not exist', async () => {
    expect((await list(path, 'no-such-lesson', COMPLAINANT)).body.code).toBe(403)
    expect((await list(path, 'no-such-lesson', {})).body.code).toBe(403)
    expect((await list(path, 'no-such-lesson', ADMIN)).body.code).toBe(404)
  })

  it.each([
    [{ page: 0, pageSize: 10, data: 'legacy-open' }],
    [{ page: 1, pageSize: 101, data: 'legacy-open' }],
    [{ page: '1e400', pageSize: 10, data: 'legacy-open' }],
    [{ page: 1, pageSize: 10, data: '' }],
    [{ page: 1, pageSize: 10, data: 'x'.repeat(500) }],
  ])('rejects hostile input %j as a bad request', async (fields) => {
    expect((await post(app, path, fields, ADMIN)).body.code).toBe(400)
  })

  it('answers 50 concurrent mixed requests each by its own token', async () => {
    const askers = [ADMIN, COMPLAINANT, BUYER, { userid: 'wm_admin', token: 'nope' }, TEACHER]
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => list(path, 'legacy-paid', askers[i % askers.length])))
    expect(answers.map((a) => a.body.code)).toEqual(Array.from({ length: 50 }, (_, i) => [200, 403, 403, 403, 200][i % 5]))
  })
})

it('the complaint list ignores a wrong coursePass: the token decides', async () => {
  const { body } = await post(app, COMPLAINT_LIST, { page: 1, pageSize: 10, data: 'legacy-password', coursePass: 'wrong' }, ADMIN)
  expect(body.code).toBe(200)
})

describe('a production server over a database the demo seeded', () => {
  let dir: string
  let prod: FastifyInstance
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lesson-review-'))
    const database = await sharedTestDatabase(join(dir, 'data.sqlite'))
    await (await buildApp({ database })).close()
    prod = await buildApp({ mode: 'production', wechat: { appId: 'wx-prod', appSecret: 's', miniAppId: 'wx-mini', miniAppSecret: 'ms' }, database })
  })
  afterAll(async () => {
    await prod.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('no longer accepts the demo admin and complaint tokens', async () => {
    for (const headers of [ADMIN, COMPLAINANT]) {
      const { body } = await post(prod, ADMIN_LIST, { page: 1, pageSize: 10, data: 'legacy-open' }, headers)
      expect(body.code).toBe(403)
    }
  })
})
