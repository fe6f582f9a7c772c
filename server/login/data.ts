import type { SessionData } from '../../types/login'
import type { Db } from '../core/sql'
import { randomToken } from '../core/wechat'

/** A user as the login, order and bind calls see them. */
export interface AccountRecord {
  wmid: string
  nickname: string
  faceIcon: string
  phone: string | null
  interCode: string | null
  isProductUser: 0 | 1
}

/** A login credential lives a week, a session a month (the real backend's figures are not shown). */
export const LOGIN_TTL_MS = 7 * 24 * 3600_000
export const SESSION_TTL_MS = 30 * 24 * 3600_000
/** A chat token lives a week, and is handed out again while it has at least a day left. */
export const CHAT_TOKEN_TTL_MS = 7 * 24 * 3600_000
export const CHAT_TOKEN_RENEW_MS = 24 * 3600_000

const USER_COLUMNS = `u.wmid, u.nickname, u.face_icon AS "faceIcon", u.phone, u.inter_code AS "interCode",
  u.is_product_user AS "isProductUser"`

/** Users, their login credentials (loginData) and their sessions. */
export class AccountRepository {
  constructor(private readonly db: Db) {}

  user(wmid: string): Promise<AccountRecord | undefined> {
    return this.db.one<AccountRecord>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.wmid = ?`, [wmid])
  }

  /** The user behind a live credential; unknown and expired ones find nobody. */
  userByLogin(loginData: string, now: number): Promise<AccountRecord | undefined> {
    return this.db.one<AccountRecord>(
      `SELECT ${USER_COLUMNS} FROM login_credentials c JOIN users u ON u.wmid = c.wmid
       WHERE c.login_data = ? AND (c.expires_at IS NULL OR c.expires_at > ?)`,
      [loginData, now],
    )
  }

  /** The user of a live session `token` issued to `wmid`; a token of another user or an expired one finds nobody. */
  sessionUser(token: string, wmid: string, now: number): Promise<{ wmid: string } | undefined> {
    return this.db.one<{ wmid: string }>('SELECT wmid FROM sessions WHERE token = ? AND wmid = ? AND (expires_at IS NULL OR expires_at > ?)', [
      token,
      wmid,
      now,
    ])
  }

  /**
   * The chat room credential of `wmid`: the one it has while that has a day left, else a new one
   * (its expired ones go), so a user holds at most two however often they open a live.
   */
  chatToken(wmid: string, now: number): Promise<string> {
    return this.db.transaction(async (tx) => {
      await tx.run('DELETE FROM chat_tokens WHERE wmid = ? AND expires_at <= ?', [wmid, now])
      const kept = await tx.one<{ token: string }>('SELECT token FROM chat_tokens WHERE wmid = ? AND expires_at > ? ORDER BY expires_at DESC, token LIMIT 1', [
        wmid,
        now + CHAT_TOKEN_RENEW_MS,
      ])
      if (kept) return kept.token
      const token = randomToken(24)
      await tx.run('INSERT INTO chat_tokens (token, wmid, expires_at) VALUES (?, ?, ?)', [token, wmid, now + CHAT_TOKEN_TTL_MS])
      return token
    })
  }

  /** Whether `token` is a live chat credential of `wmid` (the chat room's login). */
  async chatTokenOf(token: string, wmid: string, now: number): Promise<boolean> {
    return (await this.db.one('SELECT 1 AS "found" FROM chat_tokens WHERE token = ? AND wmid = ? AND expires_at > ?', [token, wmid, now])) !== undefined
  }

  /** A fresh opaque credential for `wmid`, what a WeChat login leaves behind. */
  async issueLogin(wmid: string, now: number): Promise<string> {
    const loginData = randomToken(24)
    await this.db.run('INSERT INTO login_credentials (login_data, wmid, created_at, expires_at) VALUES (?, ?, ?, ?)', [
      loginData,
      wmid,
      now,
      now + LOGIN_TTL_MS,
    ])
    return loginData
  }

  /** A session the `userid`/`token` headers prove. */
  async openSession(wmid: string, now: number): Promise<SessionData> {
    const session = { token: randomToken(24), userid: wmid, encryptKey: randomToken(16) }
    await this.db.run('INSERT INTO sessions (token, wmid, created_at, expires_at, encrypt_key) VALUES (?, ?, ?, ?, ?)', [
      session.token,
      wmid,
      now,
      now + SESSION_TTL_MS,
      session.encryptKey,
    ])
    return session
  }

  /**
   * Binding a phone is what makes a visitor a product user. False when another user has the
   * phone: checked and bound in one transaction, so two binding the same phone at once (on any
   * worker or machine) give one binding and one refusal (not a unique-index failure).
   */
  bindPhone(wmid: string, phone: string, interCode: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const owner = await tx.one<{ wmid: string }>('SELECT wmid FROM users WHERE phone = ? AND inter_code = ?', [phone, interCode])
      if (owner && owner.wmid !== wmid) return false
      await tx.run('UPDATE users SET phone = ?, inter_code = ?, is_product_user = 1 WHERE wmid = ?', [phone, interCode, wmid])
      return true
    })
  }
}
