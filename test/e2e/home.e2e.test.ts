/**
 * The listener's home (issue 35 item 6) in Chromium, at /home of the demo build (a production
 * build opens on it at '/'; test/component/home/home.test.tsx holds that): a logged-in listener's
 * place saved from the mini-program shows with its progress, and opening it leads to the lesson,
 * which offers to continue there "from the mini-program".
 */
import type { Page } from 'playwright-core'
import { loggedInAs, seedStorage } from './browserState'
import { startE2E, type E2E } from './harness'

jest.setTimeout(60000)

const BUYER = loggedInAs({ loginData: 'login-buyer', token: 'token-buyer', userid: 'wm_buyer' })

describe('the listener\'s home', () => {
  let e2e: E2E
  let page: Page

  beforeAll(async () => {
    e2e = await startE2E()
    const saved = await e2e.server.inject({
      method: 'POST',
      url: '/wmim/course/v2/resume/save.do',
      headers: { 'content-type': 'application/x-www-form-urlencoded', userid: 'wm_buyer', token: 'token-buyer' },
      payload: new URLSearchParams({
        courseData: 'demo-all-types',
        msgId: 'demo-all-types-007',
        position: '4',
        at: String(Date.now()),
        deviceId: 'phone-aaaaaaaa',
        device: 'miniProgram',
      }).toString(),
    })
    expect(saved.json<{ code: number }>().code).toBe(200)
  })
  afterAll(async () => {
    await e2e?.close()
  })

  it('asks a logged-out listener to log in', async () => {
    const guest = await e2e.newPage()
    await guest.goto('/home')
    await guest.locator('.home').waitFor()
    await guest.getByText('登录后，在手机、小程序和浏览器之间接着听').waitFor()
    expect(await guest.getByText('这个浏览器不能离线保存课程，请在小程序里下载').count()).toBe(1)
    await e2e.screenshot(guest, 'home-logged-out')
  })

  it('lists the lesson to continue with its progress, and opens it with the offer to continue', async () => {
    page = await e2e.newPage()
    await seedStorage(page, BUYER)
    await page.goto('/home')
    const item = page.locator('.home-item')
    await item.waitFor()
    expect(await item.textContent()).toContain('第 2/7 条语音 · 0:04 · 来自小程序')
    expect(Number(await item.locator('[role="progressbar"]').getAttribute('aria-valuenow'))).toBeGreaterThan(0)
    expect(await page.locator('.home-account__name').textContent()).toContain('已登录：wm_buyer')
    await e2e.screenshot(page, 'home')
    await item.click()
    await page.locator('.resume-bar--remote').waitFor({ timeout: 15000 })
    expect(await page.locator('.resume-bar--remote .resume-bar__text').textContent()).toBe('从 0:04 继续（来自小程序）')
  })
})
