/**
 * Issue 31 item 1 in Chromium: a production server (SERVER_MODE=production's settings: no demo
 * data, no development routes) whose WeChat hosts (WECHAT_API_BASE, WECHAT_OPEN_BASE) are WeChat's
 * stand-ins served by a separate app on another port, as WeChat is another site. A visitor on
 * /profile taps 登录, goes to the authorisation page, comes back to our server, which exchanges the
 * code over HTTP with the stand-in, asks someone new for nickname and picture (snsapi_userinfo),
 * and lands back on the page they were on, logged in.
 */
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { DEMO_WECHAT } from '../../server/core/wechat'
import { startE2E, startProviders, type E2E } from './harness'
import { STORAGE, readJson, readStorage, shown } from './browserState'

jest.setTimeout(120000)

interface LandedLoginData {
  loginData: string
  isWeMaiUser: 0 | 1
  nickname?: string
}

describe('production login in Chromium against WeChat stand-ins elsewhere (H5, 375x812)', () => {
  let wechat: FastifyInstance
  let e2e: E2E
  let server: FastifyInstance
  let baseUrl: string
  let wechatOrigin: string

  beforeAll(async () => {
    // WeChat: an app of its own on another port, serving only its stand-ins
    const providers = await startProviders()
    wechat = providers.app
    wechatOrigin = providers.origin
    e2e = await startE2E({
      app: (staticDir) =>
        buildApp({
          mode: 'production',
          wechat: DEMO_WECHAT,
          wechatBases: { api: `${wechatOrigin}/standin/wechat-api`, open: `${wechatOrigin}/standin/wechat-open` },
          database: ':memory:',
          staticDir,
        }),
    })
    server = e2e.server
    baseUrl = e2e.baseUrl
  })
  afterAll(async () => {
    await e2e?.close()
    await wechat?.close()
  })

  it('a visitor logs in through OAuth and lands back where they were', async () => {
    const page = await e2e.newPage()
    const visited: URL[] = []
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()))
    })
    await page.goto('/profile?from=share')
    await shown(page, '.state-view__title').filter({ hasText: '未登录' }).waitFor()
    await shown(page, '.profile__login').click()

    // WeChat's authorisation, on WeChat's site: silent (snsapi_base) first
    await page.waitForURL((url) => url.origin === wechatOrigin && url.pathname.endsWith('/connect/oauth2/authorize'))
    const first = new URL(page.url())
    expect(first.searchParams.get('scope')).toBe('snsapi_base')
    expect(first.searchParams.get('appid')).toBe(DEMO_WECHAT.appId)
    expect(first.searchParams.get('redirect_uri')).toBe(`${baseUrl}/wmim/wechat/login/return`)
    await e2e.screenshot(page, 'production-login-authorize')
    await page.locator('button[value="wm_visitor"]').click()

    // someone this server has never seen: asked for nickname and picture before a user is made
    await page.waitForURL((url) => url.origin === wechatOrigin && url.searchParams.get('scope') === 'snsapi_userinfo')
    await page.locator('button[value="wm_visitor"]').click()

    // back on the page the login started from, with the login data stored
    await page.waitForURL((url) => url.origin === baseUrl && url.pathname === '/profile' && url.searchParams.get('from') === 'share')
    const loginReturn = visited.find((url) => url.pathname === '/profile' && url.searchParams.get('type') === 'login')
    expect(loginReturn?.searchParams.get('from')).toBe('share')
    // a new person is no product user yet: /profile asks for a phone (spec 001 §2)
    await shown(page, '.bind-dialog').first().waitFor()
    const stored = await readJson<LandedLoginData>(page, STORAGE.loginData)
    expect(stored).toMatchObject({ isWeMaiUser: 0, nickname: '微信用户 wm_visitor' })
    expect(await readStorage(page, STORAGE.session)).toBeUndefined()
    const owner = await server.db.one<{ nickname: string }>(
      'SELECT u.nickname FROM login_credentials c JOIN users u ON u.wmid = c.wmid WHERE c.login_data = ?',
      [String(stored?.loginData)],
    )
    expect(owner).toEqual({ nickname: '微信用户 wm_visitor' })
    await e2e.screenshot(page, 'production-login-landed')
  })
})
