/**
 * Issue 33 item 1: liveness and readiness for a load balancer. Readiness follows the real
 * engines: the SQLite file or PostgreSQL (TEST_DATABASE_URL), and Redis (TEST_REDIS_URL, through
 * scripts/engines.mjs) — never a fake. An unreachable Redis is a real address nothing listens on.
 */
import { createServer } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { HEALTH_PATH, READY_PATH } from '../../server/ops/health'
import { testDatabase } from './engines'

const REDIS_URL = process.env.TEST_REDIS_URL

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

const probe = async (app: FastifyInstance, url: string) => {
  const answer = await app.inject({ method: 'GET', url })
  return { status: answer.statusCode, body: answer.body, cache: answer.headers['cache-control'] }
}

describe('health and readiness', () => {
  let app: FastifyInstance
  afterEach(async () => {
    await app.close()
  })

  it('answers both without a session, and says nothing but ok or ready', async () => {
    app = await buildApp({ database: await testDatabase() })
    expect(await probe(app, HEALTH_PATH)).toEqual({ status: 200, body: 'ok', cache: 'no-store' })
    expect(await probe(app, READY_PATH)).toEqual({ status: 200, body: 'ready', cache: 'no-store' })
  })

  it('is alive but not ready once its database stops answering', async () => {
    app = await buildApp({ database: await testDatabase() })
    await app.db.close()
    expect(await probe(app, HEALTH_PATH)).toEqual({ status: 200, body: 'ok', cache: 'no-store' })
    expect(await probe(app, READY_PATH)).toEqual({ status: 503, body: 'not ready', cache: 'no-store' })
  })

  it('is not ready while the Redis it shares the chat room through cannot be reached', async () => {
    app = await buildApp({ database: await testDatabase(), redisUrl: `redis://127.0.0.1:${await closedPort()}` })
    expect(await probe(app, READY_PATH)).toEqual({ status: 503, body: 'not ready', cache: 'no-store' })
    expect((await probe(app, HEALTH_PATH)).status).toBe(200)
  })

  ;(REDIS_URL ? it : it.skip)('is ready with a real Redis once both of its connections are up', async () => {
    app = await buildApp({ database: await testDatabase(), redisUrl: REDIS_URL })
    const deadline = Date.now() + 5_000
    let last = await probe(app, READY_PATH)
    while (last.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      last = await probe(app, READY_PATH)
    }
    expect(last).toEqual({ status: 200, body: 'ready', cache: 'no-store' })
  })
})
