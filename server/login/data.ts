import { createHash } from 'node:crypto'
import type { SessionData } from '../../types/login'
import { AttemptCounter, type AttemptLimit } from '../core/attempts'
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

/** A used WeChat code is remembered this long: a code lives five minutes. */
export const USED_CODE_KEEP_MS = 15 * 60_000
/** A web authorisation must come back within this time. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000
/**
 * Logins one client (address) may start in ten minutes: a household behind one address needs a
 * few; a script filling the table of attempts under way is stopped here.
 */
export const OAUTH_START_LIMIT: AttemptLimit = { max: 60, windowMs: 10 * 60_000 }

/** A WeChat account as one login finds it: an app's openid, and the unionid when WeChat gave one. */
export interface WechatIdentity {
  appId: string
  openid: string
  unionid?: string
  /** the mini-program's session_key, kept here only */
  sessionKey?: string
}

/** What a new user starts with: WeChat's nickname and picture when the person shared them. */
export interface NewUserProfile {
  nickname: string
  faceIcon: string
}

/** A web authorisation under way (oauth_states). */
export interface OauthState {
  browser: string
  purpose: 'login' | 'sticker'
  loginType: 1 | 2 | null
  courseData: string | null
  returnUrl: string
  sticker: string | null
}

export const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex')

const USER_COLUMNS = `u.wmid, u.nickname, u.face_icon AS "faceIcon", u.phone, u.inter_code AS "interCode",
  u.is_product_user AS "isProductUser"`

/** Users, their login credentials (loginData) and their sessions. */
export class AccountRepository {
  private readonly attempts = new AttemptCounter()

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

  /**
   * Marks WeChat's `code` used for `appId`: true for the first caller only, on any worker or
   * machine (the primary key decides), so a code logs in once however often it arrives.
   */
  async claimCode(appId: string, code: string, now: number): Promise<boolean> {
    await this.db.run('DELETE FROM wechat_codes WHERE used_at < ?', [now - USED_CODE_KEEP_MS])
    const claimed = await this.db.one<{ appId: string }>(
      'INSERT INTO wechat_codes (app_id, code_hash, used_at) VALUES (?, ?, ?) ON CONFLICT (app_id, code_hash) DO NOTHING RETURNING app_id AS "appId"',
      [appId, sha256(code), now],
    )
    return claimed !== undefined
  }

  /**
   * The user of a WeChat account, in one transaction (two first logins of one person at once
   * make one user):
   * 1. this app's openid is known: its user (the unionid and session_key are recorded when new);
   * 2. else the unionid is known from the other app: that user, and this openid joins it;
   * 3. else a new user with `profile`, or undefined when there is none to give (a silent
   *    snsapi_base login of someone new: the caller asks WeChat for the profile first).
   * An openid known to one user while its unionid is known to another (two accounts made before
   * WeChat gave a unionid) stays with its own user: accounts are never merged silently.
   */
  wechatUser(identity: WechatIdentity, profile: NewUserProfile | undefined, now: number): Promise<AccountRecord | undefined> {
    const { appId, openid, unionid, sessionKey } = identity
    // drawn outside the transaction's work, which may run again
    const newWmid = `wx_${randomToken(12)}`
    return this.db.transaction(async (tx) => {
      const known = await tx.one<{ wmid: string; unionid: string | null }>(
        'SELECT wmid, unionid FROM wechat_accounts WHERE app_id = ? AND openid = ?',
        [appId, openid],
      )
      if (known) {
        if ((unionid && !known.unionid) || sessionKey) {
          await tx.run('UPDATE wechat_accounts SET unionid = COALESCE(unionid, ?), session_key = COALESCE(?, session_key) WHERE app_id = ? AND openid = ?', [
            unionid ?? null,
            sessionKey ?? null,
            appId,
            openid,
          ])
        }
        return tx.one<AccountRecord>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.wmid = ?`, [known.wmid])
      }
      const sibling = unionid
        ? await tx.one<{ wmid: string }>('SELECT wmid FROM wechat_accounts WHERE unionid = ? ORDER BY created_at, app_id LIMIT 1', [unionid])
        : undefined
      if (!sibling && !profile) return undefined
      const wmid = sibling?.wmid ?? newWmid
      if (!sibling) {
        await tx.run('INSERT INTO users (wmid, nickname, face_icon, is_product_user) VALUES (?, ?, ?, 0)', [wmid, profile?.nickname ?? '', profile?.faceIcon ?? ''])
      }
      await tx.run('INSERT INTO wechat_accounts (app_id, openid, unionid, wmid, session_key, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
        appId,
        openid,
        unionid ?? null,
        wmid,
        sessionKey ?? null,
        now,
      ])
      return tx.one<AccountRecord>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.wmid = ?`, [wmid])
    })
  }

