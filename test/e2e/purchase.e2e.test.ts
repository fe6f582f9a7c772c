import type { Page } from 'playwright-core'
import { scrollToBottom, scrollUntil, startE2E, type E2E } from './harness'
import {
  STORAGE,
  isDisabled,
  isInViewport,
  loggedInAs,
  pathOf,
  readJson,
  readStorage,
  seedStorage,
  shown,
  type StoredLoginData,
  type StoredSession,
} from './browserState'

jest.setTimeout(90000)

const rows = (page: Page) => shown(page, '.message-row')

/** The free list of demo-paid (spec 000 §6): its first 5 of 25 messages. */
const PAID_FREE_COUNT = 5
const PAID_TOTAL = 25
const PAGE_SIZE = 20

async function sentSmsCode(e2e: E2E, phone: string): Promise<string> {
  const res = await fetch(`${e2e.baseUrl}/dev/sms/last.do?phone=${phone}&interCode=86`)
  const body = (await res.json()) as { code: number; data: { object: { code: string } } }
  expect(body.code).toBe(200)
  return body.data.object.code
}

/** Waits for the free preview of demo-paid: the 5 free messages, their end, and the pay bar. */
async function expectPreview(page: Page): Promise<void> {
  await shown(page, '.lesson-preview-bar__button').filter({ hasText: '查看完整课程' }).waitFor()
  await shown(page, '.lesson-footer--end').waitFor()
  expect(await rows(page).count()).toBe(PAID_FREE_COUNT)
  await shown(page, '.lesson-preview-bar__hint').filter({ hasText: '可免费试看前 5 条' }).waitFor()
  // the sixth message is beyond the preview
  expect(await page.getByText('好，正式开始。第一部分：提出请求。').count()).toBe(0)
}

