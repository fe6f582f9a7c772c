/**
 * Issue 33 item 7: one rate limit per client on the API as a whole, answered in the envelope with
 * the minutes to wait in the reader's language; the probes, /metrics, the site and WeChat Pay's
 * notifications are never limited. Counted in memory, or in Redis shared by every node when the
 * engines run (scripts/engines.mjs sets TEST_REDIS_URL).
 */
import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import { buildApp, serverConfigFromEnv } from '../../../server/app'
import { DEFAULT_RATE_LIMIT, RATE_LIMITED_CODE, registerRateLimit } from '../../../server/ops/rateLimit'
import type { ApiEnvelope } from '../../../types/api'
import { V2_INFO } from '../helpers'

const TOKEN = 'metrics-token-for-the-test-0123456789'
const TEST_REDIS_URL = process.env.TEST_REDIS_URL

const apps: FastifyInstance[] = []
async function limitedApp(max: number, windowMs: number, redis?: { url: string; prefix: string }): Promise<FastifyInstance> {
  const app = await buildApp({
    staticDir: '/nonexistent-static-dir',
    metricsToken: TOKEN,
    rateLimit: { max, windowMs },
    ...(redis ? { redisUrl: redis.url, redisPrefix: redis.prefix } : {}),
  })
  apps.push(app)
  return app
}
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close()
})

/** The lesson info call from `client`, in `language`. */
async function info(app: FastifyInstance, client = '198.51.100.1', language = 'zh-CN'): Promise<ApiEnvelope<unknown>> {
  const res = await app.inject({
    method: 'POST',
    url: V2_INFO,
    remoteAddress: client,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': language },
    payload: 'courseData=demo-open',
  })
  // the envelope's convention: HTTP 200 whatever the code
  expect(res.statusCode).toBe(200)
  return res.json<ApiEnvelope<unknown>>()
}

describe('in memory', () => {
  it('answers the calls over the limit in the envelope with the minutes to wait, in the reader\'s language', async () => {
    const app = await limitedApp(3, 3 * 60_000)
    for (let i = 0; i < 3; i += 1) expect((await info(app)).code).toBe(200)
    expect(await info(app)).toEqual({ code: RATE_LIMITED_CODE, msg: '操作过于频繁，请 3 分钟后再试', data: null })
    expect(await info(app, '198.51.100.1', 'en')).toEqual({ code: RATE_LIMITED_CODE, msg: 'too many requests: try again in 3 minutes', data: null })
    // another client has its own count
    expect((await info(app, '198.51.100.2')).code).toBe(200)
  })

  it('never limits the probes, /metrics, the site or WeChat Pay\'s notifications, and counts what it refused', async () => {
    const app = await limitedApp(1, 60_000)
    await info(app)
    expect((await info(app)).code).toBe(RATE_LIMITED_CODE)
    const from = { remoteAddress: '198.51.100.1' }
    for (let i = 0; i < 3; i += 1) {
      expect((await app.inject({ method: 'GET', url: '/healthz', ...from })).statusCode).toBe(200)
      expect((await app.inject({ method: 'GET', url: '/readyz', ...from })).statusCode).toBe(200)
      expect((await app.inject({ method: 'GET', url: '/profile', ...from })).statusCode).not.toBe(429)
      const notify = await app.inject({ method: 'POST', url: '/wechatpay/notify/transaction', headers: { 'content-type': 'application/json' }, payload: '{}', ...from })
      expect(notify.statusCode).toBe(401)
    }
    const metrics = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` }, ...from })
    expect(metrics.statusCode).toBe(200)
    expect(metrics.body).toMatch(/^lesson_rate_limited_total [1-9]\d*$/m)
  })

  it('lets 50 calls sent at once through up to the limit exactly', async () => {
    const app = await limitedApp(20, 60_000)
    const answers = await Promise.all(Array.from({ length: 50 }, () => info(app)))
    expect(answers.filter((a) => a.code === 200)).toHaveLength(20)
    expect(answers.filter((a) => a.code === RATE_LIMITED_CODE)).toHaveLength(30)
  })
})

describe('its settings', () => {
  it('defaults to 1000 calls a minute, RATE_LIMIT_MAX=0 turns it off, and a bad value stops the start', () => {
    expect(serverConfigFromEnv({}).rateLimit).toEqual(DEFAULT_RATE_LIMIT)
    expect(DEFAULT_RATE_LIMIT).toEqual({ max: 1000, windowMs: 60_000 })
    expect(serverConfigFromEnv({ RATE_LIMIT_MAX: '50', RATE_LIMIT_WINDOW_S: '10' }).rateLimit).toEqual({ max: 50, windowMs: 10_000 })
    expect(serverConfigFromEnv({ RATE_LIMIT_MAX: '0' }).rateLimit).toBe(false)
    expect(() => serverConfigFromEnv({ RATE_LIMIT_MAX: 'lots' })).toThrow('RATE_LIMIT_MAX must be a whole number')
    expect(() => serverConfigFromEnv({ RATE_LIMIT_WINDOW_S: '0.5' })).toThrow('RATE_LIMIT_WINDOW_S must be a whole number')
    expect(() => serverConfigFromEnv({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be at least 16 characters')
  })
})

;(TEST_REDIS_URL ? describe : describe.skip)('in Redis, shared by every node', () => {
  it('counts the calls a client makes on two nodes together', async () => {
    const redis = { url: String(TEST_REDIS_URL), prefix: `test-${randomUUID()}:` }
    const [a, b] = [await limitedApp(3, 60_000, redis), await limitedApp(3, 60_000, redis)]
    expect((await info(a)).code).toBe(200)
    expect((await info(b)).code).toBe(200)
    expect((await info(a)).code).toBe(200)
    expect(await info(b)).toEqual({ code: RATE_LIMITED_CODE, msg: '操作过于频繁，请 1 分钟后再试', data: null })
    expect((await info(a)).code).toBe(RATE_LIMITED_CODE)
  })

  it('lets 50 calls sent at once to two nodes through up to the limit exactly', async () => {
    const redis = { url: String(TEST_REDIS_URL), prefix: `test-${randomUUID()}:` }
    const [a, b] = [await limitedApp(20, 60_000, redis), await limitedApp(20, 60_000, redis)]
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => info(i % 2 === 0 ? a : b)))
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(20)
    expect(answers.filter((answer) => answer.code === RATE_LIMITED_CODE)).toHaveLength(30)
  })
})

it('lets calls through, uncounted, while Redis does not answer', async () => {
  // the limit alone on an app of its own (a whole app with REDIS_URL would wait for its chat relay);
  // nothing listens on port 9 of loopback: every count fails at once
  const app = Fastify()
  apps.push(app)
  await registerRateLimit(app, { settings: { max: 1, windowMs: 60_000 }, redisUrl: 'redis://127.0.0.1:9', redisPrefix: 'down:' })
  app.post(V2_INFO, async () => ({ code: 200 }))
  const started = Date.now()
  for (let i = 0; i < 3; i += 1) expect((await app.inject({ method: 'POST', url: V2_INFO })).json()).toEqual({ code: 200 })
  expect(Date.now() - started).toBeLessThan(2_000)
})
