/**
 * Issue 31 items 1 and 7: the WeChat login for real. H5 in WeChat (OAuth 2 with a state bound to
 * the browser and a return to our own pages), the mini-program (jscode2session; session_key stays
 * on the server), the native app's bridge (a token its backend signed), one account per person
 * across the two WeChat apps (unionid), sessions that expire and can be revoked, and the sticker
 * guide's authorisation. The WeChat side is the stand-in (server/outside/wechatOauth/standin.ts),
 * reached through the real client; production mode is run against a stand-in app that listens.
 * On SQLite, and on PostgreSQL under scripts/engines.mjs.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { FastifyInstance } from 'fastify'
import { StartupError, buildApp, serverConfigFromEnv } from '../../server/app'
import { DEMO_WECHAT } from '../../server/core/wechat'
import { DEV_APP_BRIDGE_KEY, signAppToken } from '../../server/login/appBridge'
import { AccountRepository } from '../../server/login/data'
import { signGrant } from '../../server/outside/wechatOauth/standin'
import type { StickerAuth } from '../../types/album'
import type { ObjectData } from '../../types/api'
import type { LoginData, LoginUrlData } from '../../types/login'
import { Browser, authorizeAs, locationOf, logInAs, loginDataOf, start } from './wechatFlow'
import { LOGIN_URL, ORDER_CREATE, V2_LIST, WEAPP_LOGIN, post, testApp } from './helpers'
import { testDatabase } from './engines'
import { ENGLISH_LOCALE } from './operatorLocale'

const APP_LOGIN = '/wmim/course/v2/app/login.do'
const LOGOUT = '/wmim/course/v2/logout.do'
const STICKER = '/wx/ki/wx/expression/queryInfo.do'

let app: FastifyInstance
beforeEach(async () => {
  app = await testApp()
})
afterEach(() => app.close())

const weapp = (code: string) => post<ObjectData<LoginData>>(app, WEAPP_LOGIN, { code })
const sessionOf = (data: LoginData) => ({ userid: String(data.userid), token: String(data.token) })
/** A call that needs the login credential: the order (a visitor is asked to bind a phone, 403; an unknown credential 601). */
const orderWith = async (loginData: string) => (await post(app, ORDER_CREATE, { courseData: 'demo-paid', loginData })).body.code
/** A call that needs a session: the bought lesson's list (200 for its buyer; 601 without a live session). */
const listWith = async (headers: Record<string, string>) =>
  (await post(app, V2_LIST, { courseData: 'paid-bought', page: 1, pageSize: 1 }, headers)).body.code

