/**
 * Issue 29 item 6 in Chromium (H5, 375x812): a VIP campaign link gives nothing away. A visitor who
 * is not logged in is asked to log in, logs in as the link's owner through the login round trip and
 * comes back to the same step with the link; another account is told the slots are the owner's and
 * what it can do instead. Each state is screenshotted (and audited by axe).
 */
import { startE2E, type E2E } from './harness'
import { STORAGE, loggedInAs, readStorage, seedStorage, shown } from './browserState'

jest.setTimeout(120000)

const settled = (page: import('playwright-core').Page): Promise<void> => page.waitForTimeout(400)

describe('who may use a VIP campaign link (H5)', () => {
  let e2e: E2E
  beforeAll(async () => {
    e2e = await startE2E()
  })
  afterAll(async () => {
    await e2e?.close()
  })

  it('a visitor not logged in is asked to log in; logged in as the owner, they exchange on the same step', async () => {
    const page = await e2e.newPage()
    await page.goto('/vipExchange2?data=vip-eligible')
    await shown(page, '.vip__access .vip__card-title').filter({ hasText: '请先登录' }).waitFor()
    await shown(page, '.vip__group').filter({ hasText: '英语口语一群' }).waitFor()
    expect(await shown(page, '.vip__primary').filter({ hasText: '确认兑换 VIP 名额' }).count()).toBe(0)
    await settled(page)
    await e2e.screenshot(page, 'vip-owner-login-needed')

    await shown(page, '.vip__access .vip__primary').filter({ hasText: '登录' }).click()
    // the login page (the development stand-in): log in as the link's owner
    await page.locator('button[value="wm_teacher"]').click()
    await page.waitForURL((url) => url.pathname === '/vipExchange2' && url.searchParams.get('type') === 'login')
    expect(await readStorage(page, STORAGE.session)).toContain('wm_teacher')
    await shown(page, '.vip__eligible').waitFor()
    await shown(page, '.vip__primary').filter({ hasText: '确认兑换 VIP 名额' }).click()
    await shown(page, '.ui-dialog__button').filter({ hasText: '确定' }).click()
    await page.waitForURL((url) => url.pathname === '/vipExchange3' && url.searchParams.get('data') === 'vip-eligible')
    await shown(page, '.vip__won').filter({ hasText: '恭喜你获得 10 个 VIP 名额' }).waitFor()
    await settled(page)
    await e2e.screenshot(page, 'vip-owner-logged-in-slots')
    const exchanged = await e2e.server.db.one<{ n: number }>("SELECT count(*) AS n FROM vip_slots WHERE owner_wmid = 'wm_teacher'")
    expect(Number(exchanged?.n)).toBe(10)
  })

  it('another account holding the link is told the slots are the owner\'s and what it can do instead', async () => {
    const page = await e2e.newPage()
    // vip-small is wm_assistant's; the buyer holds the link
    await seedStorage(page, loggedInAs({ loginData: 'login-buyer', token: 'token-buyer', userid: 'wm_buyer' }))
    await page.goto('/vipExchange2?data=vip-small')
    await shown(page, '.vip__access .vip__card-title').filter({ hasText: '这是另一个账号的活动链接' }).waitFor()
    await shown(page, '.vip__access [role="listitem"]').filter({ hasText: '把你的微脉 ID 告诉链接的主人' }).waitFor()
    await settled(page)
    await e2e.screenshot(page, 'vip-owner-other-account')

    // the slots and the friend lookup of someone else's link answer the same card, and give nothing
    await page.goto('/vipExchange4?data=vip-small&number=1')
    await shown(page, '.ui-field input').fill('wm_visitor')
    await shown(page, '.vip__primary').filter({ hasText: '提交' }).click()
    await shown(page, '.vip__access .vip__card-title').filter({ hasText: '这是另一个账号的活动链接' }).waitFor()
    await settled(page)
    await e2e.screenshot(page, 'vip-owner-other-account-step4')
  })
})
