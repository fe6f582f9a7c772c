/**
 * @jest-environment jsdom
 */
import { demoSubscribeLink } from '../fixtures/subscribeLink'
import { routeByName, toPageUrl } from '../../src/domain/routes'
import { loadPage, optionsOf, type FakeWx, type LoadedPage } from './harness'
import { all, attributeOf, tap, typeInto } from './taroTree'

/**
 * The live package's simple pages in the compiled mini-program (dist/weapp), against the real
 * server's seed: /liveEnd and /liveSubscribeNoti (wm_buyer's 14 hosts through the openid signed for them, test/fixtures/subscribeLink.ts).
 * Only `wx` (navigation, request transport) is the platform edge faked by the harness.
 */
const count = (p: LoadedPage, selector: string): number => p.root.querySelectorAll(selector).length

describe('live pages in the compiled mini-program (dist/weapp)', () => {
  let page: LoadedPage | undefined
  afterEach(async () => {
    await page?.close()
    page = undefined
  })

  it('/liveEnd shows the ended cover; its button navigates to /downloadWm', async () => {
    page = await loadPage(routeByName('LiveEnd').page, {})
    const p = page
    // the file's first page loads the app bundle cold: allow for a busy machine
    await p.waitFor(() => count(p, '.live-end__download') === 1, 20000)
    expect(p.text()).toContain('直播已结束')
    await tap(all(p, '.live-end__download')[0])
    await p.waitFor(() => (p.wx.navigateTo as jest.Mock).mock.calls.length === 1)
    expect(optionsOf(p.wx.navigateTo)[0]).toMatchObject({ url: toPageUrl('DownloadWm') })
  })

  it('/liveSubscribeNoti lists the first 10 subscribed hosts; a switch unsubscribes on the server', async () => {
    page = await loadPage(routeByName('LiveSubscribeNoti').page, { openid: demoSubscribeLink('wm_buyer') })
    const p = page
    await p.waitFor(() => count(p, '.live-sub-row') === 10, 20000)
    expect(p.text()).toContain('已订阅的主播')
    expect(p.text()).toContain('林老师')
    await tap(all(p, '.live-switch')[0])
    await p.waitFor(() => count(p, '.live-switch--on') === 9 && count(p, '.live-switch--loading') === 0)
    const row = await p.server.db.one("SELECT count(*) AS n FROM live_subscriptions WHERE subscriber = 'wm_buyer' AND host = 'wm_teacher'")
    expect(row).toEqual({ n: 0 })
  })

  it('/liveSubscribeNoti without an openid says the link lacks it', async () => {
    page = await loadPage(routeByName('LiveSubscribeNoti').page, {})
    const p = page
    await p.waitFor(() => p.text().includes('链接缺少公众号身份'), 20000)
  })
})

describe('the live viewer in the compiled mini-program (dist/weapp)', () => {
  let page: LoadedPage | undefined
  afterEach(async () => {
    await page?.close()
    page = undefined
  })

  const TEACHER = { token: 'token-teacher', userid: 'wm_teacher', loginData: 'login-teacher', nickname: '林老师' }
  const BUYER = { token: 'token-buyer', userid: 'wm_buyer', loginData: 'login-buyer', nickname: '学员阿杰' }
  const as = (user: typeof TEACHER) => (wx: FakeWx) => {
    const stored = new Map<string, string>([
      ['session', JSON.stringify({ token: user.token, userid: user.userid, encryptKey: '' })],
      ['loginData', JSON.stringify({ ...user, isWeMaiUser: 1 })],
    ])
    const get = wx.getStorageSync as (key: string) => unknown
    wx.getStorageSync = (key: string) => stored.get(key) ?? get(key)
  }

  it('/liveHome: a guest chooses, and the stream plays in a live Video of the server\'s playlist', async () => {
    page = await loadPage(routeByName('LiveHome').page, { courseData: 'live-now' })
    const p = page
    await p.waitFor(() => count(p, '.live-identity') === 1, 20000)
    await tap(all(p, '.live-secondary')[0])
    await p.waitFor(() => count(p, '.live-player__video') === 1)
    const [video] = all(p, '.live-player__video')
    expect(video.dom?.tagName.toLowerCase()).toBe('wx-video')
    expect(attributeOf(p, video, 'src')).toMatch(/\/hls\/live-now\/live\.m3u8\?token=[0-9a-f]{32}$/)
    expect(p.text()).toContain('英语口语直播：每天十分钟')
  })

  /** Socket tasks as `wx.connectSocket` hands them out, and the video contexts the page asks for. */
  function media(wx: FakeWx) {
    const tasks: { closed: boolean }[] = []
    wx.connectSocket = jest.fn(() => {
      const task: { closed: boolean; [api: string]: unknown } = { closed: false, onOpen: jest.fn(), onMessage: jest.fn(), onClose: jest.fn(), onError: jest.fn(), send: jest.fn(), close: jest.fn(() => void (task.closed = true)) }
      tasks.push(task)
      return task
    })
    const stops = jest.fn()
    wx.createVideoContext = jest.fn(() => ({ play: jest.fn(), pause: jest.fn(), stop: stops, playbackRate: jest.fn() }))
    return { open: () => tasks.filter((task) => !task.closed).length, stops }
  }
  it('/liveHome: a live\'s Video has no seek bar; a replay\'s has one (issue 30.4)', async () => {
    page = await loadPage(routeByName('LiveHome').page, { courseData: 'live-now' }, (wx) => void media(wx))
    const p = page
    await p.waitFor(() => count(p, '.live-identity') === 1, 20000)
    await tap(all(p, '.live-secondary')[0])
    await p.waitFor(() => count(p, '.live-player__video') === 1)
    const [video] = all(p, '.live-player__video')
    expect(attributeOf(p, video, 'show-progress')).toBe(false)
    expect(attributeOf(p, video, 'enable-progress-gesture')).toBe(false)
    await p.close()
    page = await loadPage(routeByName('LiveHome').page, { data: 'live-replay', type: 'playBack', isPlayBack: '1' }, (wx) => void media(wx))
    const q = page
    await q.waitFor(() => count(q, '.live-password') === 1, 20000)
    await typeInto(all(q, '.live-password .ui-field__input')[0], '2468')
    await tap(all(q, '.live-primary')[0])
    await q.waitFor(() => count(q, '.live-player__video') === 1)
    const [replay] = all(q, '.live-player__video')
    expect(attributeOf(q, replay, 'show-progress')).toBe(true)
  })

  it('/liveHome of an ended live shows its duration and watch count', async () => {
    page = await loadPage(routeByName('LiveHome').page, { courseData: 'live-ended' })
    const p = page
    await p.waitFor(() => p.text().includes('直播时长 1:00:00 · 128 人看过'), 20000)
  })

  it('/liveHomeAdmin plays for the host and refuses a viewer with the server\'s message', async () => {
    page = await loadPage(routeByName('LiveHomeAdmin').page, { courseData: 'live-now' }, as(TEACHER))
    const p = page
    await p.waitFor(() => count(p, '.live-player__video') === 1, 20000)
    await p.close()
    page = await loadPage(routeByName('LiveHomeAdmin').page, { courseData: 'live-now' }, as(BUYER))
    const q = page
    await q.waitFor(() => q.text().includes('只有主播或这个直播的管理员可以打开这个页面'), 20000)
  })
})
