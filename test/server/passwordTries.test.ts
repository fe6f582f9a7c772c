/**
 * Lesson password tries (issue 15 item 1): a client gets PASSWORD_CLIENT_LIMIT wrong passwords per
 * lesson and window, a lesson PASSWORD_LESSON_LIMIT from everyone; past them the password is not
 * checked and the answer says how long to wait. Clients that gave the right password keep reading.
 */
import type { FastifyInstance } from 'fastify'
import type { ApiEnvelope } from '../../types/api'
import { PASSWORD_TRIES_CODE } from '../../types/lesson'
import { PASSWORD_CLIENT_LIMIT, PASSWORD_LESSON_LIMIT } from '../../server/lesson/passwordTries'
import { OLD_LIST, PICTURES, TEACHER, V2_LIST, testApp } from './helpers'
import type { Fields } from './helpers'

const RIGHT = '8888'
const WAIT = { code: PASSWORD_TRIES_CODE, msg: '密码错误次数过多，请 15 分钟后再试', data: { waitMinutes: 15 } }

let app: FastifyInstance
beforeEach(async () => {
  app = await testApp()
})
afterEach(() => app.close())

async function call(url: string, fields: Fields, client: string, headers: Record<string, string> = {}): Promise<ApiEnvelope<unknown>> {
  const res = await app.inject({
    method: 'POST',
    url,
    remoteAddress: client,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
  })
  return res.json<ApiEnvelope<unknown>>()
}

/** The lock screen's check: a one-item v2 list page carrying the password. */
const tryPassword = (coursePass: string, client: string) =>
  call(V2_LIST, { courseData: 'demo-password', page: 1, pageSize: 1, coursePass }, client)

/** Wrong guesses that are certainly not 8888. */
const guess = (i: number): string => String(i).padStart(4, '0')

describe('one client', () => {
  it(`answers ${PASSWORD_CLIENT_LIMIT.max} wrong passwords 403, then refuses even the right one with the wait`, async () => {
    for (let i = 0; i < PASSWORD_CLIENT_LIMIT.max; i += 1) {
      expect((await tryPassword(guess(i), '203.0.113.1')).code).toBe(403)
    }
    expect(await tryPassword(guess(99), '203.0.113.1')).toEqual(WAIT)
    expect(await tryPassword(RIGHT, '203.0.113.1')).toEqual(WAIT)
  })

  it('gets exactly the limit checked out of 50 guesses sent at once', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => tryPassword(guess(i), '203.0.113.1')))
    expect(answers.filter((a) => a.code === 403)).toHaveLength(PASSWORD_CLIENT_LIMIT.max)
    expect(answers.filter((a) => a.code === PASSWORD_TRIES_CODE)).toHaveLength(50 - PASSWORD_CLIENT_LIMIT.max)
  })

  it('counts the old list and the picture list against the same lesson', async () => {
    await call(OLD_LIST, { data: 'legacy-password', page: 1, pageSize: 1, coursePass: '1' }, '203.0.113.1')
    await call(PICTURES, { courseData: 'demo-password', msgTimestamp: 0, coursePass: '2' }, '203.0.113.1')
    for (let i = 2; i < PASSWORD_CLIENT_LIMIT.max; i += 1) await tryPassword(guess(i), '203.0.113.1')
    expect(await call(PICTURES, { courseData: 'demo-password', msgTimestamp: 0, coursePass: RIGHT }, '203.0.113.1')).toEqual(WAIT)
    expect(await call(OLD_LIST, { data: 'legacy-password', page: 1, pageSize: 1, coursePass: RIGHT }, '203.0.113.1')).toEqual(WAIT)
  })

  it('tries again once the window has passed, and says fewer minutes as it runs out', async () => {
    for (let i = 0; i < PASSWORD_CLIENT_LIMIT.max; i += 1) await tryPassword(guess(i), '203.0.113.1')
    await app.db.run('UPDATE attempt_windows SET window_end = window_end - ?', [PASSWORD_CLIENT_LIMIT.windowMs - 61_000])
    expect((await tryPassword(RIGHT, '203.0.113.1')).data).toEqual({ waitMinutes: 2 })
    await app.db.run('UPDATE attempt_windows SET window_end = window_end - ?', [61_000])
    expect((await tryPassword(RIGHT, '203.0.113.1')).code).toBe(200)
  })

  it('does not count asking without a password, nor the author', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await call(V2_LIST, { courseData: 'demo-password', page: 1, pageSize: 1 }, '203.0.113.1')).code).toBe(403)
      const author = await call(V2_LIST, { courseData: 'demo-password', page: 1, pageSize: 1, coursePass: guess(i) }, '203.0.113.1', TEACHER)
      expect(author.code).toBe(200)
    }
    expect((await tryPassword(RIGHT, '203.0.113.1')).code).toBe(200)
  })
})

describe('many clients', () => {
  it('leaves other clients alone when one is over its limit', async () => {
    for (let i = 0; i < PASSWORD_CLIENT_LIMIT.max + 3; i += 1) await tryPassword(guess(i), '203.0.113.1')
    expect((await tryPassword(RIGHT, '203.0.113.2')).code).toBe(200)
  })

  it(`stops new clients after ${PASSWORD_LESSON_LIMIT.max} wrong passwords on the lesson, but not those who gave the right one`, async () => {
    expect((await tryPassword(RIGHT, '198.51.100.250')).code).toBe(200)
    const attackers = PASSWORD_LESSON_LIMIT.max / PASSWORD_CLIENT_LIMIT.max
    for (let a = 0; a < attackers; a += 1) {
      for (let i = 0; i < PASSWORD_CLIENT_LIMIT.max; i += 1) {
        expect((await tryPassword(guess(a * 10 + i), `198.51.100.${a}`)).code).toBe(403)
      }
    }
    expect(await tryPassword(guess(1234), '198.51.100.99')).toEqual(WAIT)
    expect(await tryPassword(RIGHT, '198.51.100.99')).toEqual(WAIT)
    // the reader who unlocked before keeps reading every page
    const page2 = await call(V2_LIST, { courseData: 'demo-password', page: 2, pageSize: 5, coursePass: RIGHT }, '198.51.100.250')
    expect(page2.code).toBe(200)
    // and the other lessons are not affected
    expect((await call(V2_LIST, { courseData: 'demo-open', page: 1, pageSize: 1 }, '198.51.100.99')).code).toBe(200)
  })
})
