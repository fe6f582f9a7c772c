import { scrollUntil, startE2E, type E2E } from './harness'
import { shown } from './browserState'
import { routeByName } from '../../src/domain/routes'

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

  const subscribed = (host: string): boolean => {
    const row = e2e.server.db.prepare("SELECT count(*) AS n FROM live_subscriptions WHERE subscriber = 'wm_buyer' AND host = ?").get(host)
    return (row as { n: number }).n === 1
  }

  it('the subscription list pages by 10 to its end, and a switch unsubscribes the host on the server', async () => {
    const page = await e2e.newPage()
    await page.goto('/liveSubscribeNoti?openid=openid-buyer')
    const rows = shown(page, '.live-sub-row')
    await rows.nth(9).waitFor()
    expect(await rows.count()).toBe(10)
    await page.waitForTimeout(400)
    await e2e.screenshot(page, 'live-subscriptions')

    await scrollUntil(page, async () => (await rows.count()) === 14)
    await shown(page, '.ui-paged-list__footer--end').filter({ hasText: '没有更多了' }).waitFor()

    // the first host's switch: loading, then off; the server no longer has the subscription
    expect(subscribed('wm_teacher')).toBe(true)
    const first = shown(page, '[role="switch"]').first()
    expect(await first.getAttribute('aria-checked')).toBe('true')
    await first.click()
    await page.waitForFunction(() => {
      const s = document.querySelector('[role="switch"]')
      return s?.getAttribute('aria-checked') === 'false' && s.getAttribute('aria-busy') === 'false'
    })
    expect(subscribed('wm_teacher')).toBe(false)
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
    await page.goto('/liveSubscribeNoti?openid=openid-visitor')
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
    // /downloadWm is another package's page: the journey follows the button once that page is built
    if (routeByName('DownloadWm').status === 'built') {
      await shown(page, '.live-end__download').click()
      await page.waitForURL((url) => url.pathname === '/downloadWm')
    }
  })
})
