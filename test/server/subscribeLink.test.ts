/**
 * Issue 29 item 7: /liveSubscribeNoti's openid opens nothing by itself. The subscription list and
 * switch take only an openid this server signed on WeChat's return (expiring HMAC), never a bare
 * one, a forged, expired or altered signature, or a session of someone else. The way in runs as in
 * production: the menu's address -> WeChat's web authorisation (its stand-in here) -> the return,
 * which exchanges the code and opens the page with the signed value, with which the person sees and
 * changes their subscriptions.
 */
import { textOf } from '../../server/core/messages'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { DEMO_WECHAT } from '../../server/core/wechat'
import { SUBSCRIBE_LINK_TTL_MS, signSubscribeLink, subscribeLinkKey } from '../../server/live/subscribeLink'
import { SUBSCRIBE_STATE_COOKIE } from '../../server/live/subscribeRoutes'
import { personaOpenid } from '../../server/outside/wechatOauth/personas'
import type { ArrayData } from '../../types/api'
import { LIVE_SUBSCRIBE_ENTRY_PATH, LIVE_SUBSCRIBE_RETURN_PATH, liveCalls } from '../../types/live'
import type { LiveSubscription } from '../../types/live'
import { BUYER, TEACHER, VISITOR, post } from './helpers'
import { testDatabase } from './engines'

let app: FastifyInstance
beforeEach(async () => {
  app = await buildApp({ database: await testDatabase(), staticDir: '/nonexistent' })
})
afterEach(() => app.close())

const BUYER_OPENID = personaOpenid('oa', 'wm_buyer')
const KEY = subscribeLinkKey(DEMO_WECHAT.appSecret)
const signed = (openid: string, at = Date.now()) => signSubscribeLink(openid, at, KEY)

const list = (openid: string, headers: Record<string, string> = {}) =>
  post<ArrayData<LiveSubscription>>(app, liveCalls.subscriptions.path, { openid, page: 1, pageSize: 10 }, headers)
const turnOff = (openid: string, headers: Record<string, string> = {}) =>
  post(app, liveCalls.wxSubscribe.path, { openid, wmid: 'wm_teacher', isSubscribe: 0 }, headers)
const buyerFollowsTeacher = async (): Promise<boolean> =>
  (await app.db.one("SELECT 1 AS y FROM live_subscriptions WHERE subscriber = 'wm_buyer' AND host = 'wm_teacher'")) !== undefined

/** Flips one character of `text` at `index` (a signature, an expiry or the openid). */
const flip = (text: string, index: number): string => `${text.slice(0, index)}${text[index] === 'A' ? 'B' : 'A'}${text.slice(index + 1)}`

describe('the openid of the subscription page', () => {
  it('opens the list and the switch when the server signed it', async () => {
    const link = signed(BUYER_OPENID)
    const { body } = await list(link)
    expect(body.code).toBe(200)
    expect(body.data.array).toHaveLength(10)
    expect((await turnOff(link)).body.code).toBe(200)
    expect(await buyerFollowsTeacher()).toBe(false)
  })

  it.each([
    ['a bare openid', () => BUYER_OPENID],
    ['a bare openid with another user\'s session', () => BUYER_OPENID],
    ['a signature made with another key', () => signSubscribeLink(BUYER_OPENID, Date.now(), subscribeLinkKey('not-the-secret'))],
    ['an expired one', () => signed(BUYER_OPENID, Date.now() - SUBSCRIBE_LINK_TTL_MS - 1)],
    ['one whose signature was altered', () => flip(signed(BUYER_OPENID), signed(BUYER_OPENID).length - 3)],
    ['one whose expiry was pushed later', () => {
      const [id, expiry, mac] = signed(BUYER_OPENID, Date.now() - SUBSCRIBE_LINK_TTL_MS - 1).split('.')
      return [id, (parseInt(expiry, 36) + 2 * SUBSCRIBE_LINK_TTL_MS).toString(36), mac].join('.')
    }],
    ['another user\'s link with the buyer\'s openid put in', () => {
      const [, expiry, mac] = signed(personaOpenid('oa', 'wm_visitor')).split('.')
      return [Buffer.from(BUYER_OPENID).toString('base64url'), expiry, mac].join('.')
    }],
    ['an empty signature', () => `${signed(BUYER_OPENID).split('.').slice(0, 2).join('.')}.`],
  ])('refuses %s: nothing is read or changed', async (_name, make) => {
    const headers = { ...TEACHER, 'accept-language': 'en' }
    const refused = await list(make(), headers)
    expect(refused.body).toMatchObject({
      code: 403,
      msg: textOf('subscribeLinkInvalid', 'en'),
      data: null,
    })
    expect((await turnOff(make(), headers)).body.code).toBe(403)
    expect(await buyerFollowsTeacher()).toBe(true)
  })

  it('a session opens nobody\'s subscriptions through a bare openid, the owner\'s own included', async () => {
    for (const session of [BUYER, VISITOR]) {
      expect((await list(BUYER_OPENID, session)).body.code).toBe(403)
      expect((await turnOff(BUYER_OPENID, session)).body.code).toBe(403)
    }
    expect(await buyerFollowsTeacher()).toBe(true)
  })

  it('knows the openid of a WeChat login through the official account too', async () => {
    const openid = 'o-login-only-buyer'
    expect((await list(signed(openid))).body.code).toBe(403)
    await app.db.run('INSERT INTO wechat_accounts (app_id, openid, wmid, created_at) VALUES (?, ?, ?, 0)', [DEMO_WECHAT.appId, openid, 'wm_buyer'])
    expect((await list(signed(openid))).body.data.array).toHaveLength(10)
    // the same openid of another app (the mini-program's) is someone else's identity: not this page's
    await app.db.run('INSERT INTO wechat_accounts (app_id, openid, wmid, created_at) VALUES (?, ?, ?, 0)', ['wx-other-app', 'o-mini-only', 'wm_buyer'])
    expect((await list(signed('o-mini-only'))).body.code).toBe(403)
  })

  it('is refused with the Chinese text by default', async () => {
    expect((await list(BUYER_OPENID)).body.msg).toBe('订阅链接无效或已过期，请从公众号菜单重新打开')
  })
})

