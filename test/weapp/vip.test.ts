/**
 * @jest-environment jsdom
 */
import { routeByName, type RouteName } from '../../src/domain/routes'
import { loadPage, type FakeWx, type LoadedPage } from './harness'
import { all, tap, typeInto } from './taroTree'

/**
 * The campaign pages, the album, the sticker guide and /tmp render in the compiled mini-program
 * (dist/weapp) against the real server and its seed (the demo checks the campaign window against a
 * day inside it). Only `wx` is the platform edge faked by the harness.
 */
describe('vip and misc pages in the compiled mini-program (dist/weapp)', () => {
  let page: LoadedPage | undefined
  afterEach(async () => {
    await page?.close()
    page = undefined
  })

  /** wm_buyer's session in wx storage: the owner of the seeded exchanged link (issue 29 item 6) */
  const asBuyer = (wx: FakeWx): void => {
    const stored = new Map<string, string>([
      ['session', JSON.stringify({ token: 'token-buyer', userid: 'wm_buyer', encryptKey: '' })],
      ['loginData', JSON.stringify({ loginData: 'login-buyer', isWeMaiUser: 1, token: 'token-buyer', userid: 'wm_buyer' })],
    ])
    const get = wx.getStorageSync as (key: string) => unknown
    wx.getStorageSync = (key: string) => stored.get(key) ?? get(key)
  }
  const open = async (route: RouteName, query: Record<string, string>, owner = false) => {
    page = await loadPage(routeByName(route).page, query, owner ? asBuyer : undefined)
    return page
  }
  const navigatedTo = (p: LoadedPage): string[] => p.wx.navigateTo.mock.calls.map(([options]) => (options as { url: string }).url)

  it('/vipExchange shows the quota table and goes to step 2 with the link', async () => {
    const p = await open('VipExchange', { data: 'vip-eligible' })
    // the file's first page loads the app bundle cold: allow for a busy machine
    await p.waitFor(() => p.text().includes('2000 人及以上'), 20000)
    expect(p.text()).toContain('活动时间：4月2日 - 4月30日')
    await tap(all(p, '.vip__primary')[0])
    expect(navigatedTo(p)).toEqual(['/packages/vip/pages/vipExchange2/index?data=vip-eligible'])
  })

  it('/vipExchange2 shows the seeded group\'s real numbers and why a small group cannot exchange', async () => {
    const p = await open('VipExchange2', { data: 'vip-eligible' })
    await p.waitFor(() => p.text().includes('英语口语一群'))
    expect(p.text()).toContain('群成员 655 人')
    expect(p.text()).toContain('可兑换 10 个 VIP 名额')
    // nobody is logged in: the page asks for the link owner's login in place of the exchange
    await p.waitFor(() => p.text().includes('请先登录'))
    expect(p.text()).not.toContain('确认兑换 VIP 名额')
    await p.close()
    const small = await open('VipExchange2', { data: 'vip-small' })
    await small.waitFor(() => small.text().includes('群成员需超过 50 人才能兑换 VIP 名额。'))
  })

  it('/vipExchange3 lists the slots: the used ones with their friends, use now on the others', async () => {
    const p = await open('VipExchange3', { data: 'vip-exchanged' }, true)
    await p.waitFor(() => p.root.querySelectorAll('.vip__slot').length === 10)
    expect(p.text()).toContain('恭喜你获得 10 个 VIP 名额，可自由使用，不限时间')
    expect(p.text()).toContain('林老师')
    expect(p.text()).toContain('ID：wm_assistant')
    await tap(all(p, '.vip__use')[0])
    expect(navigatedTo(p)).toEqual(['/packages/vip/pages/vipExchange4/index?data=vip-exchanged&number=3'])
  })

  it('/vipExchange4 looks the friend up, confirms and goes back', async () => {
    const p = await open('VipExchange4', { data: 'vip-exchanged', number: '3' }, true)
    await p.waitFor(() => p.root.querySelectorAll('.ui-field__input').length === 1)
    await typeInto(all(p, '.ui-field__input')[0], 'wm_visitor')
    await tap(all(p, '.vip__primary')[0])
    await p.waitFor(() => p.text().includes('确认为这位好友开通 VIP'))
    expect(p.text()).toContain('访客')
    await tap(all(p, '.vip__confirm .vip__primary')[0])
    await p.waitFor(() => (p.wx.navigateBack as jest.Mock).mock.calls.length === 1)
    const row = await p.server.db.one("SELECT friend_wmid AS friend FROM vip_slots WHERE owner_wmid = 'wm_buyer' AND number = 3")
    expect(row).toEqual({ friend: 'wm_visitor' })
  })

  it('/lessonAlbum shows the seeded album and opens a lesson in the app', async () => {
    const p = await open('LessonAlbum', { data: 'album-english' })
    await p.waitFor(() => p.root.querySelectorAll('.album__row').length === 3)
    expect(p.text()).toContain('共 3 节课')
    expect(p.text()).toContain('12:34')
    expect(p.text()).toContain('1:02:05')
    await tap(all(p, '.album__row')[0])
    expect(navigatedTo(p)).toEqual(['/pages/lesson/index?courseData=demo-open'])
  })

  it('/addFaceWM shows the four steps; authorizing copies the link in the mini-program', async () => {
    const p = await open('AddFaceWM', { d: 'sticker-new' })
    await p.waitFor(() => p.root.querySelectorAll('.sticker__step').length === 4)
    await tap(all(p, '.sticker__authorize')[0])
    await p.waitFor(() => (p.wx.setClipboardData as jest.Mock).mock.calls.length === 1)
    const [options] = (p.wx.setClipboardData as jest.Mock).mock.calls[0] as [{ data: string }]
    // the server's start of the official account's authorisation, which binds the guide when WeChat returns
    expect(new URL(options.data).pathname + new URL(options.data).search).toBe('/wmim/wechat/sticker?d=sticker-new')
    await p.close()
    const bound = await open('AddFaceWM', { d: 'sticker-bound' })
    await bound.waitFor(() => bound.text().includes('已授权'))
  })

  it('/tmp replaces itself with /lessonPay after 0.5 s', async () => {
    const p = await open('Tmp', { type: 'share', courseData: 'demo-paid', payType: '1' })
    await p.waitFor(() => p.wx.redirectTo.mock.calls.length === 1, 3000)
    const [options] = p.wx.redirectTo.mock.calls[0] as [{ url: string }]
    expect(options.url).toBe('/packages/money/pages/lessonPay/index?type=share&courseData=demo-paid&payType=1')
  })
})