describe('H5 in WeChat: OAuth 2', () => {
  it('logs a known person in silently (snsapi_base) and returns to where the login started, with a session', async () => {
    const browser = new Browser()
    const authorize = await start(app, browser, '/wmim/wechat/login?type=2&courseData=demo-paid&redirect=%2FlessonPay%3Fx%3D1')
    expect(authorize.pathname).toBe('/standin/wechat-open/connect/oauth2/authorize')
    expect(authorize.searchParams.get('scope')).toBe('snsapi_base')
    expect(authorize.searchParams.get('appid')).toBe(DEMO_WECHAT.appId)
    expect(new URL(authorize.searchParams.get('redirect_uri') ?? '').toString()).toBe('http://localhost/wmim/wechat/login/return')
    expect(authorize.searchParams.get('state')).toMatch(/^[0-9a-f]{32}$/)
    expect(browser.cookie).toMatch(/^wxlogin=[0-9a-f]{32}$/)

    const back = await authorizeAs(app, authorize, 'wm_buyer')
    const landed = locationOf(await browser.get(app, back.pathname + back.search))
    expect(landed.pathname).toBe('/lessonPay')
    expect(landed.searchParams.get('x')).toBe('1')
    const data = loginDataOf(landed)
    expect(data).toMatchObject({ userid: 'wm_buyer', isWeMaiUser: 1, courseData: 'demo-paid', nickname: '学员阿杰' })
    expect(await listWith(sessionOf(data))).toBe(200)
  })

  it('asks someone new for nickname and picture (snsapi_userinfo) before making the user', async () => {
    const landed = await logInAs(app, 'new-person')
    expect(landed.pathname).toBe('/profile')
    const data = loginDataOf(landed)
    expect(data).toMatchObject({ isWeMaiUser: 0, nickname: '微信用户 new-person' })
    expect(data.userid).toBeUndefined()
    expect(await orderWith(data.loginData)).toBe(403)
    // the second login of the same person is silent and finds the same user
    const again = loginDataOf(await logInAs(app, 'new-person'))
    const users = await app.db.all<{ wmid: string }>("SELECT wmid FROM wechat_accounts WHERE openid = 'dev-oa-new-person'")
    expect(users).toHaveLength(1)
    const owner = await app.db.one<{ wmid: string }>('SELECT wmid FROM login_credentials WHERE login_data = ?', [again.loginData])
    expect(owner?.wmid).toBe(users[0].wmid)
  })

  it('goes back to the page, not logged in, when the person refuses', async () => {
    const browser = new Browser()
    const authorize = await start(app, browser, '/wmim/wechat/login?type=1')
    const back = await authorizeAs(app, authorize, '')
    expect(back.searchParams.has('code')).toBe(false)
    const landed = locationOf(await browser.get(app, back.pathname + back.search))
    expect(landed.toString()).toBe('http://localhost/profile')
  })

  it('refuses a forged state, a state from another browser, and a state used twice', async () => {
    const victim = new Browser()
    const authorize = await start(app, new Browser(), '/wmim/wechat/login?type=1')
    const back = await authorizeAs(app, authorize, 'wm_teacher')
    // the attacker's finished authorisation, opened in the victim's browser (a login CSRF)
    const planted = await victim.get(app, back.pathname + back.search)
    expect(planted.statusCode).toBe(403)
    expect(planted.body).toContain('这个登录不是在这个浏览器里开始的')
    expect(planted.headers.location).toBeUndefined()

    const forged = new URL(back)
    forged.searchParams.set('state', '0'.repeat(32))
    expect((await victim.get(app, forged.pathname + forged.search)).statusCode).toBe(400)
    const none = new URL(back)
    none.searchParams.delete('state')
    expect((await victim.get(app, none.pathname + none.search)).statusCode).toBe(400)
    expect(await app.db.one("SELECT count(*) AS n FROM login_credentials WHERE wmid = 'wm_teacher' AND login_data <> 'login-teacher'")).toEqual({ n: 0 })
  })

  it('refuses to return anywhere but this site', async () => {
    for (const redirect of ['https://evil.example/profile', '//evil.example/x', 'javascript:alert(1)', 'http://user@localhost/profile']) {
      const res = await new Browser().get(app, `/wmim/wechat/login?type=1&redirect=${encodeURIComponent(redirect)}`)
      expect(res.statusCode).toBe(400)
      expect(res.headers.location).toBeUndefined()
      const { body } = await post<ObjectData<LoginUrlData>>(app, LOGIN_URL, { type: 1, redirect })
      expect(body.code).toBe(400)
    }
  })

  it('logs a code in once: a replayed code is refused', async () => {
    const browser = new Browser()
    const authorize = await start(app, browser, '/wmim/wechat/login?type=1')
    const back = await authorizeAs(app, authorize, 'wm_buyer')
    expect(loginDataOf(locationOf(await browser.get(app, back.pathname + back.search))).userid).toBe('wm_buyer')
    // the same code under a fresh state of the same browser
    const second = await start(app, browser, '/wmim/wechat/login?type=1')
    const replay = new URL(back)
    replay.searchParams.set('state', second.searchParams.get('state') ?? '')
    const res = await browser.get(app, replay.pathname + replay.search)
    expect(res.statusCode).toBe(409)
    expect(res.body).toContain('微信授权已使用或已失效')
  })

  it('says so when WeChat refuses the code, and logs no one in', async () => {
    const browser = new Browser()
    const authorize = await start(app, browser, '/wmim/wechat/login?type=1')
    const back = await authorizeAs(app, authorize, 'wm_buyer')
    const [payload] = (back.searchParams.get('code') ?? '').split('.')
    // a code the stand-in did not sign: WeChat's 40029 invalid code
    back.searchParams.set('code', `${payload}.${'A'.repeat(43)}`)
    const res = await browser.get(app, back.pathname + back.search)
    expect(res.statusCode).toBe(502)
    expect(res.body).toContain('微信授权已使用或已失效')
    // an expired one (five minutes) is 40029 too
    const stale = signGrant({ kind: 'code', appid: DEMO_WECHAT.appId, persona: 'wm_buyer', scope: 'snsapi_base', expires: Date.now() - 1, nonce: 'x' }, DEMO_WECHAT.appSecret)
    const again = await start(app, browser, '/wmim/wechat/login?type=1')
    const res2 = await browser.get(app, `/wmim/wechat/login/return?code=${encodeURIComponent(stale)}&state=${again.searchParams.get('state')}`)
    expect(res2.statusCode).toBe(502)
    expect(await app.db.one("SELECT count(*) AS n FROM login_credentials WHERE wmid = 'wm_buyer' AND login_data NOT LIKE 'login-%'")).toEqual({ n: 0 })
  })

  it('limits the logins one client starts (60 in ten minutes), not those of others', async () => {
    const startFrom = (remoteAddress: string) => app.inject({ method: 'GET', url: '/wmim/wechat/login?type=1', remoteAddress })
    const answers = await Promise.all(Array.from({ length: 61 }, () => startFrom('203.0.113.7')))
    expect(answers.filter((res) => res.statusCode === 302)).toHaveLength(60)
    const refused = answers.filter((res) => res.statusCode === 429)
    expect(refused).toHaveLength(1)
    expect(refused[0].body).toContain('登录过于频繁，请 10 分钟后再试')
    expect(await app.db.one('SELECT count(*) AS n FROM oauth_states')).toEqual({ n: 60 })
    expect((await startFrom('203.0.113.8')).statusCode).toBe(302)
  })

  it('makes no account of a snapshot page\'s virtual openid and says what to tap', async () => {
    const browser = new Browser()
    const authorize = await start(app, browser, '/wmim/wechat/login?type=1')
    const back = await authorizeAs(app, authorize, 'snapshot-reader')
    const res = await browser.get(app, back.pathname + back.search)
    expect(res.statusCode).toBe(403)
    expect(res.body).toContain('使用完整服务')
    expect(await app.db.one("SELECT count(*) AS n FROM wechat_accounts WHERE openid = 'dev-oa-snapshot-reader'")).toEqual({ n: 0 })
  })

  it('turns 50 concurrent returns with one code into one login', async () => {
    const browser = new Browser()
    const authorize = await start(app, browser, '/wmim/wechat/login?type=1')
    const back = await authorizeAs(app, authorize, 'wm_buyer')
    const answers = await Promise.all(Array.from({ length: 50 }, () => browser.get(app, back.pathname + back.search)))
    const landed = answers.filter((res) => res.statusCode === 302)
    expect(landed).toHaveLength(1)
    expect(answers.filter((res) => res.statusCode === 400)).toHaveLength(49)
    expect(await app.db.one("SELECT count(*) AS n FROM sessions WHERE wmid = 'wm_buyer' AND token <> 'token-buyer' AND token <> 'token-buyer-expired'")).toEqual({ n: 1 })
  })

  it('makes one user of a new person logging in 50 times at once', async () => {
    const logins = await Promise.all(Array.from({ length: 50 }, () => logInAs(app, 'crowd')))
    const owners = new Set<string>()
    for (const landed of logins) {
      const row = await app.db.one<{ wmid: string }>('SELECT wmid FROM login_credentials WHERE login_data = ?', [loginDataOf(landed).loginData])
      owners.add(String(row?.wmid))
    }
    expect(owners.size).toBe(1)
    expect(await app.db.one("SELECT count(*) AS n FROM wechat_accounts WHERE openid = 'dev-oa-crowd'")).toEqual({ n: 1 })
  })
})

