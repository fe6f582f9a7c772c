/**
 * Links cut short or grown too long (issue 15 item 7): the server answers the app shell for a page
 * path with a broken percent-sequence or a URL over 16 KB; Taro's router would throw
 * `URIError: URI malformed` on such an address and leave a blank page. The user sees the not-found
 * page naming the path, with a way home.
 */
import { startE2E, type E2E } from './harness'

jest.setTimeout(60000)

describe('broken links (H5, 375x812)', () => {
  let e2e: E2E
  beforeAll(async () => {
    e2e = await startE2E()
  })
  afterAll(async () => {
    await e2e?.close()
  })

  it.each([
    ['a lesson link cut mid-character', '/lesson/%E0%A4%A', '/lesson/%E0%A4%A', 'broken-link-lesson'],
    ['a pay/share link cut mid-character', '/lessonPay/share/%E4%B8%/1', '/lessonPay/share/%E4%B8%/1', 'broken-link-pay'],
    ['a link over 16 KB', `/lessonPay/share/${'x'.repeat(17 * 1024)}/1`, `/lessonPay/share/${'x'.repeat(40)}`, 'broken-link-too-long'],
  ])('%s shows the not-found page with a way home', async (_what, url, shownPath, shot) => {
    const page = await e2e.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(String(error)))
    const answer = await page.goto(url)
    expect(answer?.status()).toBe(200)
    await page.locator('.state-view__title', { hasText: '页面不存在' }).waitFor()
    expect(await page.locator('.state-view__detail').textContent()).toContain(shownPath)
    const home = page.getByRole('button', { name: '返回首页' })
    expect(await home.isVisible()).toBe(true)
    expect(new URL(page.url()).pathname).toBe('/notFound')
    expect(errors).toEqual([])
    await e2e.screenshot(page, shot)

    await home.click()
    await page.locator('.launcher').waitFor()
  })
})
