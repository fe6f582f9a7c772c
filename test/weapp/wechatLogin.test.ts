/**
 * @jest-environment jsdom
 */
import { routeByName } from '../../src/domain/routes'
import { loginCalls } from '../../types/login'
import { loadPage, optionsOf, type FakeWx, type LoadedPage } from './harness'
import { all, tap } from './taroTree'

/**
 * Issue 31 item 1, the mini-program: /profile's login button runs wx.login, the page sends the code
 * to the server's weapp login, and the server exchanges it through jscode2session (the stand-in of
 * server/outside/wechatOauth in demo mode, reached through the real client). The code names a
 * person the server has never seen: it makes the user, keeps the session_key and answers login data
 * without it, and the page shows the person logged in. Only `wx` is faked (the harness).
 */

interface RequestOptions {
  url: string
  data?: unknown
}

/** What the page sent in its calls of `path` (wx.request's `data`). */
function sentTo(wx: FakeWx, path: string): unknown[] {
  return optionsOf(wx.request)
    .map((options) => options as RequestOptions)
    .filter((options) => new URL(options.url).pathname === path)
    .map((options) => options.data)
}

describe('mini-program login through jscode2session (dist/weapp)', () => {
  let page: LoadedPage | undefined
  afterEach(async () => {
    await page?.close()
    page = undefined
  })

  it('logs a new person in from /profile: wx.login, the server exchanges the code, session_key stays there', async () => {
    let answer = ''
    page = await loadPage(routeByName('Profile').page, {}, (wx, server) => {
      wx.login = jest.fn((options: { success?: (res: unknown) => void }) => options.success?.({ code: 'dev:weapp-newcomer', errMsg: 'login:ok' }))
      server.addHook('onSend', async (request, _reply, payload) => {
        if (request.url === loginCalls.weappLogin.path && typeof payload === 'string') answer = payload
        return payload
      })
    })
    const p = page
    await p.waitFor(() => p.root.querySelectorAll('.profile__login').length === 1, 20000)
    await tap(all(p, '.profile__login')[0])
    // a visitor who is not yet a product user: /profile asks for a phone (spec 001 §2)
    await p.waitFor(() => answer !== '' && !p.text().includes('未登录'))
    expect(p.wx.login).toHaveBeenCalledTimes(1)
    expect(sentTo(p.wx, loginCalls.weappLogin.path)).toEqual(['code=dev%3Aweapp-newcomer'])

    const stored = await p.server.db.one<{ sessionKey: string; wmid: string; nickname: string }>(
      `SELECT a.session_key AS "sessionKey", a.wmid, u.nickname FROM wechat_accounts a JOIN users u ON u.wmid = a.wmid
       WHERE a.openid = 'dev-mini-weapp-newcomer'`,
    )
    expect(stored?.sessionKey).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect(stored?.nickname).toBe('微信用户')
    const data = JSON.parse(answer) as { code: number; data: { object: Record<string, unknown> } }
    expect(data.code).toBe(200)
    expect(data.data.object).toMatchObject({ isWeMaiUser: 0, nickname: '微信用户' })
    expect(answer).not.toContain(String(stored?.sessionKey))
    expect(Object.keys(data.data.object)).not.toContain('session_key')
    // the login data the page keeps is the server's credential of that new user
    const kept = await p.server.db.one<{ wmid: string }>('SELECT wmid FROM login_credentials WHERE login_data = ?', [String(data.data.object.loginData)])
    expect(kept?.wmid).toBe(stored?.wmid)
  })

  it('a code WeChat refuses logs no one in and says why', async () => {
    page = await loadPage(routeByName('Profile').page, {}, (wx) => {
      wx.login = jest.fn((options: { success?: (res: unknown) => void }) => options.success?.({ code: 'dev:not a person!', errMsg: 'login:ok' }))
    })
    const p = page
    await p.waitFor(() => p.root.querySelectorAll('.profile__login').length === 1, 20000)
    await tap(all(p, '.profile__login')[0])
    await p.waitFor(() => (p.wx.showToast as jest.Mock).mock.calls.length > 0 || p.text().includes('微信授权已使用或已失效'))
    expect(p.text()).toContain('未登录')
    expect(await p.server.db.one("SELECT count(*) AS n FROM wechat_accounts WHERE openid LIKE 'dev-mini-not%'")).toEqual({ n: 0 })
  })
})
