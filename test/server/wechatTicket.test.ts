/**
 * Share signing (issue 31 item 5): the JS-SDK signature as WeChat's JS-SDK document defines it,
 * and the stable access token and JS-SDK ticket fetched from WeChat, cached in the database every
 * worker and machine shares, refreshed before they expire by one refresher at a time, and kept
 * when a refresh fails. Two ticket sources on one database stand for two workers or machines
 * (PostgreSQL when the suite runs on the real engines, else one SQLite file); WeChat is the
 * stand-in served by a demo app, or a WeChat-shaped server where a failure is needed (the edge).
 */
import { textOf } from '../../server/core/messages'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { DEMO_WECHAT, jsapiSignature } from '../../server/core/wechat'
import type { Db } from '../../server/core/sql'
import { openAppDatabase } from '../../server/database'
import { WECHAT_API_STANDIN } from '../../server/outside/wechatOauth/standin'
import { JsapiTicketSource, JsapiTicketUnavailable, REFRESH_AHEAD_MS, RETRY_AFTER_MS } from '../../server/outside/wechatToken/tickets'
import { standinBase } from '../../server/outside/standinPath'
import { sharedTestDatabase, testDatabase } from './engines'

describe('the JS-SDK signature, against the JS-SDK document\'s example (附录1)', () => {
  const ticket = 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg'
  it('signs the document\'s page as the document does', () => {
    expect(jsapiSignature(ticket, 'Wm3WZYTPz0wzccnW', 1414587457, 'http://mp.weixin.qq.com')).toBe('f4d90daf4b3bca3078ab155816175ba34c443a7b')
  })
  it('signs a page with a query as it is, and without what follows #', () => {
    // the same example with `?params=value`, as WeChat Work's copy of the appendix gives it
    expect(jsapiSignature(ticket, 'Wm3WZYTPz0wzccnW', 1414587457, 'http://mp.weixin.qq.com?params=value#/a')).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed')
  })
})

/** A logger that keeps what is logged at error level. */
function capturingLog(errors: unknown[]): FastifyBaseLogger {
  const quiet = () => undefined
  const log: FastifyBaseLogger = {
    level: 'info',
    fatal: quiet,
    error: (...args: unknown[]) => void errors.push(args),
    warn: quiet,
    info: quiet,
    debug: quiet,
    trace: quiet,
    silent: quiet,
    child: () => log,
  }
  return log
}

