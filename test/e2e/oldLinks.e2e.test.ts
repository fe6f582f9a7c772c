/**
 * Old links in Chromium (issue 17 items 5, 6, 12): hash links of the old site, shared in chats with
 * WeChat's suffix, open the same page as today's links; an old link to a paid lesson reaches its
 * pay/share page; inside another page's frame no page opens and no call is made.
 */
import { startE2E, type E2E } from './harness'

jest.setTimeout(60000)

describe('old links (H5, 375x812)', () => {
  let e2e: E2E
  beforeAll(async () => {
    e2e = await startE2E()
  })
  afterAll(async () => {
    await e2e?.close()
  })

  it('a hash link shared in a chat opens the lesson at its route path', async () => {
    const page = await e2e.newPage()
    await page.goto('/?from=singlemessage&isappinstalled=0#/lesson/1?data=legacy-open')
    await page.waitForFunction(() => document.querySelectorAll('.message-row').length >= 10)
    const url = new URL(page.url())
    expect(url.pathname + url.search + url.hash).toBe('/lesson/1?data=legacy-open')
    expect(await page.locator('.launcher').count()).toBe(0)
    await e2e.screenshot(page, 'old-hash-link-lesson')
  })

  it('a hash link to the pay/share page opens it', async () => {
    const page = await e2e.newPage()
    await page.goto('/#/lessonPay/share/demo-paid/1')
    await page.locator('.lesson-pay__name').first().waitFor()
    expect(new URL(page.url()).pathname).toBe('/lessonPay/share/demo-paid/1')
  })

  it('a hash link to a path no route has shows what its path shows (not found), never the launcher', async () => {
    const page = await e2e.newPage()
    await page.goto('/#/welcomeBack/eyJhIjoxfQ?from=singlemessage')
    await page.locator('.state-view__title', { hasText: '页面不存在' }).waitFor()
    expect(await page.locator('.launcher').count()).toBe(0)
    expect(await page.textContent('body')).toContain('/welcomeBack/eyJhIjoxfQ')
  })

  it('a hash link to an invite opens the invite page with its info, never the launcher', async () => {
    const page = await e2e.newPage()
    const info = encodeURIComponent(encodeURIComponent(JSON.stringify({ usrname: '林老师', data: 'invite-friend' })))
    await page.goto(`/#/welcome/${info}?from=singlemessage`)
    await page.waitForURL((u) => u.pathname.startsWith('/welcome/'))
    await page.getByText('林老师').first().waitFor()
    expect(await page.locator('.launcher').count()).toBe(0)
  })

  it('an old link to a paid lesson reaches its pay/share page', async () => {
    const page = await e2e.newPage()
    await page.goto('/lesson/1?data=legacy-paid-bought')
    await page.waitForURL((u) => u.pathname === '/lessonPay' && u.searchParams.get('courseData') === 'paid-bought')
    await page.locator('.lesson-pay__name').first().waitFor()
  })

  it('inside another page\'s frame, opens no page and calls nothing', async () => {
    const page = await e2e.newPage()
    const calls: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('.do')) calls.push(request.url())
    })
    await page.goto('/notFound')
    await page.locator('.state-view__title', { hasText: '页面不存在' }).waitFor()
    await page.evaluate(() => {
      const frame = document.createElement('iframe')
      frame.title = 'embedded lesson'
      frame.src = '/lesson/1?data=legacy-open'
      frame.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;border:0;background:#fff;z-index:9999'
      document.body.appendChild(frame)
    })
    const framed = page.frameLocator('iframe')
    await framed.getByRole('alert').getByText('请直接打开此页面').waitFor()
    await page.waitForTimeout(500)
    expect(await framed.locator('.message-row').count()).toBe(0)
    expect(calls).toEqual([])
    await e2e.screenshot(page, 'framed-page')
  })
})
