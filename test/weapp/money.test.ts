/**
 * @jest-environment jsdom
 */
import type { FastifyInstance } from 'fastify'
import { routeByName, type RouteName } from '../../src/domain/routes'
import { loadPage, type FakeWx, type LoadedPage } from './harness'
import { all, tap } from './taroTree'

/**
 * The profile and money pages render in the compiled mini-program (dist/weapp), each against the
 * real server with a seeded session in wx storage: wm_teacher (the seller) or wm_buyer. Only `wx`
 * (storage, navigation, request transport) is the platform edge faked by the harness.
 */

const SESSIONS = {
  teacher: { token: 'token-teacher', userid: 'wm_teacher', loginData: 'login-teacher', nickname: '林老师' },
  buyer: { token: 'token-buyer', userid: 'wm_buyer', loginData: 'login-buyer', nickname: '学员阿杰' },
} as const

function withSession(who: keyof typeof SESSIONS | undefined) {
  return (wx: FakeWx, _server: FastifyInstance) => {
    if (!who) return
    const user = SESSIONS[who]
    const stored = new Map<string, string>([
      ['session', JSON.stringify({ token: user.token, userid: user.userid, encryptKey: '' })],
      ['loginData', JSON.stringify({ loginData: user.loginData, isWeMaiUser: 1, token: user.token, userid: user.userid, nickname: user.nickname })],
    ])
    const get = wx.getStorageSync as (key: string) => unknown
    wx.getStorageSync = (key: string) => stored.get(key) ?? get(key)
  }
}

describe('profile and money pages in the compiled mini-program (dist/weapp)', () => {
  let page: LoadedPage | undefined
  afterEach(async () => {
    await page?.close()
    page = undefined
  })

  const open = async (route: RouteName, who?: keyof typeof SESSIONS, query: Record<string, string> = {}) => {
    page = await loadPage(routeByName(route).page, query, withSession(who))
    return page
  }

  it('/profile logged out offers the login button', async () => {
    const p = await open('Profile')
    // the file's first page loads the app bundle cold: allow for a busy machine
    await p.waitFor(() => p.root.querySelectorAll('.profile__login').length === 1, 20000)
    expect(p.text()).toContain('未登录')
  })

  it('/profile lists what the buyer bought; the refunded one alerts', async () => {
    const p = await open('Profile', 'buyer')
    await p.waitFor(() => p.root.querySelectorAll('.profile-item').length === 2)
    expect(p.text()).toContain('学员阿杰')
    expect(p.text()).toContain('已退款')
    await tap(all(p, '.profile-item')[0])
    await p.waitFor(() => p.text().includes('该课程已退款，无法查看'))
  })

  it('/withdraw shows the seller\'s income and sales records', async () => {
    const p = await open('Withdraw', 'teacher')
    await p.waitFor(() => p.text().includes('126.50') && p.root.querySelectorAll('.money-row').length > 0)
    expect(p.text()).toContain('销售收入')
  })

  it('/withdrawAction shows the balance, the rules and the records in all three states', async () => {
    const p = await open('WithdrawAction', 'teacher')
    await p.waitFor(() => p.root.querySelectorAll('.money-record').length === 3)
    expect(p.text()).toContain('51.80')
    expect(p.text()).toContain('每周一统一打款')
    for (const status of ['等待打款', '提现成功', '提现失败']) expect(p.text()).toContain(status)
  })

  it('/withdrawBindCard shows the bound card masked to its last 4 digits', async () => {
    const p = await open('WithdrawBindCard', 'teacher')
    await p.waitFor(() => p.text().includes('**** **** **** 8888'))
    expect(p.text()).toContain('招商银行')
    expect(p.text()).not.toContain('6214830000008888')
  })

  it('/withdrawBindCardEdit shows the form with the fixed ID card type; an empty submit alerts the first check', async () => {
    const p = await open('WithdrawBindCardEdit', 'teacher')
    await p.waitFor(() => p.root.querySelectorAll('.card-form__field').length === 5)
    expect(p.text()).toContain('身份证')
    await tap(all(p, '.money__primary')[0])
    await p.waitFor(() => p.text().includes('请输入正确的姓名'))
  })
})
