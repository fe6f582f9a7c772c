import type { Statement } from 'better-sqlite3'
import type { Db as LegacyDb } from './db'
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
    return count >= limit.max ? windowEnd - now : 0
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
 * The synchronous counter, for the areas whose data access is not yet on `Db`; goes with the last.
 */
export class LegacyAttemptCounter {
  private readonly read: Statement<[string, number], WindowRow>
  private readonly bump: Statement<[string, number, number, number]>
  private readonly prune: Statement<[number]>

  constructor(private readonly db: LegacyDb) {
    this.read = db.prepare(
      'SELECT count, window_end AS windowEnd FROM attempt_windows WHERE bucket = ? AND window_end > ?',
    )
    // a window that has ended starts again at one
    this.bump = db.prepare(`
      INSERT INTO attempt_windows (bucket, window_end, count) VALUES (?, ?, 1)
      ON CONFLICT (bucket) DO UPDATE SET
        count = CASE WHEN window_end > ? THEN count + 1 ELSE 1 END,
        window_end = CASE WHEN window_end > ? THEN window_end ELSE excluded.window_end END`)
    this.prune = db.prepare('DELETE FROM attempt_windows WHERE window_end <= ?')
  }

  /** Attempts in the bucket's live window, and when it ends (now when there are none). */
  current(bucket: string, now: number): WindowRow {
    return this.read.get(bucket, now) ?? { count: 0, windowEnd: now }
  }

  /** Milliseconds until the bucket may try again under `limit`; 0 when it may now. */
  waitMs(bucket: string, limit: AttemptLimit, now: number): number {
    const { count, windowEnd } = this.current(bucket, now)
    return count >= limit.max ? windowEnd - now : 0
  }

  /** Counts one attempt in each bucket (and forgets windows that have ended). */
  add(buckets: ReadonlyArray<{ bucket: string; windowMs: number }>, now: number): void {
    this.db
      .transaction(() => {
        this.prune.run(now)
        for (const { bucket, windowMs } of buckets) this.bump.run(bucket, now + windowMs, now, now)
      })
      .immediate()
  }
}

/** Minutes to wait, rounded up, at least one: what a refusal tells the user. */
export const waitMinutes = (waitMs: number): number => Math.max(1, Math.ceil(waitMs / 60_000))
