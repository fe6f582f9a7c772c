import type { Statement } from 'better-sqlite3'
import type { SessionData } from '../../types/login'
import type { Db } from '../core/db'
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

const USER_COLUMNS = `u.wmid, u.nickname, u.face_icon AS faceIcon, u.phone, u.inter_code AS interCode,
  u.is_product_user AS isProductUser`

/** Users, their login credentials (loginData) and their sessions. */
export class AccountRepository {
  private readonly byWmid: Statement<[string], AccountRecord>
  private readonly byLogin: Statement<[string, number], AccountRecord>
  private readonly byPhone: Statement<[string, string], AccountRecord>
  private readonly insertLogin: Statement<[string, string, number, number]>
  private readonly insertSession: Statement<[string, string, number, number, string]>
  private readonly setPhone: Statement<[string, string, string]>
  private readonly bySession: Statement<[string, string, number], { wmid: string }>

  constructor(private readonly db: Db) {
    this.byWmid = db.prepare(`SELECT ${USER_COLUMNS} FROM users u WHERE u.wmid = ?`)
    this.byLogin = db.prepare(`
      SELECT ${USER_COLUMNS} FROM login_credentials c JOIN users u ON u.wmid = c.wmid
      WHERE c.login_data = ? AND (c.expires_at IS NULL OR c.expires_at > ?)`)
    this.byPhone = db.prepare(`SELECT ${USER_COLUMNS} FROM users u WHERE u.phone = ? AND u.inter_code = ?`)
    this.insertLogin = db.prepare(
      'INSERT INTO login_credentials (login_data, wmid, created_at, expires_at) VALUES (?, ?, ?, ?)',
    )
    this.insertSession = db.prepare(
      'INSERT INTO sessions (token, wmid, created_at, expires_at, encrypt_key) VALUES (?, ?, ?, ?, ?)',
    )
    this.setPhone = db.prepare('UPDATE users SET phone = ?, inter_code = ?, is_product_user = 1 WHERE wmid = ?')
    this.bySession = db.prepare('SELECT wmid FROM sessions WHERE token = ? AND wmid = ? AND (expires_at IS NULL OR expires_at > ?)')
  }

  /** The user of a live session `token` issued to `wmid`; a token of another user or an expired one finds nobody. */
  sessionUser(token: string, wmid: string, now: number): { wmid: string } | undefined {
    return this.bySession.get(token, wmid, now)
  }

  user(wmid: string): AccountRecord | undefined {
    return this.byWmid.get(wmid)
  }

  /** The user behind a live credential; unknown and expired ones find nobody. */
  userByLogin(loginData: string, now: number): AccountRecord | undefined {
    return this.byLogin.get(loginData, now)
  }

  /** A fresh opaque credential for `wmid`, what a WeChat login leaves behind. */
  issueLogin(wmid: string, now: number): string {
    const loginData = randomToken(24)
    this.insertLogin.run(loginData, wmid, now, now + LOGIN_TTL_MS)
    return loginData
  }

  /** A session the `userid`/`token` headers prove. */
  openSession(wmid: string, now: number): SessionData {
    const session = { token: randomToken(24), userid: wmid, encryptKey: randomToken(16) }
    this.insertSession.run(session.token, wmid, now, now + SESSION_TTL_MS, session.encryptKey)
    return session
  }

  /**
   * Binding a phone is what makes a visitor a product user. False when another user has the
   * phone: checked and bound in one IMMEDIATE transaction, so two workers binding the same phone
   * at once give one binding and one refusal (not a unique-index failure).
   */
  bindPhone(wmid: string, phone: string, interCode: string): boolean {
    return this.db
      .transaction((): boolean => {
        const owner = this.byPhone.get(phone, interCode)
        if (owner && owner.wmid !== wmid) return false
        this.setPhone.run(phone, interCode, wmid)
        return true
      })
      .immediate()
  }
}