describe('the mini-program: jscode2session', () => {
  it('logs in with the wx.login code, keeping session_key on the server', async () => {
    const { body, raw } = await weapp('dev:mini-newcomer')
    expect(body.code).toBe(200)
    expect(body.data.object).toMatchObject({ isWeMaiUser: 0, nickname: '微信用户' })
    const stored = await app.db.one<{ sessionKey: string; wmid: string }>(
      `SELECT session_key AS "sessionKey", wmid FROM wechat_accounts WHERE openid = 'dev-mini-mini-newcomer'`,
    )
    expect(stored?.sessionKey).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect(raw).not.toContain(String(stored?.sessionKey))
    expect(raw).not.toContain('session_key')
    expect(raw).not.toContain('sessionKey')
  })

  it('refuses a code twice, and 50 concurrent logins with one code log in once', async () => {
    expect((await weapp('dev:wm_buyer')).body.code).toBe(200)
    expect((await weapp('dev:wm_buyer')).body).toMatchObject({ code: 403, msg: '微信授权已使用或已失效，请返回重新登录' })
    const answers = await Promise.all(Array.from({ length: 50 }, () => weapp('dev:wm_teacher')))
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.body.code === 403)).toHaveLength(49)
  })

  it('says when WeChat refuses the code', async () => {
    const { body } = await weapp('dev:bad persona!')
    expect(body.code).toBe(403)
    expect(await app.db.one("SELECT count(*) AS n FROM wechat_accounts WHERE app_id = 'wx-dev-mini' AND openid LIKE 'dev-mini-bad%'")).toEqual({ n: 0 })
  })
})

