import { attemptLimitRefusals } from '../ops/metrics'
import type { Queryable } from './sql'

/** At most `max` attempts per bucket in a window of `windowMs` starting at the first one. */
export interface AttemptLimit {
  max: number
  windowMs: number
}

interface WindowRow {
  count: number
  windowEnd: number
}

/**
 * Fixed-window attempt counts kept in the database, so every worker process, every machine and
 * every restart sees the same counts. Each call runs on `q`: the database, or the caller's
 * transaction when the count belongs with a check (a password try's wait, check and count are
 * one transaction, so concurrent tries get exactly the limit checked).
 */
export class AttemptCounter {
  /** Attempts in the bucket's live window, and when it ends (now when there are none). */
  async current(q: Queryable, bucket: string, now: number): Promise<WindowRow> {
    const row = await q.one<WindowRow>('SELECT count, window_end AS "windowEnd" FROM attempt_windows WHERE bucket = ? AND window_end > ?', [bucket, now])
    return row ?? { count: 0, windowEnd: now }
  }

  /** Milliseconds until the bucket may try again under `limit`; 0 when it may now. */
  async waitMs(q: Queryable, bucket: string, limit: AttemptLimit, now: number): Promise<number> {
    const { count, windowEnd } = await this.current(q, bucket, now)
    if (count < limit.max) return 0
    attemptLimitRefusals.inc({ limit: limitName(bucket) })
    return windowEnd - now
  }

  /** Counts one attempt in each bucket (and forgets windows that have ended). */
  async add(q: Queryable, buckets: ReadonlyArray<{ bucket: string; windowMs: number }>, now: number): Promise<void> {
    await q.run('DELETE FROM attempt_windows WHERE window_end <= ?', [now])
    // a window that has ended starts again at one
    for (const { bucket, windowMs } of buckets) {
      await q.run(
        `INSERT INTO attempt_windows (bucket, window_end, count) VALUES (?, ?, 1)
         ON CONFLICT (bucket) DO UPDATE SET
           count = CASE WHEN attempt_windows.window_end > ? THEN attempt_windows.count + 1 ELSE 1 END,
           window_end = CASE WHEN attempt_windows.window_end > ? THEN attempt_windows.window_end ELSE excluded.window_end END`,
        [bucket, now + windowMs, now, now],
      )
    }
  }
}

/**
 * A bucket's kind, for the refusals metric: its first two parts (`sms:phone`, `lesson-pass:client`),
 * which the code names; never the phone, address or id that follows.
 */
export const limitName = (bucket: string): string =>
  bucket
    .split(':')
    .slice(0, 2)
    .filter((part) => /^[a-z-]+$/.test(part))
    .join(':')

/** Minutes to wait, rounded up, at least one: what a refusal tells the user. */
export const waitMinutes = (waitMs: number): number => Math.max(1, Math.ceil(waitMs / 60_000))
