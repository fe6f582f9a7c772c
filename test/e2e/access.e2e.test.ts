import { startE2E, WECHAT_UA, type E2E } from './harness'
import { STORAGE, isDisabled, pathOf, readStorage, shown } from './browserState'

jest.setTimeout(60000)

/** Lesson access in Chromium: password lock, illegal, WeChat's in-app browser, view limit (spec 000 §2, §4). */
describe('lesson access in Chromium (H5, 375x812)', () => {
  let e2e: E2E
  beforeAll(async () => {
    e2e = await startE2E()
  })
  afterAll(async () => {
    await e2e?.close()
  })

  it('unlocks a password lesson with 8888 after refusing a wrong one, and stays unlocked on reload', async () => {
    const page = await e2e.newPage()
    await page.goto('/lesson?courseData=demo-password')
    await page.getByText('该课程已设置权限，请输入密码浏览').waitFor()
    expect(await page.locator('.message-row').count()).toBe(0)
    await e2e.screenshot(page, 'access-password-lock')

    const input = page.locator('.password-lock__input input')
    await input.fill('1234')
    await page.locator('.password-lock__unlock').click()
    await page.locator('.password-lock__error', { hasText: '密码错误，请重新输入' }).waitFor()
    expect(await readStorage(page, STORAGE.lessonPassword)).toBeUndefined()
    await e2e.screenshot(page, 'access-password-wrong')

    await input.fill('8888')
    await page.locator('.password-lock__unlock').click()
    await page.locator('.message-row').first().waitFor()
    // the lesson has 15 messages, fewer than a page: all of them and the end footer
    await page.locator('.lesson-footer--end').waitFor()
    expect(await page.locator('.message-row').count()).toBe(15)
    await page.getByText('欢迎来到《手机摄影：构图的九个习惯》，这是学员专属内容。').waitFor()
    expect(await page.locator('.password-lock').count()).toBe(0)
    expect(await readStorage(page, STORAGE.lessonPassword)).toBe('8888')
    await e2e.screenshot(page, 'access-password-unlocked')

    await page.reload()
    await page.locator('.lesson-footer--end').waitFor()
    expect(await page.locator('.message-row').count()).toBe(15)
    expect(await page.locator('.password-lock').count()).toBe(0)
  })

  it('says on the lock how long to wait after too many wrong passwords (issue 15 item 1)', async () => {
    // this client's earlier tries in this file do not count here
    await e2e.server.db.run('DELETE FROM attempt_windows')
    const page = await e2e.newPage()
    await page.goto('/lesson?courseData=demo-password')
    const input = page.locator('.password-lock__input input')
    const error = page.locator('.password-lock__error')
    /** Types a password, unlocks and waits for the server's answer to it. */
    const unlockWith = async (password: string) => {
      await input.fill(password)
      const answered = page.waitForResponse((res) => res.url().endsWith('/wmim/course/v2/message/list.do'))
      await page.locator('.password-lock__unlock').click()
      await answered
    }
    for (let i = 0; i < 5; i += 1) {
      await unlockWith(`000${i}`)
      await error.filter({ hasText: '密码错误，请重新输入' }).waitFor()
    }
    await unlockWith('8888')
    await error.filter({ hasText: '密码错误次数过多，请 15 分钟后再试' }).waitFor()
    expect(await page.locator('.message-row').count()).toBe(0)
    await e2e.screenshot(page, 'access-password-too-many-tries')
  })

  it('sends an illegal lesson to /illegal with the warning', async () => {
    const page = await e2e.newPage()
    await page.goto('/lesson?courseData=demo-illegal')
    await page.waitForURL((url) => url.pathname === '/illegal')
    await shown(page, '.notice-page__title').filter({ hasText: '内容涉嫌违规' }).waitFor()
    await page.getByText('该内容涉嫌违规，已暂停访问。作者请联系客服处理。').waitFor()
    await page.waitForFunction(() => document.title === '警告')
    // nothing of the lesson reached the page
    expect(await page.getByText('这是一节被举报并停用的课程。').count()).toBe(0)
    await e2e.screenshot(page, 'access-illegal')
  })

  it("shows WeChat's in-app browser the open-in-browser screen (signed for sharing); applying turns the button into 'submitted'", async () => {
    const page = await e2e.newPage({ userAgent: WECHAT_UA })
    // sharing in WeChat's browser starts with the JS-SDK signature of the page's own URL
    const shareConfig = page.waitForRequest((req) => req.url().endsWith('/wx/js/auth/get/share/config.do'))
    await page.goto('/lesson?courseData=demo-apply')
    await page.locator('.open-in-browser__title', { hasText: '请在浏览器中打开' }).waitFor()
    const signed = new URLSearchParams((await shareConfig).postData() ?? '').get('registerUrl')
    expect(signed).toBe(`${e2e.baseUrl}/lesson?courseData=demo-apply`)
    await page.getByText('请点击右上角「…」，选择「在浏览器打开」查看').waitFor()
    const apply = page.locator('.open-in-browser__apply')
    await apply.filter({ hasText: '点击申请在微脉中查看' }).waitFor()
    expect(await isDisabled(apply)).toBe(false)
    expect(await page.locator('.message-row').count()).toBe(0)
    await e2e.screenshot(page, 'access-wechat-apply')

    await apply.click()
    await apply.filter({ hasText: '已提交，等待审核' }).waitFor()
    expect(await isDisabled(apply)).toBe(true)
    expect(await apply.getAttribute('class')).toContain('open-in-browser__apply--submitted')
    await e2e.screenshot(page, 'access-wechat-applied')

    // the server recorded the request (applyType 1): a later visit has nothing left to apply for
    const later = await e2e.newPage({ userAgent: WECHAT_UA })
    await later.goto('/lesson?courseData=demo-apply')
    await later.locator('.open-in-browser__title').waitFor()
    expect(await later.locator('.open-in-browser__apply').count()).toBe(0)
    expect(await later.locator('.message-row').count()).toBe(0)
    await e2e.screenshot(later, 'access-wechat-no-apply')
  })

  it('sends a lesson over its view limit (code 8) to /vipAlert', async () => {
    const page = await e2e.newPage()
    await page.goto('/lesson?courseData=demo-viewlimit')
    await page.waitForURL((url) => url.pathname === '/vipAlert')
    await page.locator('.notice-page__title', { hasText: '内容已超出查看限制' }).waitFor()
    await page.getByText('该内容的查看次数已超出限制，需要作者开通 VIP 后才能继续查看。').waitFor()
    expect(pathOf(page)).toBe('/vipAlert')
    expect(await page.locator('.message-row').count()).toBe(0)
    await e2e.screenshot(page, 'access-vip-alert')
  })
})