describe('one account per person across H5 and the mini-program', () => {
  const h5User = async (persona: string) => {
    const data = loginDataOf(await logInAs(app, persona))
    return (await app.db.one<{ wmid: string }>('SELECT wmid FROM login_credentials WHERE login_data = ?', [data.loginData]))?.wmid
  }
  let codes = 0
  const miniUser = async (persona: string) => {
    codes += 1
    const { body } = await weapp(`dev:${persona}.${codes}`)
    return (await app.db.one<{ wmid: string }>('SELECT wmid FROM login_credentials WHERE login_data = ?', [body.data.object.loginData]))?.wmid
  }

  it('finds the H5 user from the mini-program by unionid', async () => {
    const first = await h5User('both-ways')
    expect(await miniUser('both-ways')).toBe(first)
  })

  it('finds the mini-program user from H5 by unionid (the silent login asks for it)', async () => {
    const first = await miniUser('mini-first')
    expect(await h5User('mini-first')).toBe(first)
    expect(await app.db.one("SELECT count(*) AS n FROM users WHERE nickname LIKE '%mini-first%'")).toEqual({ n: 0 })
  })

  it('keeps two accounts apart without a unionid, and a seeded user is the same person in both apps', async () => {
    const h5 = await h5User('solo-anna')
    expect(await miniUser('solo-anna')).not.toBe(h5)
    expect(await miniUser('wm_buyer')).toBe('wm_buyer')
    expect(await h5User('wm_buyer')).toBe('wm_buyer')
  })

  it('never merges two accounts that already exist: the openid keeps its user', async () => {
    const mini = await miniUser('solo-late')
    const h5 = await h5User('solo-late')
    expect(h5).not.toBe(mini)
    // WeChat later gives the same unionid to both
    await app.db.run("UPDATE wechat_accounts SET unionid = 'late-union' WHERE openid IN ('dev-oa-solo-late', 'dev-mini-solo-late')")
    expect(await miniUser('solo-late')).toBe(mini)
    expect(await h5User('solo-late')).toBe(h5)
  })
})