describe('paid lessons in Chromium (H5, 375x812)', () => {
  let e2e: E2E
  beforeAll(async () => {
    e2e = await startE2E()
  })
  afterAll(async () => {
    await e2e?.close()
  })

  it('previews, logs in through the login page, binds a phone, pays in the sandbox and reads the whole lesson', async () => {
    const page = await e2e.newPage()
    const visited: URL[] = []
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()))
    })

    await page.goto('/lesson/1?courseData=demo-paid')
    await expectPreview(page)
    await e2e.screenshot(page, 'purchase-preview')

    // 'look again' closes the pay dialog and changes nothing
    await shown(page, '.lesson-preview-bar__button').click()
    await shown(page, '.pay-dialog__price').filter({ hasText: '¥9.90' }).waitFor()
    await shown(page, '.pay-dialog__look-again').filter({ hasText: '再看看' }).waitFor()
    await shown(page, '.pay-dialog__go-pay').filter({ hasText: '去支付' }).waitFor()
    await e2e.screenshot(page, 'purchase-pay-dialog')
    await shown(page, '.pay-dialog__look-again').click()
    await shown(page, '.pay-dialog').waitFor({ state: 'detached' })
    expect(await rows(page).count()).toBe(PAID_FREE_COUNT)

    // 'go pay' without login data: WeChat's authorisation (its stand-in in demo mode)
    await shown(page, '.lesson-preview-bar__button').click()
    await shown(page, '.pay-dialog__go-pay').click()
    await page.waitForURL((url) => url.pathname === '/standin/wechat-open/connect/oauth2/authorize')
    expect(new URL(page.url()).searchParams.get('scope')).toBe('snsapi_base')
    await e2e.screenshot(page, 'purchase-dev-login')
    await page.locator('button[value="wm_visitor"]').click()

    // back through the login return, which stores the login data and moves on to the pay page
    await shown(page, '.lesson-pay__price').filter({ hasText: '¥9.90' }).waitFor()
    const loginReturn = visited.find((url) => url.pathname === '/lessonPay' && url.searchParams.get('type') === 'login')
    expect(loginReturn).toBeDefined()
    expect(pathOf(page)).toMatch(/^\/lessonPay/)
    const loginData = await readJson<StoredLoginData>(page, STORAGE.loginData)
    expect(loginData).toMatchObject({ isWeMaiUser: 0, courseData: 'demo-paid' })
    expect(loginData?.loginData).toBeTruthy()
    // a visitor who is not a product user has no session until a phone is bound
    expect(await readStorage(page, STORAGE.session)).toBeUndefined()
    await shown(page, '.lesson-pay__name').filter({ hasText: '英语口语进阶：职场表达' }).waitFor()
    // free preview: the preview button replaces the pay button (spec 001 §4)
    expect(await shown(page, '.lesson-pay__pay').count()).toBe(0)
    await e2e.screenshot(page, 'purchase-pay-page-visitor')

    await shown(page, '.lesson-pay__preview').filter({ hasText: '试看课程' }).click()
    await expectPreview(page)
    await shown(page, '.lesson-preview-bar__button').click()
    await shown(page, '.pay-dialog__go-pay').click()

    // not a product user: the 'phone login' dialog (spec 000 §2), +86 by default
    await shown(page, '.bind-dialog__title').filter({ hasText: '手机号登录' }).waitFor()
    const country = shown(page, '.bind-dialog__country')
    expect((await country.textContent())?.trim()).toBe('+86')
    await e2e.screenshot(page, 'purchase-bind-dialog')

    await country.click()
    await shown(page, '.country-picker__title').filter({ hasText: '选择国家/地区' }).waitFor()
    await shown(page, '.country-picker__group-title').filter({ hasText: '推荐' }).waitFor()
    await e2e.screenshot(page, 'purchase-country-picker')
    await shown(page, '.country-picker__search input').fill('新加坡')
    const singapore = shown(page, '.country-picker__item').filter({ hasText: '新加坡' })
    await singapore.waitFor()
    expect(await shown(page, '.country-picker__item').count()).toBe(1)
    expect((await singapore.locator('.country-picker__code').textContent())?.trim()).toBe('+65')
    await e2e.screenshot(page, 'purchase-country-search')
    await singapore.click()
    await country.filter({ hasText: '+65' }).waitFor()

    await country.click()
    await shown(page, '.country-picker__group--recommended .country-picker__item')
      .filter({ has: page.locator('.country-picker__name', { hasText: /^中国$/ }) })
      .click()
    await country.filter({ hasText: '+86' }).waitFor()

    const phone = '13912345678'
    await shown(page, '.bind-dialog__phone input').fill(phone)
    const getCode = shown(page, '.bind-dialog__get-code')
    await getCode.click()
    await getCode.filter({ hasText: /^\d+s 后重发$/ }).waitFor()
    const secondsLeft = async () => Number((await getCode.textContent())?.match(/(\d+)s/)?.[1])
    const first = await secondsLeft()
    expect(first).toBeLessThanOrEqual(60)
    expect(first).toBeGreaterThan(50)
    expect(await isDisabled(getCode)).toBe(true)
    expect(await getCode.getAttribute('class')).toContain('bind-dialog__get-code--waiting')
    await e2e.screenshot(page, 'purchase-bind-countdown')
    await page.waitForFunction(
      ({ before }) => {
        const text = [...document.querySelectorAll('.bind-dialog__get-code')].map((el) => el.textContent ?? '').join('')
        const left = Number(/(\d+)s/.exec(text)?.[1])
        return left > 0 && left < before
      },
      { before: first },
    )

    await shown(page, '.bind-dialog__code input').fill(await sentSmsCode(e2e, phone))
    await shown(page, '.bind-dialog__confirm').click()
    await shown(page, '.bind-dialog__success-text').filter({ hasText: '领取成功' }).waitFor()
    await e2e.screenshot(page, 'purchase-bind-success')
    const bound = await readJson<StoredLoginData>(page, STORAGE.loginData)
    expect(bound?.isWeMaiUser).toBe(1)
    const session = await readJson<StoredSession>(page, STORAGE.session)
    expect(session?.userid).toBe('wm_visitor')

    await shown(page, '.bind-dialog__done').filter({ hasText: '我知道了' }).click()
    await shown(page, '.pay-dialog__title').filter({ hasText: '安全提示' }).waitFor()
    await shown(page, '.pay-dialog__text').filter({ hasText: '¥9.90' }).waitFor()
    await e2e.screenshot(page, 'purchase-safety-confirm')
    await shown(page, '.pay-confirm__pay').click()

    // the H5 sandbox asks before the reference server marks the order paid
    const sandbox = shown(page, '.taro-modal__content')
    await sandbox.locator('.taro-modal__title', { hasText: '模拟支付（开发环境）' }).waitFor()
    await sandbox.locator('.taro-modal__text', { hasText: '¥9.90' }).waitFor()
    // the modal fades in; the screenshot should show it settled
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.taro__modal') as Element).opacity === '1')
    await e2e.screenshot(page, 'purchase-sandbox-confirm')
    await sandbox.locator('.taro-model__confirm').click()

    // paid: the list resets to the full lesson's first page, without the pay bar
    await page.getByText('好，正式开始。第一部分：提出请求。').waitFor()
    await shown(page, '.lesson-preview-bar').waitFor({ state: 'detached' })
    expect(await rows(page).count()).toBe(PAGE_SIZE)
    await e2e.screenshot(page, 'purchase-paid-first-page')
    await scrollUntil(page, async () => (await shown(page, '.lesson-footer--end').count()) > 0)
    expect(await rows(page).count()).toBe(PAID_TOTAL)
    // the last page arrived below the fold: scroll once more to read the end
    await scrollToBottom(page)
    expect(await isInViewport(shown(page, '.lesson-footer--end'))).toBe(true)
    await page.getByText('完整课程到此结束，感谢购买！').waitFor()
    await e2e.screenshot(page, 'purchase-paid-end')

    // the server agrees: the stored session reads the whole paid list
    const list = await e2e.server.inject({
      method: 'POST',
      url: '/wmim/course/v2/message/list.do',
      headers: { 'content-type': 'application/x-www-form-urlencoded', userid: session?.userid ?? '', token: session?.token ?? '' },
      payload: 'courseData=demo-paid&page=1&pageSize=50',
    })
    const listed = list.json<{ code: number; data: { array: unknown[] } }>()
    expect(listed.code).toBe(200)
    expect(listed.data.array).toHaveLength(PAID_TOTAL)
  })

  it('answers 601 on the order call by clearing the login and going to the profile route', async () => {
    const page = await e2e.newPage()
    await seedStorage(page, loggedInAs({ loginData: 'login-buyer-expired', token: 'token-buyer-expired', userid: 'wm_buyer' }))
    await page.goto('/lesson?courseData=demo-paid')
    // the expired session reads like nobody: the free preview
    await expectPreview(page)
    await shown(page, '.lesson-preview-bar__button').click()
    await shown(page, '.pay-dialog__go-pay').click()
    // a product user skips the binding and confirms
    await shown(page, '.pay-dialog__title').filter({ hasText: '安全提示' }).waitFor()
    await shown(page, '.pay-confirm__pay').click()

    // /profile, logged out (not the not-found page)
    await page.waitForURL((url) => url.pathname === '/profile')
    await shown(page, '.state-view__title').filter({ hasText: '登录已过期，请重新登录' }).waitFor()
    expect(await page.getByText('页面不存在').count()).toBe(0)
    expect(await readStorage(page, STORAGE.session)).toBeUndefined()
    expect(await readStorage(page, STORAGE.loginData)).toBeUndefined()
    await e2e.screenshot(page, 'purchase-601-profile')
  })

  describe('/lessonPay', () => {
    it('shows the buyer a bought lesson as purchased, with the view-course button', async () => {
      const page = await e2e.newPage()
      await seedStorage(page, loggedInAs({ loginData: 'login-buyer', token: 'token-buyer', userid: 'wm_buyer' }))
      await page.goto('/lessonPay/share/paid-bought/1')
      await shown(page, '.lesson-pay__purchased').filter({ hasText: '已购买' }).waitFor()
      await shown(page, '.lesson-pay__name').filter({ hasText: '摄影后期：调色入门' }).waitFor()
      expect(await shown(page, '.lesson-pay__pay').count()).toBe(0)
      await e2e.screenshot(page, 'lesson-pay-purchased')

      await shown(page, '.lesson-pay__view-course').filter({ hasText: '查看课程' }).click()
      await shown(page, '.lesson-footer--end').waitFor()
      expect(pathOf(page)).toMatch(/^\/lesson/)
      expect(await rows(page).count()).toBe(10)
    })

    it('shows a logged-out visitor the price; a lesson with a free preview offers the preview instead of paying', async () => {
      const page = await e2e.newPage()
      await page.goto('/lessonPay/share/demo-paid/1')
      await shown(page, '.lesson-pay__price').filter({ hasText: '¥9.90' }).waitFor()
      await shown(page, '.lesson-pay__preview').filter({ hasText: '试看课程' }).waitFor()
      expect(await shown(page, '.lesson-pay__pay').count()).toBe(0)
      expect(await shown(page, '.lesson-pay__purchased').count()).toBe(0)
      await e2e.screenshot(page, 'lesson-pay-visitor-preview')
    })

    it('shows a logged-out visitor the price and the pay button of a lesson without preview', async () => {
      const page = await e2e.newPage()
      await page.goto('/lessonPay/share/paid-bought/1')
      await shown(page, '.lesson-pay__price').filter({ hasText: '¥19.90' }).waitFor()
      const pay = shown(page, '.lesson-pay__pay').filter({ hasText: '立即购买 ¥19.90' })
      await pay.waitFor()
      expect(await shown(page, '.lesson-pay__purchased').count()).toBe(0)
      await e2e.screenshot(page, 'lesson-pay-visitor-pay')
      await pay.click()
      await shown(page, '.pay-dialog__price').filter({ hasText: '¥19.90' }).waitFor()
    })

    it('sends an illegal lesson to /illegal', async () => {
      const page = await e2e.newPage()
      await page.goto('/lessonPay/share/demo-illegal/1')
      await page.waitForURL((url) => url.pathname === '/illegal')
      await shown(page, '.notice-page__title').filter({ hasText: '内容涉嫌违规' }).waitFor()
    })
  })
})
