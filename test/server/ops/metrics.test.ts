/**
 * Issue 33 item 2: /metrics in Prometheus's text format for the token's holder only, with the
 * requests by route pattern and status, the chat room's members and messages, WeChat Pay's
 * notifications by outcome, attempt-limit refusals, page-cache hits and the database's
 * connections. On SQLite, and on PostgreSQL with the engines (scripts/engines.mjs).
 */
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../../server/app'
import { CHATROOM_SOCKET_PATH } from '../../../types/chatroom'
import type { WireMessage } from '../../../types/chatroom'
import { DEMO_CHATROOM_ID } from '../../../server/chatroom/seed'
import { PASSWORD_CLIENT_LIMIT } from '../../../server/lesson/passwordTries'
import { engineLocations } from '../engines'
import { LOGIN, ORDER_CREATE, SANDBOX_PAY, V2_LIST, post } from '../helpers'
import { RoomSocket } from '../chatroom/roomSocket'

const TOKEN = 'metrics-token-for-the-test-0123456789'

/** The value of the sample `name{labels}` (labels in the order the text has them), or 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels)
  for (const line of text.split('\n')) {
    const found = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!found || found[1] !== name) continue
    const has = Object.fromEntries([...(found[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]))
    if (wanted.every(([key, value]) => has[key] === value) && Object.keys(has).length === wanted.length) return Number(found[3])
  }
  return 0
}

describe.each(engineLocations())('/metrics on %s', (_engine, location) => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await buildApp({ database: await location(), staticDir: '/nonexistent-static-dir', metricsToken: TOKEN })
  })
  afterAll(() => app.close())

  const scrape = async (): Promise<string> => {
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    return res.body
  }

  it('refuses a scrape without the token, or with another, and says nothing else', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} })
      expect([res.statusCode, res.body]).toEqual([401, 'unauthorized'])
      expect(res.headers['www-authenticate']).toBe('Bearer')
    }
  })

  it('counts requests by route pattern, method and status, never by the address asked', async () => {
    const before = await scrape()
    const labels = { route: V2_LIST, method: 'POST', code: '200' }
    for (const url of [`${V2_LIST}?loginData=${LOGIN.buyer}`, V2_LIST]) {
      expect((await post(app, url, { courseData: 'demo-open', page: 1, pageSize: 1 })).body.code).toBe(200)
    }
    const site = await app.inject({ method: 'GET', url: `/lessonAdmin/${LOGIN.teacher}` })
    const after = await scrape()
    expect(sample(after, 'lesson_http_request_duration_seconds_count', labels) - sample(before, 'lesson_http_request_duration_seconds_count', labels)).toBe(2)
    expect(sample(after, 'lesson_http_request_duration_seconds_count', { route: '(site)', method: 'GET', code: String(site.statusCode) })).toBeGreaterThan(0)
    expect(after).not.toContain(LOGIN.buyer)
    expect(after).not.toContain(LOGIN.teacher)
  })

  it('counts page-cache hits and misses', async () => {
    const before = await scrape()
    const page = { courseData: 'demo-open', page: 1, pageSize: 2 }
    expect((await post(app, V2_LIST, page)).body.code).toBe(200)
    expect((await post(app, V2_LIST, page)).body.code).toBe(200)
    const after = await scrape()
    const delta = (result: string) => sample(after, 'lesson_page_cache_lookups_total', { result }) - sample(before, 'lesson_page_cache_lookups_total', { result })
    expect(delta('miss')).toBe(1)
    expect(delta('hit')).toBe(1)
  })

  it('counts attempt-limit refusals by the kind of limit, without the client', async () => {
    const client = '203.0.113.77'
    const tryPassword = (coursePass: string) =>
      app.inject({
        method: 'POST',
        url: V2_LIST,
        remoteAddress: client,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ courseData: 'demo-password', page: '1', pageSize: '1', coursePass }).toString(),
      })
    const refusals = (text: string) => sample(text, 'lesson_attempt_limit_refusals_total', { limit: 'lesson-pass:client' })
    const before = await scrape()
    for (let i = 0; i < PASSWORD_CLIENT_LIMIT.max + 2; i += 1) await tryPassword(String(i).padStart(4, '0'))
    const after = await scrape()
    expect(refusals(after) - refusals(before)).toBe(2)
    expect(after).not.toContain(client)
  })

  it('counts WeChat Pay notifications by outcome', async () => {
    const before = await scrape()
    const order = await post<{ object: { orderNO: string } }>(app, ORDER_CREATE, { courseData: 'demo-paid', loginData: LOGIN.buyer })
    // the sandbox pays at WeChat Pay's stand-in, which sends its signed notification to this server
    await post(app, SANDBOX_PAY, { orderNO: order.body.data.object.orderNO })
    await app.inject({ method: 'POST', url: '/wechatpay/notify/transaction', headers: { 'content-type': 'application/json' }, payload: '{}' })
    const after = await scrape()
    const delta = (outcome: string) =>
      sample(after, 'lesson_payment_notifications_total', { kind: 'transaction', outcome }) - sample(before, 'lesson_payment_notifications_total', { kind: 'transaction', outcome })
    expect(delta('accepted')).toBe(1)
    expect(delta('unsigned')).toBe(1)
  })

  it("counts the chat room's seated members and its messages", async () => {
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const open = () => RoomSocket.open(`ws://127.0.0.1:${port}${CHATROOM_SOCKET_PATH}`)
    const before = await scrape()
    const [a, b] = [await open(), await open()]
    await a.command('login', { chatroomId: DEMO_CHATROOM_ID, anonymous: true, nick: 'Ann' })
    await b.command('login', { chatroomId: DEMO_CHATROOM_ID, anonymous: true, nick: 'Bo' })
    await a.command<WireMessage>('sendMsg', { idClient: 'metrics-1', type: 100, body: 'one' })
    // a resend is one message
    await a.command<WireMessage>('sendMsg', { idClient: 'metrics-1', type: 100, body: 'one' })
    await b.command<WireMessage>('sendMsg', { idClient: 'metrics-2', type: 100, body: 'two' })
    const during = await scrape()
    expect(sample(during, 'lesson_chatroom_members')).toBe(2)
    expect(sample(during, 'lesson_chatroom_messages_total') - sample(before, 'lesson_chatroom_messages_total')).toBe(2)
    a.close()
    b.close()
  })

  it("says how the database's connections are used", async () => {
    const text = await scrape()
    const inUse = sample(text, 'lesson_db_connections', { state: 'in_use' })
    const idle = sample(text, 'lesson_db_connections', { state: 'idle' })
    expect(inUse).toBeGreaterThanOrEqual(0)
    expect(inUse + idle).toBeGreaterThanOrEqual(1)
    expect(text).toMatch(/^lesson_db_waiting \d+$/m)
  })
})

it('has no /metrics without a token: the address is one of the site', async () => {
  const app = await buildApp({ staticDir: '/nonexistent-static-dir' })
  try {
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
    expect(res.headers['content-type']).not.toMatch(/^text\/plain/)
    expect(res.body).not.toContain('# TYPE')
  } finally {
    await app.close()
  }
})
