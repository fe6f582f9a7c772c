/**
 * The node's metrics in Prometheus's text format at `/metrics` (prom-client), for a scraper that
 * holds the token: `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN there is no
 * /metrics at all; without the token, or with another, it answers 401 and nothing else. The
 * public port serves it so that one address per node is scraped whatever the proxy in front.
 *
 * In cluster mode (server/cluster.ts) the worker that takes the scrape asks the primary, which
 * gathers the registry of every worker that is serving and sums them (./metricsCluster.ts): a
 * scrape is the whole node, whichever worker answers it.
 *
 * The instruments live in this module's one registry (prom-client's global one, which is what the
 * primary asks each worker for); the code they count imports them from here. Gauges are
 * read when scraped, from every source an app registered (its database, its chat room).
 */
import cluster from 'node:cluster'
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Counter, Gauge, Histogram, collectDefaultMetrics, register } from 'prom-client'
import type { Db } from '../core/sql'
import { routeOf } from './logging'
import { answerRegistryRequests, askPrimaryForMetrics } from './metricsCluster'

export const METRICS_PATH = '/metrics'

/** A METRICS_TOKEN shorter than this is refused at start: it would be guessed. */
export const METRICS_TOKEN_MIN_LENGTH = 16

// a worker answers the primary's requests for its registry
if (cluster.isWorker) answerRegistryRequests()
collectDefaultMetrics({ register })

/** Requests by route pattern (never the address asked: it carries tokens), method and HTTP status; the count is `_count`. */
export const httpRequestDuration = new Histogram({
  name: 'lesson_http_request_duration_seconds',
  help: 'Requests and how long they took to answer, by route pattern, method and HTTP status',
  labelNames: ['route', 'method', 'code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
})

/**
 * A gauge of the sum of what each source says when scraped: every app in this process that added
 * one. Adding answers the function that takes the source away again.
 */
function summedGauge(name: string, help: string): (source: () => number) => () => void {
  const sources = new Set<() => number>()
  new Gauge({
    name,
    help,
    collect() {
      let total = 0
      for (const source of sources) total += source()
      this.set(total)
    },
  })
  return (source) => {
    sources.add(source)
    return () => {
      sources.delete(source)
    }
  }
}

/** Counts the seats `count` gives until the returned function is called (the chat room's close). */
export const countChatroomMembers = summedGauge('lesson_chatroom_members', 'Connections seated in a local chat room on this node')

/** `rate(lesson_chatroom_messages_total[1m])` is the messages per second. */
export const chatroomMessages = new Counter({
  name: 'lesson_chatroom_messages_total',
  help: 'Messages stored and broadcast in the local chat rooms (a resent one counts once)',
})

export const paymentNotifications = new Counter({
  name: 'lesson_payment_notifications_total',
  help: "WeChat Pay's notifications, by kind (transaction or refund) and outcome (accepted or the refusal's reason)",
  labelNames: ['kind', 'outcome'] as const,
})

export const attemptLimitRefusals = new Counter({
  name: 'lesson_attempt_limit_refusals_total',
  help: 'Checks that found an attempt limit reached (core/attempts.ts), by the limit (its bucket kind: sms:phone, lesson-pass:client, …)',
  labelNames: ['limit'] as const,
})

export const pageCacheLookups = new Counter({
  name: 'lesson_page_cache_lookups_total',
  help: "Lookups in the workers' cache of lesson message pages, by result (hit or miss)",
  labelNames: ['result'] as const,
})

export const rateLimitedCalls = new Counter({
  name: 'lesson_rate_limited_total',
  help: 'API calls refused by the per-client rate limit (ops/rateLimit.ts)',
})

const poolSources = new Set<Db>()
// the two gauges are registered as they are made, and read their sources when scraped
new Gauge({
  name: 'lesson_db_connections',
  help: 'Database connections of this node by state: in_use (a query or transaction holds it) or idle; SQLite has one',
  labelNames: ['state'] as const,
  collect() {
    let inUse = 0
    let idle = 0
    for (const db of poolSources) {
      const use = db.poolUse()
      inUse += use.inUse
      idle += use.size - use.inUse
    }
    this.set({ state: 'in_use' }, inUse)
    this.set({ state: 'idle' }, idle)
  },
})
new Gauge({
  name: 'lesson_db_waiting',
  help: 'Calls waiting for a database connection (SQLite: for the open transaction to end)',
  collect() {
    let waiting = 0
    for (const db of poolSources) waiting += db.poolUse().waiting
    this.set(waiting)
  },
})

const digest = (text: string): Buffer => createHash('sha256').update(text).digest()

/** Whether the request's `Authorization` is `Bearer <token>` (compared in constant time). */
function holdsToken(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1]
  return given !== undefined && timingSafeEqual(digest(given), digest(token))
}

/** What a scrape answers: this process's registry, or in a cluster worker the whole node's. */
const exposition = (): Promise<string> => (cluster.isWorker ? askPrimaryForMetrics() : register.metrics())

export interface MetricsOptions {
  /** METRICS_TOKEN; none: no /metrics, and requests are not timed */
  token?: string
  db: Db
}

/** Times every request and serves /metrics to the token's holder. */
export function registerMetrics(app: FastifyInstance, { token, db }: MetricsOptions): void {
  if (token === undefined) return
  poolSources.add(db)
  app.addHook('onClose', async () => {
    poolSources.delete(db)
  })
  // a callback hook: it runs on every answer
  app.addHook('onResponse', (request, reply, done) => {
    httpRequestDuration.observe({ route: routeOf(request), method: request.method, code: reply.statusCode }, reply.elapsedTime / 1000)
    done()
  })
  app.get(METRICS_PATH, async (request, reply) => {
    void reply.header('cache-control', 'no-store')
    if (!holdsToken(request.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain; charset=utf-8').send('unauthorized')
    }
    return reply.type(register.contentType).send(await exposition())
  })
}
