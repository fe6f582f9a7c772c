import type { FastifyInstance } from 'fastify'
import type { Db } from '../core/sql'

/** Answers while the process lives: a load balancer's liveness probe. */
export const HEALTH_PATH = '/healthz'
/** Answers 200 only while this node can serve: its database (and Redis, when configured) answer. */
export const READY_PATH = '/readyz'
/** How long a readiness probe waits for the database before it calls the node not ready. */
export const READY_TIMEOUT_MS = 2_000

export interface HealthOptions {
  db: Db
  /** whether what the node shares through Redis is connected; absent without REDIS_URL */
  redisReady?: () => boolean
}

/** The database answers a trivial query within READY_TIMEOUT_MS. */
async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS)
  })
  try {
    return await Promise.race([db.one<{ one: number }>('SELECT 1 AS one').then((row) => row?.one === 1), late])
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Liveness and readiness for a load balancer or an orchestrator. Neither needs a session, and
 * neither says more than `ok`, `ready` or `not ready` (no engine names, versions or errors: the
 * probes are public). Once the node begins to stop, Fastify answers every request, these too,
 * with 503 (`return503OnClosing`), so the balancer sends it nothing new.
 */
export function registerHealth(app: FastifyInstance, { db, redisReady }: HealthOptions): void {
  const plain = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }
  app.get(HEALTH_PATH, async (_request, reply) => reply.headers(plain).send('ok'))
  app.get(READY_PATH, async (_request, reply) => {
    const ready = (redisReady?.() ?? true) && (await databaseAnswers(db))
    return reply
      .code(ready ? 200 : 503)
      .headers(plain)
      .send(ready ? 'ready' : 'not ready')
  })
}
