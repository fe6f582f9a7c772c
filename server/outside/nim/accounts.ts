import type { Db } from '../../core/sql'
import type { NimClient } from './client'

/**
 * Each user's NetEase IM account (accid = wmid) and its token, kept in `nim_accounts` so that a
 * user's devices share one token: an account is registered (or, if NetEase already has it, given a
 * new token) the first time its user enters a live room, and its token reused after that.
 */
export class NimAccounts {
  constructor(
    private readonly db: Db,
    private readonly client: NimClient,
  ) {}

  async token(user: { wmid: string; nickname: string; faceIcon: string }, now: number): Promise<string> {
    const kept = await this.db.one<{ token: string }>('SELECT token FROM nim_accounts WHERE wmid = ?', [user.wmid])
    if (kept) return kept.token
    const token = await this.client.register(user.wmid, user.nickname, user.faceIcon)
    await this.db.run(
      'INSERT INTO nim_accounts (wmid, token, create_time) VALUES (?, ?, ?) ON CONFLICT (wmid) DO UPDATE SET token = excluded.token',
      [user.wmid, token, now],
    )
    return token
  }
}
