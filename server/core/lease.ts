import type { Db } from './sql'

/**
 * A lease in the database on a named job that one node of the deployment runs at a time (the
 * weekly payout): whoever holds a lease that has not expired runs it; the others pass. A node that
 * dies holding one loses it when it expires. Taking and renewing are one statement each, so two
 * nodes that try at once never both get it, on either engine.
 */
export class JobLease {
  constructor(
    private readonly db: Db,
    readonly name: string,
    /** who asks: a name unique to the process (host and pid) */
    readonly holder: string,
  ) {}

  /** Takes (or renews) the lease until `now + ttlMs`; false when another holder's lease is live. */
  async take(now: number, ttlMs: number): Promise<boolean> {
    const changed = await this.db.run(
      `INSERT INTO job_leases (name, holder, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
       WHERE job_leases.holder = excluded.holder OR job_leases.expires_at <= ?`,
      [this.name, this.holder, now + ttlMs, now],
    )
    return changed === 1
  }

  /** Lets go of the lease if this holder has it. */
  async release(): Promise<void> {
    await this.db.run('DELETE FROM job_leases WHERE name = ? AND holder = ?', [this.name, this.holder])
  }

  /** Runs `work` holding the lease (taken for `ttlMs`), then lets go; 'busy' when another holder has it. */
  async run<T>(now: number, ttlMs: number, work: () => Promise<T>): Promise<T | 'busy'> {
    if (!(await this.take(now, ttlMs))) return 'busy'
    try {
      return await work()
    } finally {
      await this.release()
    }
  }
}
