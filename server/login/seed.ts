/**
 * The login area's demo data, seeded first (lessons and orders name these users).
 *
 * Users (wmid: nickname, product user, session token)
 *   wm_teacher    林老师     product user   token-teacher     author of every lesson
 *   wm_assistant  助教小雨   product user   no session        second sender of the messages
 *   wm_buyer      学员阿杰   product user   token-buyer       has bought `paid-bought`;
 *                                          token-buyer-expired (expired, answers like no session)
 *   wm_visitor    访客       not a product user, token-visitor, has bought nothing
 *   Send a session as request headers `userid: wm_buyer` and `token: token-buyer`.
 *
 * WeChat accounts: each user's openid in the demo's official account and mini-program (the
 *   stand-ins' personas of the same name, server/outside/wechatOauth/personas.ts).
 *
 * Login credentials (loginData, what the WeChat login leaves; the order and bind calls carry it)
 *   login-visitor -> wm_visitor, login-buyer -> wm_buyer, login-teacher -> wm_teacher (never expire);
 *   login-buyer-expired -> wm_buyer, expired (answers 601 like an unknown one).
 *   Phones are bound with country code 86; wm_visitor has none until it binds one.
 */
import type { Db, Queryable } from '../core/sql'
import { SEEDED_AT, chinaTime } from '../core/seedTime'
import { DEV_APP_ID, DEV_MINI_APP_ID } from '../core/wechat'
import { personaOpenid, personaUnionid } from '../outside/wechatOauth/personas'

/** The demo users the WeChat authorisation stand-in offers, one button each (server/outside/wechatOauth). */
export const SEEDED_VISITOR = 'wm_visitor'
export const DEV_LOGIN_USERS = [
  { wmid: SEEDED_VISITOR, role: '访客（还不是产品用户：购买前要先绑定手机）', roleEn: 'visitor (not a product user: must bind a phone before buying)' },
  { wmid: 'wm_buyer', role: '学员（产品用户）', roleEn: 'buyer (product user)' },
  { wmid: 'wm_teacher', role: '老师（每一节课的作者）', roleEn: 'teacher (author of every lesson)' },
] as const

const USERS = [
  { wmid: 'wm_teacher', nickname: '林老师', faceIcon: '/media/avatar-teacher.png', phone: '13800000001', product: 1 },
  { wmid: 'wm_assistant', nickname: '助教小雨', faceIcon: '/media/avatar-assistant.png', phone: '13800000002', product: 1 },
  { wmid: 'wm_buyer', nickname: '学员阿杰', faceIcon: '/media/avatar-buyer.png', phone: '13800000003', product: 1 },
  { wmid: 'wm_visitor', nickname: '访客', faceIcon: '/media/avatar-visitor.png', phone: null, product: 0 },
] as const

const SESSIONS = [
  { token: 'token-teacher', wmid: 'wm_teacher', expiresAt: null },
  { token: 'token-buyer', wmid: 'wm_buyer', expiresAt: null },
  { token: 'token-buyer-expired', wmid: 'wm_buyer', expiresAt: chinaTime(8, 13, 0) },
  { token: 'token-visitor', wmid: 'wm_visitor', expiresAt: null },
] as const

const LOGIN_CREDENTIALS = [
  { loginData: 'login-visitor', wmid: 'wm_visitor', expiresAt: null },
  { loginData: 'login-buyer', wmid: 'wm_buyer', expiresAt: null },
  { loginData: 'login-teacher', wmid: 'wm_teacher', expiresAt: null },
  { loginData: 'login-buyer-expired', wmid: 'wm_buyer', expiresAt: chinaTime(8, 13, 0) },
] as const

export async function seedUsers(tx: Queryable): Promise<void> {
  for (const u of USERS) {
    await tx.run('INSERT INTO users (wmid, nickname, face_icon, phone, inter_code, is_product_user) VALUES (?, ?, ?, ?, ?, ?)', [
      u.wmid,
      u.nickname,
      u.faceIcon,
      u.phone,
      u.phone ? '86' : null,
      u.product,
    ])
  }
  // each user's WeChat account in the official account and the mini-program of the demo's
  // credentials: the stand-ins' personas of the same names (server/outside/wechatOauth)
  for (const u of USERS) {
    for (const [appId, kind] of [[DEV_APP_ID, 'oa'], [DEV_MINI_APP_ID, 'mini']] as const) {
      await tx.run('INSERT INTO wechat_accounts (app_id, openid, unionid, wmid, created_at) VALUES (?, ?, ?, ?, ?)', [
        appId,
        personaOpenid(kind, u.wmid),
        personaUnionid(u.wmid) ?? null,
        u.wmid,
        SEEDED_AT,
      ])
    }
  }
  for (const s of SESSIONS) {
    await tx.run('INSERT INTO sessions (token, wmid, created_at, expires_at) VALUES (?, ?, ?, ?)', [s.token, s.wmid, SEEDED_AT, s.expiresAt])
  }
  for (const c of LOGIN_CREDENTIALS) {
    await tx.run('INSERT INTO login_credentials (login_data, wmid, created_at, expires_at) VALUES (?, ?, ?, ?)', [
      c.loginData,
      c.wmid,
      SEEDED_AT,
      c.expiresAt,
    ])
  }
}

/**
 * Production mode on a database once seeded for the demo: the demo's sessions and login
 * credentials are published in this file and two of them never expire, so they must not work.
 */
export async function removeDemoCredentials(db: Db): Promise<void> {
  const tokens = SESSIONS.map((s) => s.token)
  const logins = LOGIN_CREDENTIALS.map((c) => c.loginData)
  const list = (n: number): string => Array.from({ length: n }, () => '?').join(', ')
  await db.transaction(async (tx) => {
    await tx.run(`DELETE FROM sessions WHERE token IN (${list(tokens.length)})`, tokens)
    await tx.run(`DELETE FROM login_credentials WHERE login_data IN (${list(logins.length)})`, logins)
    // the stand-ins' personas are no one's WeChat accounts in production
    await tx.run('DELETE FROM wechat_accounts WHERE app_id IN (?, ?)', [DEV_APP_ID, DEV_MINI_APP_ID])
  })
}