/** A demo app serving WeChat's stand-in on a port, counting the calls its token endpoints get. */
async function wechatStandin(): Promise<{ base: string; calls: { token: number; ticket: number }; close: () => Promise<void> }> {
  const app = await buildApp({ database: await testDatabase({ seeded: false }), staticDir: '/nonexistent' })
  const calls = { token: 0, ticket: 0 }
  app.addHook('onRequest', async (request) => {
    if (request.url.includes('/cgi-bin/stable_token')) calls.token += 1
    if (request.url.includes('/cgi-bin/ticket/getticket')) calls.ticket += 1
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  return { base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${standinBase(WECHAT_API_STANDIN)}`, calls, close: () => app.close() }
}

const APP = { appId: DEMO_WECHAT.appId, appSecret: DEMO_WECHAT.appSecret }

describe('the ticket cache, shared through the database', () => {
  let dir: string
  let standin: Awaited<ReturnType<typeof wechatStandin>>
  const dbs: Db[] = []
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ticket-'))
    standin = await wechatStandin()
  })
  afterAll(async () => {
    await standin.close()
    rmSync(dir, { recursive: true, force: true })
  })
  afterEach(async () => {
    for (const db of dbs.splice(0)) await db.close()
    standin.calls.token = 0
    standin.calls.ticket = 0
  })

  /** Two databases handles on one new database: two workers, or two machines. */
  async function twoMachines(name: string): Promise<[Db, Db]> {
    const location = await sharedTestDatabase(join(dir, `${name}.sqlite`))
    const first = await openAppDatabase(location, { seedDemo: false })
    const second = await openAppDatabase(location, { seedDemo: false })
    dbs.push(first, second)
    return [first, second]
  }

  const source = (db: Db, clock?: () => number, errors: unknown[] = []) =>
    new JsapiTicketSource({ db, send: fetch, apiBase: standin.base, app: APP, log: capturingLog(errors), ...(clock ? { clock } : {}) })

  it('fetches a token and a ticket once, and a second machine signs with the same ticket', async () => {
    const [a, b] = await twoMachines('shared')
    const first = await source(a).ticket()
    expect(standin.calls).toEqual({ token: 1, ticket: 1 })
    expect(await source(b).ticket()).toBe(first)
    expect(standin.calls).toEqual({ token: 1, ticket: 1 })
  })

  it('asks WeChat once for 20 concurrent requests on two machines with nothing cached', async () => {
    const [a, b] = await twoMachines('concurrent')
    const sources = [source(a), source(a), source(b), source(b)]
    const tickets = await Promise.all(Array.from({ length: 20 }, (_, i) => sources[i % sources.length].ticket()))
    expect(new Set(tickets).size).toBe(1)
    expect(standin.calls).toEqual({ token: 1, ticket: 1 })
  })

  it('refreshes in the window before expiry, not before it', async () => {
    const [a, b] = await twoMachines('refresh')
    let now = Date.now()
    const clock = () => now
    await source(a, clock).ticket()
    const expiresAt = (await a.one<{ t: number }>('SELECT ticket_expires_at AS t FROM wechat_jsapi'))?.t ?? 0
    expect(expiresAt).toBe(now + 7200_000)
    now = expiresAt - REFRESH_AHEAD_MS - 1000
    await source(b, clock).ticket()
    expect(standin.calls.ticket).toBe(1)
    now = expiresAt - REFRESH_AHEAD_MS + 1000
    await source(b, clock).ticket()
    expect(standin.calls.ticket).toBe(2)
    expect((await a.one<{ t: number }>('SELECT ticket_expires_at AS t FROM wechat_jsapi'))?.t).toBe(now + 7200_000)
  })
})

/** A server where WeChat is, answering as WeChat does until told to fail. */
async function wechatEdge() {
  const state = { failing: false, token: 0, ticket: 0 }
  const edge = Fastify()
  edge.post('/cgi-bin/stable_token', async () => {
    state.token += 1
    return state.failing ? { errcode: -1, errmsg: 'system error' } : { access_token: `token-${state.token}`, expires_in: 7200 }
  })
  edge.get('/cgi-bin/ticket/getticket', async (_request, reply) => {
    state.ticket += 1
    return state.failing ? reply.code(503).send('busy') : { errcode: 0, errmsg: 'ok', ticket: `ticket-${state.ticket}`, expires_in: 7200 }
  })
  await edge.listen({ port: 0, host: '127.0.0.1' })
  return { base: `http://127.0.0.1:${(edge.server.address() as AddressInfo).port}`, state, close: () => edge.close() }
}

describe('a refresh that fails', () => {
  it('keeps serving the still-valid ticket, logs, waits before trying again, and refuses once it has expired', async () => {
    const edge = await wechatEdge()
    const db = await openAppDatabase(await testDatabase({ seeded: false }), { seedDemo: false })
    try {
      let now = Date.now()
      const errors: unknown[] = []
      const tickets = new JsapiTicketSource({ db, send: fetch, apiBase: edge.base, app: APP, log: capturingLog(errors), clock: () => now })
      expect(await tickets.ticket()).toBe('ticket-1')
      const expiresAt = now + 7200_000

      edge.state.failing = true
      now = expiresAt - REFRESH_AHEAD_MS + 1000
      // the token is in its refresh window too: a new one is asked for, and WeChat fails
      expect(await tickets.ticket()).toBe('ticket-1')
      expect(edge.state).toMatchObject({ token: 2, ticket: 1 })
      expect(errors).toHaveLength(1)

      now += RETRY_AFTER_MS - 1000
      expect(await tickets.ticket()).toBe('ticket-1')
      expect(edge.state.token).toBe(2)

      now = expiresAt + 1000
      await expect(tickets.ticket()).rejects.toThrow(JsapiTicketUnavailable)
      expect(edge.state.token).toBe(3)

      edge.state.failing = false
      now += RETRY_AFTER_MS + 1000
      expect(await tickets.ticket()).toMatch(/^ticket-\d+$/)
    } finally {
      await db.close()
      await edge.close()
    }
  })
})

describe('the share config', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await buildApp({ database: await testDatabase(), staticDir: '/nonexistent' })
  })
  afterAll(() => app.close())

  it('is signed in demo mode with the ticket the stand-in gave, through the real client', async () => {
    const page = 'https://h5.example.com/lesson?data=1'
    const res = await app.inject({
      method: 'POST',
      url: '/wx/js/auth/get/share/config.do',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ registerUrl: page }).toString(),
    })
    const { code, data } = res.json<{ code: number; data: { object: { timestamp: number; nonceStr: string; signature: string } } }>()
    expect(code).toBe(200)
    const ticket = (await app.db.one<{ ticket: string }>('SELECT ticket FROM wechat_jsapi'))?.ticket ?? ''
    expect(ticket).toMatch(/^jt\./)
    expect(data.object.signature).toBe(jsapiSignature(ticket, data.object.nonceStr, data.object.timestamp, page))
  })
})

describe('two production apps on one database', () => {
  it('sign with one ticket, fetched once, and answer 505 when WeChat gives none', async () => {
    const standin = await wechatStandin()
    const dir = mkdtempSync(join(tmpdir(), 'ticket-apps-'))
    const database = await sharedTestDatabase(join(dir, 'shared.sqlite'))
    const production = (api: string) => buildApp({ mode: 'production', wechat: DEMO_WECHAT, wechatBases: { api, open: api }, database, staticDir: '/nonexistent' })
    const first = await production(standin.base)
    const second = await production(standin.base)
    const unreachable = await buildApp({ mode: 'production', wechat: DEMO_WECHAT, wechatBases: { api: 'http://127.0.0.1:9', open: 'http://127.0.0.1:9' }, database: await testDatabase({ seeded: false }), staticDir: '/nonexistent' })
    const shareConfig = async (app: FastifyInstance, registerUrl: string) =>
      (
        await app.inject({
          method: 'POST',
          url: '/wx/js/auth/get/share/config.do',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ registerUrl }).toString(),
        })
      ).json<{ code: number; data: { object: { appId: string; timestamp: number; nonceStr: string; signature: string } } | null }>()
    try {
      const page = 'https://h5.example.com/lessonPay/share/demo-paid/1'
      const answers = [await shareConfig(first, page), await shareConfig(second, page)]
      expect(standin.calls).toEqual({ token: 1, ticket: 1 })
      const ticket = (await first.db.one<{ ticket: string }>('SELECT ticket FROM wechat_jsapi'))?.ticket ?? ''
      for (const { code, data } of answers) {
        expect(code).toBe(200)
        expect(data?.object.appId).toBe(DEMO_WECHAT.appId)
        expect(data?.object.signature).toBe(jsapiSignature(ticket, data?.object.nonceStr ?? '', data?.object.timestamp ?? 0, page))
      }
      expect(await shareConfig(unreachable, page)).toEqual({ code: 505, msg: textOf('shareConfigUnavailable', 'zh-CN'), data: null })
    } finally {
      await first.close()
      await second.close()
      await unreachable.close()
      await standin.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
