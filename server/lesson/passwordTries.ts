import type { AttemptCounter, AttemptLimit } from '../core/attempts'
import type { Db, Queryable } from '../core/sql'

/**
 * Wrong passwords one client (address) may try on one lesson: a reader who mistypes has room,
 * a script trying the 10,000 four-digit passwords needs 2,000 windows (three weeks) per address.
 */
export const PASSWORD_CLIENT_LIMIT: AttemptLimit = { max: 5, windowMs: 15 * 60_000 }
/** Wrong passwords one lesson takes from everyone together: what stops many addresses. */
export const PASSWORD_LESSON_LIMIT: AttemptLimit = { max: 50, windowMs: 15 * 60_000 }
/** How long a client that gave the right password is not held back by PASSWORD_LESSON_LIMIT. */
export const PROVEN_CLIENT_MS = 30 * 24 * 3600_000

/**
 * Counts the password tries on lessons (rules.ts `triesPassword` says which requests are tries).
 * A client over its own limit waits whatever it sends; over the lesson's limit, only clients that
 * gave the right password before go on, so those who have it keep reading through an attack.
 */
export class PasswordTries {
  constructor(
    private readonly db: Db,
    private readonly attempts: AttemptCounter,
  ) {}

  /**
   * Checks a password try with `check` unless the client must wait, and counts it (wrong, or right
   * for the proof) in the same transaction: the workers of server/cluster.ts and of every machine
   * take turns, so of any number of tries sent at once exactly the limit are checked. `check`
   * decides only (the transaction may run again). Answers the check's result, or how long to wait.
   */
  attempt<T extends { granted: boolean }>(lessonId: number, client: string, now: number, check: () => T): Promise<{ checked: T } | { waitMs: number }> {
    return this.db.transaction(async (tx): Promise<{ checked: T } | { waitMs: number }> => {
      const waitMs = await this.waitMs(tx, lessonId, client, now)
      if (waitMs > 0) return { waitMs }
      const checked = check()
      if (checked.granted) await this.right(tx, lessonId, client, now)
      else await this.wrong(tx, lessonId, client, now)
      return { checked }
    })
  }

  /** Milliseconds before this client's password for the lesson is checked again; 0 now. */
  private async waitMs(tx: Queryable, lessonId: number, client: string, now: number): Promise<number> {
    const own = await this.attempts.waitMs(tx, clientBucket(lessonId, client), PASSWORD_CLIENT_LIMIT, now)
    if (own > 0) return own
    const lessonWide = await this.attempts.waitMs(tx, lessonBucket(lessonId), PASSWORD_LESSON_LIMIT, now)
    return lessonWide > 0 && !(await this.proven(tx, lessonId, client, now)) ? lessonWide : 0
  }

  private wrong(tx: Queryable, lessonId: number, client: string, now: number): Promise<void> {
    return this.attempts.add(
      tx,
      [
        { bucket: clientBucket(lessonId, client), windowMs: PASSWORD_CLIENT_LIMIT.windowMs },
        { bucket: lessonBucket(lessonId), windowMs: PASSWORD_LESSON_LIMIT.windowMs },
      ],
      now,
    )
  }

  /** The client knows the password (recorded once per PROVEN_CLIENT_MS, not on every page). */
  private async right(tx: Queryable, lessonId: number, client: string, now: number): Promise<void> {
    if (!(await this.proven(tx, lessonId, client, now))) {
      await this.attempts.add(tx, [{ bucket: provenBucket(lessonId, client), windowMs: PROVEN_CLIENT_MS }], now)
    }
  }

  private async proven(tx: Queryable, lessonId: number, client: string, now: number): Promise<boolean> {
    return (await this.attempts.current(tx, provenBucket(lessonId, client), now)).count > 0
  }
}

const clientBucket = (lessonId: number, client: string): string => `lesson-pass:client:${lessonId}:${client}`
const lessonBucket = (lessonId: number): string => `lesson-pass:lesson:${lessonId}`
const provenBucket = (lessonId: number, client: string): string => `lesson-pass:proven:${lessonId}:${client}`