describe('sessions expire and can be revoked', () => {
  it('refuses an expired login credential and session with 601', async () => {
    const data = loginDataOf(await logInAs(app, 'wm_buyer'))
    expect(await listWith(sessionOf(data))).toBe(200)
    await app.db.run('UPDATE sessions SET expires_at = ? WHERE token = ?', [Date.now() - 1, String(data.token)])
    await app.db.run('UPDATE login_credentials SET expires_at = ? WHERE login_data = ?', [Date.now() - 1, data.loginData])
    expect(await listWith(sessionOf(data))).toBe(601)
    expect(await orderWith(data.loginData)).toBe(601)
  })

  it('logout ends this login everywhere, and only this one', async () => {
    const mine = loginDataOf(await logInAs(app, 'wm_buyer'))
    const other = loginDataOf(await logInAs(app, 'wm_buyer'))
    const { body } = await post(app, LOGOUT, { loginData: mine.loginData }, sessionOf(mine))
    expect(body.code).toBe(200)
    expect(await listWith(sessionOf(mine))).toBe(601)
    expect(await orderWith(mine.loginData)).toBe(601)
    expect(await listWith(sessionOf(other))).toBe(200)
    // someone else's token cannot be logged out by naming another user
    expect((await post(app, LOGOUT, {}, { userid: 'wm_teacher', token: String(other.token) })).body.code).toBe(200)
    expect(await listWith(sessionOf(other))).toBe(200)
  })

  it('revokes every login of a user (what npm run revoke runs)', async () => {
    const data = loginDataOf(await logInAs(app, 'wm_buyer'))
    const ended = await new AccountRepository(app.db).revokeUser('wm_buyer')
    expect(ended).toBeGreaterThanOrEqual(3)
    expect(await listWith(sessionOf(data))).toBe(601)
    expect(await orderWith(data.loginData)).toBe(601)
    expect(await listWith({ userid: 'wm_buyer', token: 'token-buyer' })).toBe(601)
  })
})

