import { demoSubscribeLink } from '../fixtures/subscribeLink'
import type { Page } from 'playwright-core'
import { scrollUntil, startE2E, type E2E } from './harness'
import { STORAGE, seedStorage, shown } from './browserState'

jest.setTimeout(120000)

/** The live package's pages in Chromium (H5, 375x812) against the seeded server. */
describe('live pages in Chromium (H5, 375x812)', () => {
  let e2e: E2E
  beforeAll(async () => {
    e2e = await startE2E()
  })
  afterAll(async () => {
    await e2e?.close()
  })

  const subscribed = async (host: string): Promise<boolean> => {
    const row = await e2e.server.db.one<{ n: number }>("SELECT count(*) AS n FROM live_subscriptions WHERE subscriber = 'wm_buyer' AND host = ?", [host])
    return row?.n === 1
  }

  it('the subscription list pages by 10 to its end, and a switch unsubscribes the host on the server', async () => {
    const page = await e2e.newPage()
    await page.goto(`/liveSubscribeNoti?openid=${encodeURIComponent(demoSubscribeLink('wm_buyer'))}`)
    const rows = shown(page, '.live-sub-row')
    await rows.nth(9).waitFor()
    expect(await rows.count()).toBe(10)
    await page.waitForTimeout(400)
    await e2e.screenshot(page, 'live-subscriptions')

    await scrollUntil(page, async () => (await rows.count()) === 14)
    await shown(page, '.ui-paged-list__footer--end').filter({ hasText: '没有更多了' }).waitFor()

    // the first host's switch: loading, then off; the server no longer has the subscription
    expect(await subscribed('wm_teacher')).toBe(true)
    const first = shown(page, '[role="switch"]').first()
    expect(await first.getAttribute('aria-checked')).toBe('true')
    await first.click()
    await page.waitForFunction(() => {
      const s = document.querySelector('[role="switch"]')
      return s?.getAttribute('aria-checked') === 'false' && s.getAttribute('aria-busy') === 'false'
    })
    expect(await subscribed('wm_teacher')).toBe(false)
    await page.waitForTimeout(400)
    await e2e.screenshot(page, 'live-subscriptions-switched')

    // entering again lists only what the server has
    await page.reload()
    await rows.first().waitFor()
    await scrollUntil(page, async () => (await rows.count()) === 13)
    expect(await shown(page, '.live-sub-row__name').filter({ hasText: '林老师' }).count()).toBe(0)
  })

  it('a user with no subscriptions sees the empty text', async () => {
    const page = await e2e.newPage()
    await page.goto(`/liveSubscribeNoti?openid=${encodeURIComponent(demoSubscribeLink('wm_visitor'))}`)
    await shown(page, '.state-view__title').filter({ hasText: '还没有订阅任何主播' }).waitFor()
    await page.waitForTimeout(400)
    await e2e.screenshot(page, 'live-subscriptions-empty')
  })

  it('/liveEnd shows the ended cover and its button goes to /downloadWm', async () => {
    const page = await e2e.newPage()
    await page.goto('/liveEnd')
    await shown(page, '.live-end__title').filter({ hasText: '直播已结束' }).waitFor()
    await page.waitForTimeout(400)
    await e2e.screenshot(page, 'live-end')
    await shown(page, '.live-end__download').click()
    await page.waitForURL((url) => url.pathname === '/downloadWm')
  })
  /** A chat-app login in storage, with the nickname the comments carry. */
  const asUser = (page: Page, user: { loginData: string; token: string; userid: string; nickname: string }) =>
    seedStorage(page, {
      [STORAGE.session]: JSON.stringify({ token: user.token, userid: user.userid, encryptKey: '' }),
      [STORAGE.loginData]: JSON.stringify({ ...user, isWeMaiUser: 1 }),
    })
  const BUYER = { loginData: 'login-buyer', token: 'token-buyer', userid: 'wm_buyer', nickname: '学员阿杰' }
  const TEACHER = { loginData: 'login-teacher', token: 'token-teacher', userid: 'wm_teacher', nickname: '林老师' }

  /** The playing `<video>`'s current time (Taro's Video renders one inside #live-video). */
  const currentTime = (page: Page) => page.evaluate(() => document.querySelector<HTMLVideoElement>('#live-video video')?.currentTime ?? -1)

  async function advances(page: Page): Promise<void> {
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('#live-video video')?.currentTime ?? 0) > 0.5, undefined, { timeout: 30000 })
    const first = await currentTime(page)
    await page.waitForFunction((t) => (document.querySelector<HTMLVideoElement>('#live-video video')?.currentTime ?? 0) > t + 1, first, { timeout: 30000 })
  }

  it('a guest watches the live stream (its time advances), reads the history and cannot comment', async () => {
    const page = await e2e.newPage()
    await page.goto('/liveHome?courseData=live-now')
    await shown(page, 'taro-button-core').filter({ hasText: '以游客身份观看' }).click()
    await shown(page, '.live-chat__text').filter({ hasText: '（24）' }).waitFor()
    await advances(page)
    await page.waitForTimeout(400)
    await e2e.screenshot(page, 'live-home-guest')
    await shown(page, '.live-chat__button').click()
    await page.getByText('评论需要登录').waitFor()
    // 'load earlier' brings the 10 before the first batch
    await shown(page, '.live-chat__earlier').click()
    await shown(page, '.live-chat__text').filter({ hasText: '（14）' }).waitFor()
  })

  it('two viewers in one live see each other\'s comments', async () => {
    const buyer = await e2e.newPage()
    const teacher = await e2e.newPage()
    await asUser(buyer, BUYER)
    await asUser(teacher, TEACHER)
    await buyer.goto('/liveHome?courseData=live-now')
    await teacher.goto('/liveHome?courseData=live-now')
    for (const page of [buyer, teacher]) await shown(page, '.live-chat__text').first().waitFor()
    await buyer.locator('.live-chat__field input').fill('老师，我能听清楚')
    await shown(buyer, '.live-chat__button').click()
    await shown(teacher, '.live-chat__text').filter({ hasText: '老师，我能听清楚' }).waitFor()
    await teacher.locator('.live-chat__field input').fill('好的，我们开始')
    await shown(teacher, '.live-chat__button').click()
    await shown(buyer, '.live-chat__text').filter({ hasText: '好的，我们开始' }).waitFor()
    await shown(buyer, '.live-chat__name').filter({ hasText: '林老师' }).last().waitFor()
    await buyer.waitForTimeout(400)
    await e2e.screenshot(buyer, 'live-home-chat')
  })

  it('the replay opens with its password and plays at 1.5x', async () => {
    const page = await e2e.newPage()
    await page.goto('/liveHome/playBack/live-replay')
    const password = page.locator('.live-password input')
    await password.fill('2468')
    await page.waitForTimeout(400)
    await e2e.screenshot(page, 'live-replay-password')
    await shown(page, 'taro-button-core').filter({ hasText: '观看回放' }).click()
    await shown(page, '[role="radio"]').filter({ hasText: '1.5x' }).click()
    await advances(page)
    expect(await page.evaluate(() => document.querySelector<HTMLVideoElement>('#live-video video')?.playbackRate)).toBe(1.5)
    await page.waitForTimeout(400)
    await e2e.screenshot(page, 'live-replay')
  })

  it('a failing stream shows the dialog, which re-enters through /refresh', async () => {
    const page = await e2e.newPage()
    await asUser(page, BUYER)
    await page.route('**/hls/live-now/live.m3u8*', (route) => route.fulfill({ status: 500, body: 'down' }))
    await page.goto('/liveHome?courseData=live-now')
    await shown(page, '.ui-dialog__text').filter({ hasText: '直播流异常，请重新进入' }).waitFor()
    await page.waitForTimeout(400)
    await e2e.screenshot(page, 'live-stream-broken')
    await page.unroute('**/hls/live-now/live.m3u8*')
    await shown(page, '.ui-dialog__button').click()
    // /refresh replaces itself with the page before it: the live again
    await page.waitForURL((url) => url.pathname === '/liveHome')
    await shown(page, '.live-head__title').filter({ hasText: '英语口语直播：每天十分钟' }).waitFor()
    await page.waitForTimeout(400)
    await e2e.screenshot(page, 'live-stream-reentered')
  })

  /**
   * Counts what a page keeps running: every WebSocket the page opens is remembered (an init script
   * wraps window.WebSocket), and the `<video>` elements that play (not paused, not ended).
   */
  const countRunning = (page: Page) =>
    page.addInitScript(() => {
      const Native = window.WebSocket
      const opened: WebSocket[] = []
      class Counted extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols)
          opened.push(this)
        }
      }
      window.WebSocket = Counted
      Reflect.set(window, 'e2eOpenSockets', () => opened.filter((s) => s.readyState === Native.CONNECTING || s.readyState === Native.OPEN).length)
    })
  const running = (page: Page) =>
    page.evaluate(() => ({
      videos: [...document.querySelectorAll('video')].filter((v) => !v.paused && !v.ended).length,
      sockets: (Reflect.get(window, 'e2eOpenSockets') as () => number)(),
    }))
  /** The live's playlist and segments answer 500 while `down` holds. */
  const breakStream = async (page: Page, down: () => boolean) => {
    await page.route('**/hls/live-now/**', (route) => (down() ? route.fulfill({ status: 500, body: 'down' }) : route.continue()))
  }
  /** The newest page's player (a page the app keeps under it has its own #live-video). */
  async function newestAdvances(page: Page): Promise<void> {
    const time = () => page.evaluate(() => [...document.querySelectorAll<HTMLVideoElement>('#live-video video')].pop()?.currentTime ?? 0)
    await page.waitForFunction(() => ([...document.querySelectorAll<HTMLVideoElement>('#live-video video')].pop()?.currentTime ?? 0) > 0.5, undefined, { timeout: 30000 })
    const first = await time()
    await page.waitForFunction(
      (t) => ([...document.querySelectorAll<HTMLVideoElement>('#live-video video')].pop()?.currentTime ?? 0) > t + 1,
      first,
      { timeout: 30000 },
    )
  }

  it('re-entering after a broken stream leaves one player and one chat connection running (issue 30.1)', async () => {
    const page = await e2e.newPage()
    await countRunning(page)
    let down = false
    await breakStream(page, () => down)
    await page.goto('/liveHome?courseData=live-now')
    await shown(page, 'taro-button-core').filter({ hasText: '以游客身份观看' }).click()
    await shown(page, '.live-chat__text').first().waitFor()
    await newestAdvances(page)
    expect(await running(page)).toEqual({ videos: 1, sockets: 1 })
    // the stream breaks while it plays: the dialog, then back to normal and 确定
    down = true
    await shown(page, '.ui-dialog__text').filter({ hasText: '直播流异常，请重新进入' }).waitFor({ timeout: 60000 })
    down = false
    await shown(page, '.ui-dialog__button').click()
    await page.waitForURL((url) => url.pathname === '/liveHome')
    await shown(page, 'taro-button-core').filter({ hasText: '以游客身份观看' }).click()
    await shown(page, '.live-chat__text').first().waitFor()
    await newestAdvances(page)
    // the page under the new one (kept by the page stack) plays nothing and holds no connection
    await page.waitForTimeout(2000)
    expect(await running(page)).toEqual({ videos: 1, sockets: 1 })
    expect(await page.locator('#live-video').count()).toBe(1)
    await e2e.screenshot(page, 'live-reentered-guest')
  })

  /** The newest player's bar, as Taro's H5 Video shows it for a while after a tap on the picture. */
  const showControls = async (page: Page) => {
    await page.evaluate(() => {
      const bar = [...document.querySelectorAll<HTMLElement & { toggleVisibility?: (on: boolean) => Promise<void> }>('#live-video taro-video-control')].pop()
      return bar?.toggleVisibility?.(true)
    })
  }

  it('a live has no seek bar and no duration; a replay has both (issue 30.4)', async () => {
    const page = await e2e.newPage()
    await page.goto('/liveHome?courseData=live-now')
    await shown(page, 'taro-button-core').filter({ hasText: '以游客身份观看' }).click()
    await newestAdvances(page)
    await showControls(page)
    const player = page.locator('#live-video')
    expect(await player.locator('.taro-video-progress-container').count()).toBe(0)
    expect(await player.locator('.taro-video-duration').count()).toBe(0)
    expect(await player.locator('.taro-video-current-time').count()).toBe(0)
    expect(await player.innerText()).not.toMatch(/\d\d:\d\d/)
    await e2e.screenshot(page, 'live-controls-no-seek')

    const replay = await e2e.newPage()
    await replay.goto('/liveHome/playBack/live-replay')
    await replay.locator('.live-password input').fill('2468')
    await shown(replay, 'taro-button-core').filter({ hasText: '观看回放' }).click()
    await newestAdvances(replay)
    await showControls(replay)
    expect(await replay.locator('#live-video .taro-video-progress-container').count()).toBe(1)
    expect(await replay.locator('#live-video .taro-video-duration').innerText()).toMatch(/\d\d:\d\d/)
    await e2e.screenshot(replay, 'live-replay-controls')
  })

  it('an audio-only live shows its cover and no picture around it, and its sound plays (issue 30.4)', async () => {
    const page = await e2e.newPage()
    await page.goto('/liveHome?courseData=live-audio')
    await shown(page, 'taro-button-core').filter({ hasText: '以游客身份观看' }).click()
    await newestAdvances(page)
    await page.waitForTimeout(400)
    await e2e.screenshot(page, 'live-audio-only')
    const video = await page.evaluate(() => {
      const v = document.querySelector<HTMLVideoElement>('#live-video video')
      if (!v) return undefined
      const style = getComputedStyle(v)
      return { hidden: style.visibility === 'hidden' || style.opacity === '0', muted: v.muted, paused: v.paused, volume: v.volume }
    })
    expect(video).toEqual({ hidden: true, muted: false, paused: false, volume: 1 })
  })

  it('an app-only live shows the notice', async () => {
    const page = await e2e.newPage()
    await page.goto('/liveHome?courseData=live-app')
    await shown(page, '.ui-dialog__text').filter({ hasText: '直播仅支持在 App 内观看' }).waitFor()
    await page.waitForTimeout(400)
    await e2e.screenshot(page, 'live-app-only')
  })
})
