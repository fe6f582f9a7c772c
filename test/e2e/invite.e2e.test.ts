import type { Page } from 'playwright-core'
import { WECHAT_UA, startE2E, type E2E } from './harness'
import { pathOf, shown } from './browserState'

jest.setTimeout(180000)

/**
 * The invite, share and download pages in Chromium (H5, 375x812) against the real server and its
 * seed (server/invite/seed.ts); WeChat's user agent for the covers. The default user agent is an
 * iPhone's, so the store is the iOS one (the demo server's stand-in, /dev/store/ios).
 */

/** The welcome pages' info: JSON, URL-encoded twice (spec 000 §2), as a path segment. */
const info = (value: object): string => encodeURIComponent(encodeURIComponent(JSON.stringify(value)))

/** The H5 toast (src/platform/feedback), showing this text. */
const toast = (page: Page, text: string): Promise<void> => page.locator('.platform-toast').filter({ hasText: text }).waitFor()

/** Taro's page transition slides for about 300 ms: a screenshot waits it out. */
const settled = (page: Page): Promise<void> => page.waitForTimeout(400)

describe('invite pages in Chromium (H5, 375x812)', () => {
  let e2e: E2E
  beforeAll(async () => {
    e2e = await startE2E()
  })
  afterAll(async () => {
    await e2e?.close()
  })

  const requests = async (data: string): Promise<number> =>
    (await e2e.server.db.one<{ n: number }>('SELECT count(*) AS n FROM invite_requests WHERE data = ?', [data]))?.n ?? 0

  it('a friend invite: the message dialog, the request, and the installed hint', async () => {
    const page = await e2e.newPage()
    await page.goto(`/welcome/${info({ usrname: '林老师', data: 'invite-friend' })}`)
    await shown(page, '.welcome__lead').filter({ hasText: '林老师 想成为你的好友' }).waitFor()
    await settled(page)
    await e2e.screenshot(page, 'invite-welcome')
    await shown(page, '.welcome__add').click()
    await shown(page, '.ui-dialog__title').filter({ hasText: '告诉对方你的身份' }).waitFor()
    await shown(page, '.invite__message input').fill('我是小李')
    await settled(page)
    await e2e.screenshot(page, 'invite-welcome-message')
    await shown(page, '.ui-dialog__button--primary').click()
    await shown(page, '.ui-dialog__text').filter({ hasText: '添加成功，等待对方确认' }).waitFor()
    expect(await requests('invite-friend')).toBe(1)
    await e2e.screenshot(page, 'invite-welcome-added')
    await shown(page, '.ui-dialog__button').filter({ hasText: '已安装' }).click()
    await shown(page, '.ui-dialog__text').filter({ hasText: '请打开 App，通过微脉账号登录查看' }).waitFor()
  })

  it('a group invite shows the head image and the name in brackets, and joins once', async () => {
    const page = await e2e.newPage()
    const headurl = `${e2e.baseUrl}/media/avatar-teacher.png`
    await page.goto(`/groupWelcome/${info({ usrname: '林老师', groupname: '读书会', headurl, data: 'invite-group' })}`)
    await shown(page, '.welcome__group').filter({ hasText: '【读书会】' }).waitFor()
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.welcome__head img')
      return img !== null && img.complete && img.naturalWidth > 0
    })
    await settled(page)
    await e2e.screenshot(page, 'invite-group-welcome')
    await shown(page, '.welcome__add').click()
    await shown(page, '.ui-dialog__text').filter({ hasText: '申请已确认' }).waitFor()
    await shown(page, '.ui-dialog__button').filter({ hasText: '去安装' }).click()
    await page.waitForURL((url) => url.pathname === '/downloadWm')
    expect(await requests('invite-group')).toBe(1)
  })

  it('the watermark-camera bind: account, phone, SMS code, then claimed', async () => {
    const page = await e2e.newPage()
    await page.goto(`/friendWelcomeWithPhone/${info({ usrname: '林老师', data: 'invite-wm-friend' })}`)
    await shown(page, '.welcome__add').click()
    await shown(page, '.bind-dialog__title').filter({ hasText: '请输入水印相机账号' }).waitFor()
    await shown(page, '.bind-dialog__account input').fill('wssy10001')
    await shown(page, '.bind-dialog__phone input').fill('13912345678')
    await shown(page, '.bind-dialog__get-code').click()
    await shown(page, '.bind-dialog__get-code').filter({ hasText: 's 后重发' }).waitFor()
    const sms = await page.request.get(`/dev/sms/last.do?phone=13912345678&interCode=86`)
    const code = ((await sms.json()) as { data: { object: { code: string } } }).data.object.code
    await shown(page, '.bind-dialog__code input').fill(code === '000000' ? '111111' : '000000')
    await shown(page, '.bind-dialog__confirm').click()
    await toast(page, '验证码错误')
    await shown(page, '.bind-dialog__code input').fill(code)
    await settled(page)
    await e2e.screenshot(page, 'invite-bind-dialog')
    await shown(page, '.bind-dialog__confirm').click()
    await shown(page, '.bind-dialog__success-text').filter({ hasText: '领取成功' }).waitFor()
    await e2e.screenshot(page, 'invite-bind-claimed')
    const account = await e2e.server.db.one("SELECT phone, vip_quota AS q FROM watermark_accounts WHERE wsid = 'wssy10001'")
    expect(account).toEqual({ phone: '13912345678', q: 1 })
  })

  it('a watermark-camera group invite shows the group, and its bind dialog cancels without a call', async () => {
    const page = await e2e.newPage()
    const binds: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/wssy/')) binds.push(request.url())
    })
    const headurl = `${e2e.baseUrl}/media/avatar-teacher.png`
    await page.goto(`/groupWelcomeWithPhone/${info({ usrname: '林老师', groupname: '读书会', headurl, data: 'invite-wm-group' })}`)
    await shown(page, '.welcome__group').filter({ hasText: '【读书会】' }).waitFor()
    await settled(page)
    await e2e.screenshot(page, 'invite-group-welcome-with-phone')
    await shown(page, '.welcome__add').click()
    await shown(page, '.bind-dialog__title').filter({ hasText: '请输入水印相机账号' }).waitFor()
    await settled(page)
    await e2e.screenshot(page, 'invite-group-bind-dialog')
    await shown(page, '.bind-dialog__cancel').click()
    await shown(page, '.bind-dialog__title').waitFor({ state: 'hidden' })
    expect(binds).toEqual([])
  })

  it('the validation page', async () => {
    const page = await e2e.newPage()
    await page.goto('/wmValidate')
    await shown(page, '.validate__submit').click()
    await toast(page, '请输入水印相机账号')
    await shown(page, '.validate__account input').fill('wssy10001')
    await shown(page, '.validate__submit').click()
    await shown(page, '.ui-dialog__text').filter({ hasText: '验证通过' }).waitFor()
    await e2e.screenshot(page, 'invite-validate')
  })

  it('/wXpasswordWelcome sends an iPhone to its store when asked, and shows the cover in WeChat', async () => {
    const page = await e2e.newPage()
    await page.goto('/wXpasswordWelcome?wmid=wm_teacher&gid=g-free&version=1')
    // issue 30 item 10: the visitor goes when they choose to
    await shown(page, '.password-welcome__go').click()
    await page.waitForURL((url) => url.pathname === '/dev/store/ios')
    const wechat = await e2e.newPage({ userAgent: WECHAT_UA })
    await wechat.goto('/wXpasswordWelcome?wmid=wm_teacher&gid=g-free&version=1')
    await shown(wechat, '.password-welcome__go').click()
    await shown(wechat, '.invite-cover__text').waitFor()
    await shown(wechat, '.password-welcome__password').filter({ hasText: 'WMG1001' }).waitFor()
    await settled(wechat)
    await e2e.screenshot(wechat, 'invite-password-welcome-wechat')
    expect(pathOf(wechat)).toBe('/wXpasswordWelcome')
    await shown(wechat, '.invite-cover .invite__button').click()
    await shown(wechat, '.password-welcome__download').click()
    await wechat.waitForURL((url) => url.pathname === '/downloadWm')
  })

  it('/openWeimai and /invite: the cover inside WeChat, the store outside', async () => {
    const wechat = await e2e.newPage({ userAgent: WECHAT_UA })
    await wechat.goto('/openWeimai')
    await shown(wechat, '.invite-cover__title').filter({ hasText: '在浏览器中打开' }).waitFor()
    await settled(wechat)
    await e2e.screenshot(wechat, 'invite-open-app-wechat')
    await wechat.goto('/invite')
    await shown(wechat, '.scan__step').nth(2).waitFor()
    await settled(wechat)
    await e2e.screenshot(wechat, 'invite-scan-guide')
    await shown(wechat, '.scan__download').click()
    await shown(wechat, '.invite-cover__panel').waitFor()
    expect(pathOf(wechat)).toBe('/invite')

    const page = await e2e.newPage()
    // the page tries the app's scheme at once, which a browser without the app never finishes loading
    await page.goto('/openWeimai', { waitUntil: 'commit' })
    await shown(page, '.open-app__again').waitFor()
    await settled(page)
    await e2e.screenshot(page, 'invite-open-app')
    const guide = await e2e.newPage()
    await guide.goto('/invite')
    await shown(guide, '.scan__download').click()
    await guide.waitForURL((url) => url.pathname === '/dev/store/ios')
  })

  it('/wmShare copies the password and offers install', async () => {
    const page = await e2e.newPage()
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto(`/wmShare?pwd=WMF8888&name=${encodeURIComponent(encodeURIComponent('林老师'))}`)
    await shown(page, '.share__password').filter({ hasText: '$WMF8888$' }).waitFor()
    await settled(page)
    await e2e.screenshot(page, 'invite-share')
    await shown(page, '.share__copy').click()
    await shown(page, '.ui-dialog__text').filter({ hasText: '口令已复制' }).waitFor()
    await e2e.screenshot(page, 'invite-share-copied')
    await shown(page, '.ui-dialog__button').filter({ hasText: '去安装' }).click()
    await page.waitForURL((url) => url.pathname === '/downloadWm')
  })

  it('/downloadWm shows the remote description; a card goes to its store', async () => {
    const page = await e2e.newPage()
    await page.goto('/downloadWm')
    await shown(page, '.download__desc').filter({ hasText: '微脉 3.2' }).waitFor()
    await settled(page)
    await e2e.screenshot(page, 'invite-download')
    await shown(page, '.download__go--android').click()
    await page.waitForURL((url) => url.pathname === '/dev/store/android')

    const offline = await e2e.newPage()
    await offline.route('**/config/wmUpdate.json**', (route) => route.abort())
    await offline.goto('/downloadWm')
    await shown(offline, '.download__desc').filter({ hasText: '课程与直播随时随地' }).waitFor()
  })

  it('/lessonPay live notice: download goes to /downloadWm', async () => {
    const page = await e2e.newPage()
    await page.goto('/lessonPay/share/demo-paid/2')
    await shown(page, '.lesson-pay__download').click()
    await page.waitForURL((url) => url.pathname === '/downloadWm')
    await shown(page, '.download__card--ios').waitFor()
  })

  it('/pay4group: pays through WeChat Pay\'s H5 cashier (its stand-in), comes back joined (the server says so)', async () => {
    const page = await e2e.newPage()
    await page.goto('/pay4group?gid=g-paid&wmid=wm_teacher&password=WMG2003')
    await shown(page, '.pay-group__pay').filter({ hasText: '钱包支付 ¥9.90' }).waitFor()
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('.welcome__head img')?.complete === true)
    await settled(page)
    await e2e.screenshot(page, 'invite-pay-group')

    // a return that claims success before paying is not joined: the server's order decides
    await page.goto('/pay4group?gid=g-paid&wmid=wm_teacher&password=WMG2003&paySuccess=1&tradeNo=forged')
    await shown(page, '.pay-group__pay').waitFor()
    expect(await shown(page, '.ui-dialog').count()).toBe(0)

    await shown(page, '.pay-group__pay').click()
    await page.waitForURL((url) => url.pathname === '/standin/wechat-pay/checkout')
    await page.locator('button[type="submit"]').filter({ hasText: '确认支付 ¥9.90' }).click()
    await page.waitForURL((url) => url.pathname === '/pay4group' && url.searchParams.get('paySuccess') === '1')
    await shown(page, '.ui-dialog__title').filter({ hasText: '已加入群聊' }).waitFor()
    await settled(page)
    await e2e.screenshot(page, 'invite-pay-group-joined')
    const order = await e2e.server.db.one("SELECT status, total_fee AS fee FROM group_orders WHERE password = 'WMG2003'")
    expect(order).toEqual({ status: 1, fee: 990 })
    await shown(page, '.pay-group__enter').click()
    await page.waitForURL((url) => url.pathname === '/openWeimai')
  })

  it('a broken invite link shows the error state', async () => {
    const page = await e2e.newPage()
    await page.goto('/welcome/not-json')
    await shown(page, '.state-view__title').filter({ hasText: '邀请链接无效' }).waitFor()
    await e2e.screenshot(page, 'invite-broken-link')
  })
})
