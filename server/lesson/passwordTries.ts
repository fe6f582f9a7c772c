import type { AttemptLimit } from '../core/attempts'
import { AttemptCounter } from '../core/attempts'
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
  private readonly attempts: AttemptCounter

  constructor(db: Db) {
    this.attempts = new AttemptCounter(db)
  }

  /** Milliseconds before this client's password for the lesson is checked again; 0 now. */
  waitMs(lessonId: number, client: string, now: number): number {
    const own = this.attempts.waitMs(clientBucket(lessonId, client), PASSWORD_CLIENT_LIMIT, now)
    if (own > 0) return own
    const lessonWide = this.attempts.waitMs(lessonBucket(lessonId), PASSWORD_LESSON_LIMIT, now)
    return lessonWide > 0 && !this.proven(lessonId, client, now) ? lessonWide : 0
  }

  wrong(lessonId: number, client: string, now: number): void {
    this.attempts.add(
      [
        { bucket: clientBucket(lessonId, client), windowMs: PASSWORD_CLIENT_LIMIT.windowMs },
        { bucket: lessonBucket(lessonId), windowMs: PASSWORD_LESSON_LIMIT.windowMs },
      ],
      now,
    )
  }

  /** The client knows the password (recorded once per PROVEN_CLIENT_MS, not on every page). */
  right(lessonId: number, client: string, now: number): void {
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
