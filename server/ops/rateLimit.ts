/**
 * One limit per client on the API as a whole (`@fastify/rate-limit`), on top of each action's own
 * attempt limits (core/attempts.ts): at most `max` calls in a window of `windowMs` per client
 * address (the proxy's `X-Forwarded-For` with TRUST_PROXY=1). Counted in Redis when the node has one,
 * so every worker and machine counts together; else in this process's memory.
 *
 * Only the API is counted (`isApiPath` and the authoring API): the site, media, the probes
 * (/healthz, /readyz), /metrics and WeChat Pay's notifications never are. A call over the limit is
 * answered in the envelope, code RATE_LIMITED_CODE with the minutes to wait in the reader's
 * language, which the app's transport shows as it shows any refusal. When Redis does not answer, calls pass
 * uncounted rather than fail: the limit guards the service, it must not stop it.
 *
 * In memory the counts are ours (`MemoryCounts`): the plugin's own store answers every request with
 * the same mutable count, so calls that arrive together all read the last one's and a burst of 50
 * under a limit of 20 was refused whole.
 */
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit'
import Redis from 'ioredis'
import type { FastifyInstance } from 'fastify'
import { waitMinutes } from '../core/attempts'
import { ApiRefusal, isApiPath } from '../core/envelope'
import { rateLimitedCalls } from './metrics'
import { operatorSaid, type OperatorSaid } from '../core/operatorTexts'

/**
 * The code of a call over the limit: not 429, which a lesson's list answers for its password lock
 * (the app would show the lock's "too many wrong passwords"), so the app's transport shows the message.
 */
export const RATE_LIMITED_CODE = 4290

export interface RateLimitSettings {
  /** calls a client may make in one window */
  max: number
  windowMs: number
}

/**
 * Production's default: 1,000 calls a minute per address. A page opens with a few calls and a
 * lesson pages on as it is read, so a person stays far below; many people behind one carrier's or
 * school's address (common on Chinese mobile networks) must too.
 */
export const DEFAULT_RATE_LIMIT: RateLimitSettings = { max: 1_000, windowMs: 60_000 }

/** What the limit counts: the backend calls and the authoring API. */
export const isLimitedPath = (url: string): boolean => isApiPath(url) || url.startsWith('/content/')

/** How long a starting node waits for Redis before it counts in it. */
const REDIS_WAIT_MS = 2_000

/** Past this many clients in memory, windows that have ended are swept before a new one is added. */
const SWEEP_AT = 100_000

/** Fixed windows per client in this process's memory; each call gets the count its own increment made. */
class MemoryCounts implements FastifyRateLimitStore {
  private readonly windows = new Map<string, { count: number; end: number }>()

  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
    const now = Date.now()
    let window = this.windows.get(key)
    if (window === undefined || window.end <= now) {
      if (window === undefined && this.windows.size >= SWEEP_AT) this.sweep(now)
      window = { count: 0, end: now + timeWindow }
      this.windows.set(key, window)
    }
    window.count += 1
    callback(null, { current: window.count, ttl: window.end - now })
  }

  /** One count per client for the whole API: every route shares it. */
  child(): FastifyRateLimitStore {
    return this
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.end <= now) this.windows.delete(key)
  }
}

export interface RateLimitOptions {
  settings: RateLimitSettings
  /** REDIS_URL: counts shared by every node */
  redisUrl?: string
  /** the names' start in Redis (REDIS_PREFIX) */
  redisPrefix: string
}

/** Registers the limit; before any route, as the plugin hooks each route as it is added. */
export async function registerRateLimit(app: FastifyInstance, { settings, redisUrl, redisPrefix }: RateLimitOptions): Promise<void> {
  // no offline queue: while Redis is away a count fails at once (and the call passes) instead of waiting for it
  const redis = redisUrl ? new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000, disconnectTimeout: 200 }) : undefined
  if (redis) {
    redis.on('error', () => undefined)
    app.addHook('onClose', async () => {
      redis.disconnect()
    })
    // the first calls are counted too: wait for the connection (a Redis that does not answer within its time-out is not waited for)
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, REDIS_WAIT_MS)
      redis.once('ready', () => {
        clearTimeout(timer)
        resolve()
      })
    })
  }
  await app.register(rateLimit, {
    global: true,
    max: settings.max,
    timeWindow: settings.windowMs,
    allowList: (request) => !isLimitedPath(request.url),
    skipOnError: true,
    ...(redis ? { redis, nameSpace: `${redisPrefix}rate:` } : { store: MemoryCounts }),
    onExceeded: () => rateLimitedCalls.inc(),
    errorResponseBuilder: (_request, { ttl }) => ApiRefusal.say(RATE_LIMITED_CODE, 'tooManyRequests', { minutes: waitMinutes(ttl) }),
  })
}

/**
 * RATE_LIMIT_MAX and RATE_LIMIT_WINDOW_S (default 1000 calls in 60 s); RATE_LIMIT_MAX=0 turns the
 * limit off. Answers the operator's sentence (core/operatorTexts.ts) for a value that is not a whole number.
 */
export function rateLimitFromEnv(env: Readonly<Record<string, string | undefined>>): RateLimitSettings | false | OperatorSaid {
  const max = env.RATE_LIMIT_MAX === undefined || env.RATE_LIMIT_MAX === '' ? DEFAULT_RATE_LIMIT.max : Number(env.RATE_LIMIT_MAX)
  const windowS = env.RATE_LIMIT_WINDOW_S === undefined || env.RATE_LIMIT_WINDOW_S === '' ? DEFAULT_RATE_LIMIT.windowMs / 1000 : Number(env.RATE_LIMIT_WINDOW_S)
  if (!Number.isSafeInteger(max) || max < 0) return operatorSaid('startupRateLimitMax', { value: String(env.RATE_LIMIT_MAX) })
  if (!Number.isSafeInteger(windowS) || windowS < 1) return operatorSaid('startupRateLimitWindow', { value: String(env.RATE_LIMIT_WINDOW_S) })
  return max === 0 ? false : { max, windowMs: windowS * 1000 }
}
