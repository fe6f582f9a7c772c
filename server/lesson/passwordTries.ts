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

/** What one kind of password counts: its limits and the prefix of its attempt buckets. */
export interface PasswordScope {
  /** e.g. 'lesson-pass': the buckets are `<prefix>:client:<id>:<client>`, `<prefix>:lesson:<id>`, `<prefix>:proven:…` */
  prefix: string
  /** wrong tries one client may make on one item */
  client: AttemptLimit
  /** wrong tries one item takes from everyone together */
  item: AttemptLimit
}

/** A lesson's password (rules.ts `triesPassword` says which requests are tries). */
export const LESSON_PASSWORDS: PasswordScope = { prefix: 'lesson-pass', client: PASSWORD_CLIENT_LIMIT, item: PASSWORD_LESSON_LIMIT }

/**
 * Counts the password tries on one kind of item (a lesson, a live's replay). A client over its own
 * limit waits whatever it sends; over the item's limit, only clients that gave the right password
 * before go on, so those who have it keep reading through an attack from many addresses.
 */
export class PasswordTries {
  constructor(
    private readonly db: Db,
    private readonly attempts: AttemptCounter,
    private readonly scope: PasswordScope = LESSON_PASSWORDS,
  ) {}

  /**
   * Checks a password try with `check` unless the client must wait, and counts it (wrong, or right
   * for the proof) in the same transaction: the workers of server/cluster.ts and of every machine
   * take turns, so of any number of tries sent at once exactly the limit are checked. `check`
   * decides only (the transaction may run again). Answers the check's result, or how long to wait.
   */
  attempt<T extends { granted: boolean }>(itemId: number, client: string, now: number, check: () => T): Promise<{ checked: T } | { waitMs: number }> {
    return this.db.transaction(async (tx): Promise<{ checked: T } | { waitMs: number }> => {
      const waitMs = await this.waitMs(tx, itemId, client, now)
      if (waitMs > 0) return { waitMs }
      const checked = check()
      if (checked.granted) await this.right(tx, itemId, client, now)
      else await this.wrong(tx, itemId, client, now)
      return { checked }
    })
  }

  /** Milliseconds before this client's password for the item is checked again; 0 now. */
  private async waitMs(tx: Queryable, itemId: number, client: string, now: number): Promise<number> {
    const own = await this.attempts.waitMs(tx, this.clientBucket(itemId, client), this.scope.client, now)
    if (own > 0) return own
    const itemWide = await this.attempts.waitMs(tx, this.itemBucket(itemId), this.scope.item, now)
    return itemWide > 0 && !(await this.proven(tx, itemId, client, now)) ? itemWide : 0
  }

  private wrong(tx: Queryable, itemId: number, client: string, now: number): Promise<void> {
    return this.attempts.add(
      tx,
      [
        { bucket: this.clientBucket(itemId, client), windowMs: this.scope.client.windowMs },
        { bucket: this.itemBucket(itemId), windowMs: this.scope.item.windowMs },
      ],
      now,
    )
  }

  /** The client knows the password (recorded once per PROVEN_CLIENT_MS, not on every page). */
  private async right(tx: Queryable, itemId: number, client: string, now: number): Promise<void> {
    if (!(await this.proven(tx, itemId, client, now))) {
      await this.attempts.add(tx, [{ bucket: this.provenBucket(itemId, client), windowMs: PROVEN_CLIENT_MS }], now)
    }
  }

  private async proven(tx: Queryable, itemId: number, client: string, now: number): Promise<boolean> {
    return (await this.attempts.current(tx, this.provenBucket(itemId, client), now)).count > 0
  }

  // a lesson's buckets keep the names they always had ('lesson' for the item)
  private clientBucket = (itemId: number, client: string): string => `${this.scope.prefix}:client:${itemId}:${client}`
  private itemBucket = (itemId: number): string => `${this.scope.prefix}:lesson:${itemId}`
  private provenBucket = (itemId: number, client: string): string => `${this.scope.prefix}:proven:${itemId}:${client}`
}