  /** The user the native app's backend vouches for (server/login/appBridge.ts), made on first sight. */
  appUser(wmid: string, profile: NewUserProfile): Promise<AccountRecord | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.run('INSERT INTO users (wmid, nickname, face_icon, is_product_user) VALUES (?, ?, ?, 0) ON CONFLICT (wmid) DO NOTHING', [
        wmid,
        profile.nickname,
        profile.faceIcon,
      ])
      return tx.one<AccountRecord>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.wmid = ?`, [wmid])
    })
  }

  /**
   * Remembers a web authorisation under way; `state` is what WeChat hands back. One that `client`
   * (an address) starts counts against OAUTH_START_LIMIT: over it, nothing is stored and the
   * answer is how long to wait (ms); 0 when stored. The second leg of a login (asking for the
   * profile) has no client: it continues one already counted.
   */
  saveOauthState(state: string, record: OauthState, now: number, client?: string): Promise<number> {
    const bucket = `oauth:client:${client ?? ''}`
    return this.db.transaction(async (tx) => {
      if (client !== undefined) {
        const waitMs = await this.attempts.waitMs(tx, bucket, OAUTH_START_LIMIT, now)
        if (waitMs > 0) return waitMs
        await this.attempts.add(tx, [{ bucket, windowMs: OAUTH_START_LIMIT.windowMs }], now)
      }
      await tx.run('DELETE FROM oauth_states WHERE expires_at <= ?', [now])
      await tx.run(
        `INSERT INTO oauth_states (state, browser, purpose, login_type, course_data, return_url, sticker, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [state, record.browser, record.purpose, record.loginType, record.courseData, record.returnUrl, record.sticker, now + OAUTH_STATE_TTL_MS],
      )
      return 0
    })
  }

  /** Takes a live state: one caller gets it, once. */
  takeOauthState(state: string, now: number): Promise<OauthState | undefined> {
    return this.db.one<OauthState>(
      `DELETE FROM oauth_states WHERE state = ? AND expires_at > ?
       RETURNING browser, purpose, login_type AS "loginType", course_data AS "courseData", return_url AS "returnUrl", sticker`,
      [state, now],
    )
  }

  /** Logs out one credential and the session that came with it, or one session (spec 001 §2 /profile logout). */
  async revoke(credentials: { loginData?: string; token?: string; userid?: string }): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (credentials.loginData) await tx.run('DELETE FROM login_credentials WHERE login_data = ?', [credentials.loginData])
      if (credentials.token && credentials.userid) {
        await tx.run('DELETE FROM sessions WHERE token = ? AND wmid = ?', [credentials.token, credentials.userid])
      }
    })
  }

  /** Ends every login of a user (npm run revoke): sessions, login credentials and chat tokens. The count ended. */
  revokeUser(wmid: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      const sessions = await tx.run('DELETE FROM sessions WHERE wmid = ?', [wmid])
      const logins = await tx.run('DELETE FROM login_credentials WHERE wmid = ?', [wmid])
      const chats = await tx.run('DELETE FROM chat_tokens WHERE wmid = ?', [wmid])
      return sessions + logins + chats
    })
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
