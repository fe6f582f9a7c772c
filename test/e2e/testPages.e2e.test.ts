/**
 * /test and /testWmJsApi in Chromium at 375x812 (issue 14): outside the native app getUserInfo
 * says so, copy toasts and paste reads it back, and the demo payment goes through the reference
 * server's sandbox (cancelled, then paid); the JS-SDK page lists its steps. Each screenshot is an
 * axe audit.
 */
import type { Page } from 'playwright-core'
import { shown } from './browserState'
import { startE2E, type E2E } from './harness'

jest.setTimeout(120000)

const button = (page: Page, name: string) => shown(page, '.tools__button').filter({ hasText: name })
const result = (page: Page, text: string) => shown(page, '.tools__result').filter({ hasText: text }).waitFor()
/** Taro's modal fades out and the toast hides: the screenshot should show the page, not a layer over it. */
const layersGone = (page: Page) =>
  page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('.taro__modal, .platform-toast')).every((layer) => {
        const style = getComputedStyle(layer)
        return style.display === 'none' || style.opacity === '0' || style.visibility === 'hidden'
      }),
    undefined,
    { timeout: 10000 },
  )

describe('the test pages (H5, 375x812)', () => {
  let e2e: E2E
  beforeAll(async () => {
    e2e = await startE2E()
  })
  afterAll(async () => {
    await e2e?.close()
  })

  it('/test: user info outside the app, copy and paste, a cancelled then a paid demo payment', async () => {
    const page = await e2e.newPage()
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.baseUrl })
    await page.goto('/test')
    await button(page, '获取用户信息').waitFor()
    await e2e.screenshot(page, 'test-idle')

    await button(page, '获取用户信息').click()
    await result(page, '当前页面不在 App 内打开')

    await button(page, '复制').click()
    await page.locator('.platform-toast[role="status"]').filter({ hasText: '复制成功' }).waitFor()
    await button(page, '粘贴').click()
    await result(page, '读到的内容：这是一段复制测试文字')

    await button(page, '支付 ¥0.01').click()
    const sandbox = shown(page, '.taro-modal__content')
    await sandbox.locator('.taro-modal__text', { hasText: '¥0.01' }).waitFor()
    await sandbox.locator('.taro-model__cancel').click()
    await result(page, '已取消支付')
    await layersGone(page)
    await e2e.screenshot(page, 'test-cancelled')

    await button(page, '支付 ¥0.01').click()
    await shown(page, '.taro-modal__content').locator('.taro-model__confirm').click()
    await result(page, '支付成功')
    await layersGone(page)
    await e2e.screenshot(page, 'test-paid')
    // the cancelled and the paid attempt were one order, paid once, outside the lesson orders
    expect(await e2e.server.db.all('SELECT status FROM test_orders')).toEqual([{ status: 1 }])
  })

  it('/testWmJsApi: outside WeChat the list says the JS-SDK set-up is skipped', async () => {
    const page = await e2e.newPage()
    await page.goto('/testWmJsApi')
    await shown(page, '.tools__step').filter({ hasText: '不在微信浏览器中' }).waitFor()
    await button(page, '再运行一次').waitFor()
    await e2e.screenshot(page, 'test-wmjsapi')
  })
})
