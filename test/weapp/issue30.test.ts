/**
 * @jest-environment jsdom
 */
import fs from 'fs'
import path from 'path'
import type { FastifyInstance } from 'fastify'
import postcss from 'postcss'
import { ROUTES, routeByName } from '../../src/domain/routes'
import { DIST, loadPage, optionsOf, type FakeWx, type LoadedPage } from './harness'

jest.setTimeout(60000)

/**
 * Issue 30 in the compiled mini-program (dist/weapp): every page has a title in its config, a
 * 601 opens /profile saying the login expired (and only then), and a request that runs out of
 * time says 请求超时. Only `wx` is faked (the harness): the server is the real one.
 */

const EXPIRED = { token: 'token-buyer-expired', userid: 'wm_buyer', loginData: 'login-buyer-expired' }

function expiredSession(wx: FakeWx): void {
  const stored = new Map<string, string>([
    ['session', JSON.stringify({ token: EXPIRED.token, userid: EXPIRED.userid, encryptKey: '' })],
    ['loginData', JSON.stringify({ loginData: EXPIRED.loginData, isWeMaiUser: 1, token: EXPIRED.token, userid: EXPIRED.userid })],
  ])
  const get = wx.getStorageSync as (key: string) => unknown
  wx.getStorageSync = (key: string) => stored.get(key) ?? get(key)
}

/** The compiled declarations of `selector` (every wxss file of the build). */
function declarations(selector: string): Record<string, string> {
  const found: Record<string, string> = {}
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (full.endsWith('.wxss')) {
        postcss.parse(fs.readFileSync(full, 'utf8')).walkRules((rule) => {
          if (rule.selectors.includes(selector)) rule.walkDecls((decl) => void (found[decl.prop] = decl.value))
        })
      }
    }
  }
  walk(DIST)
  return found
}

/** 44 CSS px at the standard text size: 2.75rem (16 px a rem); rpx follows the screen width (42 px at 360). */
function atLeast44(value: string | undefined): boolean {
  const rem = /^([\d.]+)rem$/.exec(value ?? '')
  return rem !== null && Number(rem[1]) >= 2.75
}

describe('issue 30 in the compiled mini-program (dist/weapp)', () => {
  let page: LoadedPage | undefined
  afterEach(async () => {
    await page?.close()
    page = undefined
  })

  it('item 11: every page of the route table has a title in its page config', () => {
    const untitled = ROUTES.filter((route) => {
      const config = JSON.parse(fs.readFileSync(path.join(DIST, `${route.page}.json`), 'utf8')) as { navigationBarTitleText?: string }
      return !config.navigationBarTitleText
    }).map((route) => route.name)
    expect(untitled).toEqual([])
  })

  it('item 15: the fields and the 下载 and 试看课程 buttons are 44 px tall at least on any screen width (min-height in rem)', () => {
    for (const selector of ['.ui-field__input', '.lesson-pay .lesson-pay__button', '.country-picker__search', '.audio-file__download']) {
      expect([selector, atLeast44(declarations(selector)['min-height'])]).toEqual([selector, true])
    }
  })

  it('item 13: a 601 relaunches /profile with the reason, and /profile then says the login expired', async () => {
    page = await loadPage(routeByName('Withdraw').page, {}, expiredSession)
    const p = page
    await p.waitFor(() => p.wx.reLaunch.mock.calls.length > 0, 20000)
    const { url } = optionsOf(p.wx.reLaunch)[0] as { url: string }
    expect(url).toContain('packages/misc/pages/profile/index')
    expect(url).toContain('reason=loginExpired')
    await p.close()

    page = await loadPage(routeByName('Profile').page, { reason: 'loginExpired' })
    const expired = page
    await expired.waitFor(() => expired.root.querySelectorAll('.profile__login').length === 1, 20000)
    expect(expired.text()).toContain('登录已过期，请重新登录')
  })

  it('item 13: a normal visit to /profile does not say that the login expired', async () => {
    page = await loadPage(routeByName('Profile').page, {})
    const p = page
    await p.waitFor(() => p.root.querySelectorAll('.profile__login').length === 1, 20000)
    expect(p.text()).toContain('未登录')
    expect(p.text()).not.toContain('登录已过期')
  })

  it('item 14: wx.request failing with a timeout reports 请求超时, not 网络请求异常', async () => {
    page = await loadPage(routeByName('Lesson').page, { courseData: 'demo-paid' }, (wx: FakeWx, _server: FastifyInstance) => {
      const real = wx.request
      wx.request = jest.fn((options: { url: string; fail?: (err: unknown) => void; complete?: (res: unknown) => void }) => {
        if (!options.url.includes('info')) return real(options) as unknown
        setTimeout(() => {
          options.fail?.({ errMsg: 'request:fail timeout' })
          options.complete?.({ errMsg: 'request:fail timeout' })
        }, 10)
        return { abort: jest.fn(), onHeadersReceived: jest.fn(), offHeadersReceived: jest.fn() }
      })
    })
    const p = page
    const said = (): string[] => [
      p.text(),
      ...optionsOf(p.wx.showToast).map((options) => (options as { title: string }).title),
    ]
    await p.waitFor(() => said().some((text) => text.includes('请求超时')), 20000)
    expect(said().some((text) => text.includes('网络请求异常'))).toBe(false)
  })
})