describe('the way in: the menu, WeChat\'s authorisation, the return', () => {
  const location = (headers: Record<string, unknown>): URL => new URL(String(headers.location), 'http://localhost')
  /** `name=value` of the state cookie an answer sets, as the browser sends it back. */
  const stateCookieOf = (headers: Record<string, unknown>): string => String(headers['set-cookie']).split(';')[0]

  /** The buyer goes through the entry and WeChat's (stand-in) page: where WeChat sent the browser, where it comes back, and the cookie the entry set. */
  async function buyerReturn(): Promise<{ authorize: URL; back: URL; cookie: string }> {
    const entry = await app.inject({ method: 'GET', url: LIVE_SUBSCRIBE_ENTRY_PATH })
    expect(entry.statusCode).toBe(302)
    const authorize = location(entry.headers)
    const form = new URLSearchParams({
      appid: authorize.searchParams.get('appid') ?? '',
      redirect_uri: authorize.searchParams.get('redirect_uri') ?? '',
      response_type: 'code',
      scope: 'snsapi_base',
      state: authorize.searchParams.get('state') ?? '',
      persona: 'wm_buyer',
    })
    const confirm = await app.inject({
      method: 'POST',
      url: `${authorize.pathname}/confirm`,
      payload: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(confirm.statusCode).toBe(302)
    return { authorize, back: location(confirm.headers), cookie: stateCookieOf(entry.headers) }
  }

  it('goes through the web authorisation and opens the page with a signed openid that works', async () => {
    const { authorize, back, cookie } = await buyerReturn()
    expect(cookie).toBe(`${SUBSCRIBE_STATE_COOKIE}=${authorize.searchParams.get('state')}`)
    expect(authorize.pathname).toMatch(/\/connect\/oauth2\/authorize$/)
    expect(authorize.searchParams.get('scope')).toBe('snsapi_base')
    expect(new URL(authorize.searchParams.get('redirect_uri') ?? '').pathname).toBe(LIVE_SUBSCRIBE_RETURN_PATH)
    expect(back.pathname).toBe(LIVE_SUBSCRIBE_RETURN_PATH)

    const returned = await app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } })
    expect(returned.statusCode).toBe(302)
    // the state is spent
    expect(String(returned.headers['set-cookie'])).toMatch(/^wxsub=; .*Max-Age=0/)
    const page = location(returned.headers)
    expect(page.pathname).toBe('/liveSubscribeNoti')
    const link = page.searchParams.get('openid') ?? ''
    expect(link).not.toBe(BUYER_OPENID)
    expect(link.split('.')).toHaveLength(3)

    expect((await list(link)).body.data.array.map((row) => row.wmid)).toContain('wm_teacher')
    expect((await turnOff(link)).body.code).toBe(200)
    expect(await buyerFollowsTeacher()).toBe(false)
  })

  it('does not follow a return crafted for another browser: no cookie, another browser\'s cookie, a used state', async () => {
    const { back, cookie } = await buyerReturn()
    const other = stateCookieOf((await app.inject({ method: 'GET', url: LIVE_SUBSCRIBE_ENTRY_PATH })).headers)
    const follow = (headers: Record<string, string>) => app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers })
    // the victim's browser never started this authorisation
    expect((await follow({})).headers.location).toBe('/liveSubscribeNoti')
    // it started another one
    expect((await follow({ cookie: other })).headers.location).toBe('/liveSubscribeNoti')
    // the browser that started it is let through
    expect(String((await follow({ cookie })).headers.location)).toMatch(/^\/liveSubscribeNoti\?openid=/)
  })

  it.each([
    ['no code (the person refused)', (state: string) => `?state=${state}`],
    ['a code WeChat does not know', (state: string) => `?code=forged&state=${state}`],
    ['another state', () => `?code=x&state=${'0'.repeat(32)}`],
  ])('%s goes to the bare page, which asks to open it from the menu', async (_name, query) => {
    const entry = await app.inject({ method: 'GET', url: LIVE_SUBSCRIBE_ENTRY_PATH })
    const state = location(entry.headers).searchParams.get('state') ?? ''
    const returned = await app.inject({ method: 'GET', url: `${LIVE_SUBSCRIBE_RETURN_PATH}${query(state)}`, headers: { cookie: stateCookieOf(entry.headers) } })
    expect(returned.statusCode).toBe(302)
    expect(returned.headers.location).toBe('/liveSubscribeNoti')
  })
})
