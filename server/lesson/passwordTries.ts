import type { AttemptLimit } from '../core/attempts'
import { LegacyAttemptCounter } from '../core/attempts'
import type { Db } from '../core/db'

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
  private readonly attempts: LegacyAttemptCounter

  constructor(private readonly db: Db) {
    this.attempts = new LegacyAttemptCounter(db)
  }

  /**
   * Checks a password try with `check` unless the client must wait, and counts it (wrong, or right
   * for the proof) in the same IMMEDIATE transaction: the workers of server/cluster.ts take turns,
   * so of any number of tries sent at once exactly the limit are checked. Answers the check's
   * result, or how long to wait.
   */
  attempt<T extends { granted: boolean }>(lessonId: number, client: string, now: number, check: () => T): { checked: T } | { waitMs: number } {
    return this.db
      .transaction((): { checked: T } | { waitMs: number } => {
        const waitMs = this.waitMs(lessonId, client, now)
        if (waitMs > 0) return { waitMs }
        const checked = check()
        if (checked.granted) this.right(lessonId, client, now)
        else this.wrong(lessonId, client, now)
        return { checked }
      })
      .immediate()
  }

  /** Milliseconds before this client's password for the lesson is checked again; 0 now. */
  private waitMs(lessonId: number, client: string, now: number): number {
    const own = this.attempts.waitMs(clientBucket(lessonId, client), PASSWORD_CLIENT_LIMIT, now)
    if (own > 0) return own
    const lessonWide = this.attempts.waitMs(lessonBucket(lessonId), PASSWORD_LESSON_LIMIT, now)
    return lessonWide > 0 && !this.proven(lessonId, client, now) ? lessonWide : 0
  }

  private wrong(lessonId: number, client: string, now: number): void {
    this.attempts.add(
      [
        { bucket: clientBucket(lessonId, client), windowMs: PASSWORD_CLIENT_LIMIT.windowMs },
        { bucket: lessonBucket(lessonId), windowMs: PASSWORD_LESSON_LIMIT.windowMs },
      ],
      now,
    )
  }

  /** The client knows the password (recorded once per PROVEN_CLIENT_MS, not on every page). */
  private right(lessonId: number, client: string, now: number): void {
    if (!this.proven(lessonId, client, now)) {
      this.attempts.add([{ bucket: provenBucket(lessonId, client), windowMs: PROVEN_CLIENT_MS }], now)
    }
  }

  private proven(lessonId: number, client: string, now: number): boolean {
    return this.attempts.current(provenBucket(lessonId, client), now).count > 0
  }
}

const clientBucket = (lessonId: number, client: string): string => `lesson-pass:client:${lessonId}:${client}`
const lessonBucket = (lessonId: number): string => `lesson-pass:lesson:${lessonId}`
const provenBucket = (lessonId: number, client: string): string => `lesson-pass:proven:${lessonId}:${client}`
