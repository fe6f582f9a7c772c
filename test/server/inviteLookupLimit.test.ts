/**
 * Issue 29 item 11: the invite-password lookups answer whether a user ID exists, and the spec has
 * invitees call them without a session, so each client gets INVITE_LOOKUP_LIMIT lookups a window,
 * known and unknown IDs alike, counted exactly under concurrency. Runs on SQLite, and on
 * PostgreSQL through scripts/engines.mjs.
 */
import type { FastifyInstance } from 'fastify'
import { INVITE_LOOKUP_LIMIT } from '../../server/invite/routes'
import { inviteCalls } from '../../types/invite'
import { testApp } from './helpers'

let app: FastifyInstance
beforeEach(async () => {
  app = await testApp()
})
afterEach(() => app.close())

const fromClient = (ip: string) => ({ remoteAddress: ip })
const friendQuery = (wmid: string, ip = '203.0.113.7') =>
  app.inject({
    method: 'POST',
    url: inviteCalls.friendQuery.path,
    payload: new URLSearchParams({ wmid }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    ...fromClient(ip),
  })
const codeOf = (answer: { json(): unknown }): number => (answer.json() as { code: number }).code

describe('invite lookups are limited per client', () => {
  it('stops a client probing user IDs after the limit, known and unknown IDs counted alike', async () => {
    const codes: number[] = []
    for (let i = 0; i < INVITE_LOOKUP_LIMIT.max; i += 1) codes.push(codeOf(await friendQuery(i % 2 === 0 ? 'wm_teacher' : `wm_probe_${i}`)))
    expect(codes.filter((code) => code === 200)).toHaveLength(INVITE_LOOKUP_LIMIT.max / 2)
    expect(codes.filter((code) => code === 404)).toHaveLength(INVITE_LOOKUP_LIMIT.max / 2)

    const refused = await friendQuery('wm_teacher')
    expect(refused.json()).toEqual({ code: 403, msg: '查询邀请过于频繁，请 10 分钟后再试', data: null })
    // the group lookup counts in the same window
    const group = await app.inject({
      method: 'POST',
      url: inviteCalls.groupQuery.path,
      payload: new URLSearchParams({ wmid: 'wm_teacher', gid: 'g-paid' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      ...fromClient('203.0.113.7'),
    })
    expect(group.json()).toEqual({ code: 403, msg: 'too many invitation lookups: try again in 10 minutes', data: null })
    // another client is not held back by this one
    expect(codeOf(await friendQuery('wm_teacher', '198.51.100.9'))).toBe(200)
  })

  it('lets exactly the limit through when 50 lookups arrive at once', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => friendQuery(i % 2 === 0 ? 'wm_teacher' : `wm_probe_${i}`)))
    const codes = answers.map(codeOf)
    expect(codes.filter((code) => code !== 403)).toHaveLength(INVITE_LOOKUP_LIMIT.max)
    expect(codes.filter((code) => code === 403)).toHaveLength(50 - INVITE_LOOKUP_LIMIT.max)
  })
})