it('npm run revoke ends a user\'s logins in the deployment\'s database', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lesson-revoke-'))
  const database = join(dir, 'data.sqlite')
  try {
    const before = await buildApp({ database, staticDir: '/nonexistent' })
    const data = loginDataOf(await logInAs(before, 'wm_buyer'))
    await before.close()
    const run = promisify(execFile)
    const { stdout } = await run('node', ['--import', 'tsx', 'server/login/revokeCommand.ts', 'wm_buyer'], { env: { ...process.env, ...ENGLISH_LOCALE, DB_PATH: database, DATABASE_URL: '' } })
    expect(stdout).toMatch(/^revoke: wm_buyer: \d+ logins ended$/m)
    await expect(run('node', ['--import', 'tsx', 'server/login/revokeCommand.ts', 'wm_nobody'], { env: { ...process.env, ...ENGLISH_LOCALE, DB_PATH: database, DATABASE_URL: '' } })).rejects.toThrow(
      'revoke: no user wm_nobody',
    )
    const after = await buildApp({ database, staticDir: '/nonexistent' })
    try {
      expect((await post(after, V2_LIST, { courseData: 'paid-bought', page: 1, pageSize: 1 }, sessionOf(data))).body.code).toBe(601)
      expect((await post(after, ORDER_CREATE, { courseData: 'demo-paid', loginData: data.loginData })).body.code).toBe(601)
    } finally {
      await after.close()
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}, 30_000)

describe('the native app: bridge getUserInfo, checked by the server', () => {
  const inAnHour = () => Math.floor(Date.now() / 1000) + 3600
  const appLogin = (userid: string, encryptData: string) => post<ObjectData<LoginData>>(app, APP_LOGIN, { userid, encryptData })

  it('logs in the user the app backend signed for', async () => {
    const { body } = await appLogin('wm_buyer', signAppToken(DEV_APP_BRIDGE_KEY, { userid: 'wm_buyer', exp: inAnHour() }))
    expect(body.code).toBe(200)
    expect(body.data.object).toMatchObject({ userid: 'wm_buyer', isWeMaiUser: 1 })
    const fresh = await appLogin('app_42', signAppToken(DEV_APP_BRIDGE_KEY, { userid: 'app_42', exp: inAnHour(), nickname: '小王' }))
    expect(fresh.body.data.object).toMatchObject({ isWeMaiUser: 0, nickname: '小王' })
  })

  it.each([
    ['another key', () => signAppToken('another-key-of-at-least-32-characters!', { userid: 'wm_buyer', exp: inAnHour() })],
    ['another user', () => signAppToken(DEV_APP_BRIDGE_KEY, { userid: 'wm_teacher', exp: inAnHour() })],
    ['an expired token', () => signAppToken(DEV_APP_BRIDGE_KEY, { userid: 'wm_buyer', exp: Math.floor(Date.now() / 1000) - 1 })],
    ['a token living past a day', () => signAppToken(DEV_APP_BRIDGE_KEY, { userid: 'wm_buyer', exp: Math.floor(Date.now() / 1000) + 2 * 86400 })],
    ['an unsigned claim', () => Buffer.from(JSON.stringify({ userid: 'wm_buyer', exp: inAnHour() })).toString('base64url')],
    ['garbage', () => 'x.y.z'],
  ])('refuses %s', async (_, token) => {
    const { body } = await appLogin('wm_buyer', token())
    expect(body).toMatchObject({ code: 403, msg: 'App 登录信息无效或已过期，请重新打开页面' })
  })
})

describe('the sticker guide (item 7)', () => {
  it('completes the binding when the authorisation returns: isBind 1', async () => {
    const info = await post<ObjectData<StickerAuth>>(app, STICKER, { d: 'sticker-new' })
    expect(info.body.data.object.isBind).toBe(0)
    const browser = new Browser()
    const authorize = await start(app, browser, info.body.data.object.wxUrl)
    expect(authorize.searchParams.get('scope')).toBe('snsapi_base')
    const back = await authorizeAs(app, authorize, 'wm_visitor')
    const landed = locationOf(await browser.get(app, back.pathname + back.search))
    expect(landed.toString()).toBe('http://localhost/addFaceWM?d=sticker-new')
    expect((await post<ObjectData<StickerAuth>>(app, STICKER, { d: 'sticker-new' })).body.data.object.isBind).toBe(1)
    expect(await app.db.one("SELECT openid FROM sticker_users WHERE d = 'sticker-new'")).toEqual({ openid: 'dev-oa-wm_visitor' })
  })

  it('binds nothing when the person refuses or for an unknown guide', async () => {
    const browser = new Browser()
    const authorize = await start(app, browser, '/wmim/wechat/sticker?d=sticker-new')
    const back = await authorizeAs(app, authorize, '')
    expect(locationOf(await browser.get(app, back.pathname + back.search)).pathname).toBe('/addFaceWM')
    expect((await post<ObjectData<StickerAuth>>(app, STICKER, { d: 'sticker-new' })).body.data.object.isBind).toBe(0)
    expect((await browser.get(app, '/wmim/wechat/sticker?d=nobody')).statusCode).toBe(404)
  })
})

describe('the settings', () => {
  const env = (vars: Record<string, string>) => serverConfigFromEnv({ PATH: process.env.PATH, ...vars })

  it('reads WECHAT_API_BASE and WECHAT_OPEN_BASE together, and APP_BRIDGE_KEY', () => {
    const config = env({ WECHAT_API_BASE: 'http://127.0.0.1:9/standin/wechat-api/', WECHAT_OPEN_BASE: 'http://127.0.0.1:9/standin/wechat-open', APP_BRIDGE_KEY: 'k'.repeat(32) })
    expect(config.wechatBases).toEqual({ api: 'http://127.0.0.1:9/standin/wechat-api', open: 'http://127.0.0.1:9/standin/wechat-open' })
    expect(config.appBridgeKey).toBe('k'.repeat(32))
    expect(env({}).wechatBases).toBeUndefined()
  })

  it.each([
    ['one base without the other', { WECHAT_API_BASE: 'https://api.example.test' }, 'WECHAT_API_BASE and WECHAT_OPEN_BASE together'],
    ['a base that is no URL', { WECHAT_API_BASE: 'api.weixin.qq.com', WECHAT_OPEN_BASE: 'https://open.weixin.qq.com' }, 'WECHAT_API_BASE must be an http(s) URL'],
    ['a short bridge key', { APP_BRIDGE_KEY: 'short' }, 'APP_BRIDGE_KEY must be at least 32 characters'],
  ])('refuses to start with %s', (_, vars, message) => {
    expect(() => env(vars)).toThrow(StartupError)
    expect(() => env(vars)).toThrow(message)
  })
})

describe('production mode against WeChat stand-ins that listen elsewhere', () => {
  let standin: FastifyInstance
  let prod: FastifyInstance
  beforeAll(async () => {
    standin = await buildApp({ database: ':memory:', dev: false })
    await standin.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(standin.server.address() as AddressInfo).port}/standin`
    prod = await buildApp({
      mode: 'production',
      wechat: DEMO_WECHAT,
      wechatBases: { api: `${base}/wechat-api`, open: `${base}/wechat-open` },
      database: await testDatabase({ seeded: false }),
      staticDir: '/nonexistent',
    })
  })
  afterAll(async () => {
    await prod.close()
    await standin.close()
  })

  it('logs a person in through OAuth (H5) and through jscode2session (mini-program)', async () => {
    const url = await post<ObjectData<LoginUrlData>>(prod, LOGIN_URL, { type: 1 })
    expect(url.body.code).toBe(200)
    const landed = await logInAs(prod, 'prod-person', new URL(url.body.data.object.loginUrl).pathname + new URL(url.body.data.object.loginUrl).search, standin)
    const h5 = loginDataOf(landed)
    expect(h5).toMatchObject({ isWeMaiUser: 0, nickname: '微信用户 prod-person' })
    const mini = await post<ObjectData<LoginData>>(prod, WEAPP_LOGIN, { code: 'dev:prod-person' })
    expect(mini.body.code).toBe(200)
    const owner = (loginData: string) => prod.db.one<{ wmid: string }>('SELECT wmid FROM login_credentials WHERE login_data = ?', [loginData])
    expect(await owner(mini.body.data.object.loginData)).toEqual(await owner(h5.loginData))
  })

  it('has no app login without APP_BRIDGE_KEY', async () => {
    const token = signAppToken(DEV_APP_BRIDGE_KEY, { userid: 'wm_buyer', exp: Math.floor(Date.now() / 1000) + 60 })
    const { body } = await post(prod, APP_LOGIN, { userid: 'wm_buyer', encryptData: token })
    expect(body).toMatchObject({ code: 403, msg: '这个服务器没有开启 App 登录' })
  })

  it('refuses to start the login when the stand-in does not know its secret', async () => {
    const wrong = await buildApp({
      mode: 'production',
      wechat: { ...DEMO_WECHAT, appSecret: 'not-the-secret' },
      wechatBases: { api: `http://127.0.0.1:${(standin.server.address() as AddressInfo).port}/standin/wechat-api`, open: 'http://127.0.0.1:1/none' },
      database: await testDatabase({ seeded: false }),
      staticDir: '/nonexistent',
    })
    try {
      const browser = new Browser()
      const authorize = await start(wrong, browser, '/wmim/wechat/login?type=1')
      const code = signGrant({ kind: 'code', appid: DEMO_WECHAT.appId, persona: 'x', scope: 'snsapi_base', expires: Date.now() + 60_000, nonce: 'n' }, DEMO_WECHAT.appSecret)
      const res = await browser.get(wrong, `/wmim/wechat/login/return?code=${encodeURIComponent(code)}&state=${authorize.searchParams.get('state')}`)
      expect(res.statusCode).toBe(502)
      expect(res.body).toContain('微信登录暂时不可用')
      expect((await post(wrong, WEAPP_LOGIN, { code: 'dev:x' })).body.code).toBe(200)
    } finally {
      await wrong.close()
    }
  })
})
