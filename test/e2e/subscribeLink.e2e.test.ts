/**
 * Issue 29 item 7 in Chromium (H5, 375x812): /liveSubscribeNoti opens for the person WeChat's
 * authorisation names, and for nobody who only knows an openid. The way in is the official
 * account's menu address, WeChat's web authorisation (its stand-in on the demo server) and the
 * server's return, which opens the page with the openid it signed; there the person sees and
 * changes their subscriptions. A bare openid gets the refusal in place of the list.
 */
import { LIVE_SUBSCRIBE_ENTRY_PATH } from '../../types/live'
import { startE2E, type E2E } from './harness'
import { shown } from './browserState'

jest.setTimeout(120000)

describe('the subscription page\'s openid (H5)', () => {
  let e2e: E2E
  beforeAll(async () => {
    e2e = await startE2E()
  })
  afterAll(async () => {
    await e2e?.close()
  })

  it('from the menu through WeChat\'s authorisation: the buyer sees and switches their subscriptions', async () => {
    const page = await e2e.newPage()
    await page.goto(LIVE_SUBSCRIBE_ENTRY_PATH)
    // WeChat's authorisation page (the stand-in): the person is the buyer
    await page.locator('button[value="wm_buyer"]').click()
    await page.waitForURL((url) => url.pathname === '/liveSubscribeNoti' && (url.searchParams.get('openid') ?? '').split('.').length === 3)
    const rows = shown(page, '.live-sub-row')
    await rows.nth(9).waitFor()
    const first = shown(page, '[role="switch"]').first()
    await first.click()
    await page.waitForFunction(() => {
      const s = document.querySelector('[role="switch"]')
      return s?.getAttribute('aria-checked') === 'false' && s.getAttribute('aria-busy') === 'false'
    })
    const row = await e2e.server.db.one("SELECT 1 AS y FROM live_subscriptions WHERE subscriber = 'wm_buyer' AND host = 'wm_teacher'")
    expect(row).toBeUndefined()
    await page.waitForTimeout(400)
    await e2e.screenshot(page, 'subscribe-link-from-wechat')
  })

  it('opened without its openid, the page offers WeChat\'s authorisation again, which comes back with it', async () => {
    const page = await e2e.newPage()
    await page.goto('/liveSubscribeNoti')
    const authorize = shown(page, '.state-view__action').filter({ hasText: '通过微信验证身份' })
    await authorize.waitFor()
    await page.waitForTimeout(400)
    await e2e.screenshot(page, 'subscribe-link-missing')
    await authorize.click()
    await page.locator('button[value="wm_visitor"]').click()
    await page.waitForURL((url) => url.pathname === '/liveSubscribeNoti' && (url.searchParams.get('openid') ?? '').split('.').length === 3)
    await shown(page, '.state-view__title').filter({ hasText: '还没有订阅任何主播' }).waitFor()
  })

  it('a bare openid in the address opens nothing: the page says to open it from the menu', async () => {
    const page = await e2e.newPage()
    await page.goto('/liveSubscribeNoti?openid=dev-oa-wm_buyer')
    await shown(page, '.state-view--error').filter({ hasText: '订阅链接无效或已过期，请从公众号菜单重新打开' }).waitFor()
    expect(await shown(page, '.live-sub-row').count()).toBe(0)
    await page.waitForTimeout(400)
    await e2e.screenshot(page, 'subscribe-link-bare-openid')
  })
})
