import { startE2E, type E2E } from './harness'
import { loggedInAs, pathOf, seedStorage, shown } from './browserState'

jest.setTimeout(120000)

/** Lets transitions and images finish before a screenshot. */
const settled = (page: import('playwright-core').Page): Promise<void> => page.waitForTimeout(400)

describe('the VIP campaign, the album and the sticker guide in Chromium (H5, 375x812)', () => {
  let e2e: E2E
  beforeAll(async () => {
    e2e = await startE2E()
  })
  afterAll(async () => {
    await e2e?.close()
  })

  it('steps 1 -> 2 -> 3 -> 4 -> back: the owner exchanges 10 slots and gives one to a friend', async () => {
    const page = await e2e.newPage()
    // the link is wm_teacher's: only their session exchanges and gives (vipOwner.e2e.test.ts logs in)
    await seedStorage(page, loggedInAs({ loginData: 'login-teacher', token: 'token-teacher', userid: 'wm_teacher' }))
    await page.goto('/vipExchange/vip-eligible')
    await shown(page, '.vip__cell').filter({ hasText: '2000 人及以上' }).waitFor()
    await settled(page)
    await e2e.screenshot(page, 'vip-1-campaign')

    await shown(page, '.vip__primary').filter({ hasText: '查看我的资格' }).click()
    await page.waitForURL((url) => url.pathname === '/vipExchange2')
    await shown(page, '.vip__group').filter({ hasText: '英语口语一群' }).waitFor()
    await shown(page, '.vip__members').filter({ hasText: '群成员 655 人' }).waitFor()
    await settled(page)
    await e2e.screenshot(page, 'vip-2-eligibility')

    await shown(page, '.vip__link').filter({ hasText: '活动规则' }).click()
    await shown(page, '.ui-dialog__text').filter({ hasText: '一个账号只计算一个群' }).waitFor()
    await settled(page)
    await e2e.screenshot(page, 'vip-2-rules')
    await shown(page, '.ui-dialog__button').filter({ hasText: '确定' }).click()

    await shown(page, '.vip__primary').filter({ hasText: '确认兑换 VIP 名额' }).click()
    await shown(page, '.ui-dialog__text').filter({ hasText: '确认现在兑换吗' }).waitFor()
    await settled(page)
    await e2e.screenshot(page, 'vip-2-confirm')
    await shown(page, '.ui-dialog__button').filter({ hasText: '确定' }).click()

    await page.waitForURL((url) => url.pathname === '/vipExchange3')
    await shown(page, '.vip__won').filter({ hasText: '恭喜你获得 10 个 VIP 名额' }).waitFor()
    expect(await shown(page, '.vip__use').count()).toBe(10)
    await settled(page)
    await e2e.screenshot(page, 'vip-3-slots')

    await shown(page, '.vip__use').first().click()
    await page.waitForURL((url) => url.pathname === '/vipExchange4' && url.searchParams.get('number') === '1')
    const input = shown(page, '.ui-field input')
    await input.fill('wm_nobody')
    await shown(page, '.vip__primary').filter({ hasText: '提交' }).click()
    await shown(page, '.ui-field [role="alert"]').filter({ hasText: '没有找到这个 ID 的用户' }).waitFor()
    await settled(page)
    await e2e.screenshot(page, 'vip-4-unknown-id')
    await input.fill('wm_buyer')
    await shown(page, '.vip__primary').filter({ hasText: '提交' }).click()
    await shown(page, '.vip__confirm .vip__slot-name').filter({ hasText: '学员阿杰' }).waitFor()
    await settled(page)
    await e2e.screenshot(page, 'vip-4-confirm')
    await shown(page, '.vip__confirm .vip__primary').filter({ hasText: '确认开通 VIP' }).click()

    // back one page: the slot now shows its friend
    await page.waitForURL((url) => url.pathname === '/vipExchange3')
    await shown(page, '.vip__slot .vip__slot-name').filter({ hasText: '学员阿杰' }).waitFor()
    await shown(page, '.vip__use').nth(8).waitFor()
    await shown(page, '.vip__use').nth(9).waitFor({ state: 'detached' })
    await settled(page)
    await e2e.screenshot(page, 'vip-3-slot-used')
    const until = await e2e.server.db.one<{ until: number }>("SELECT vip_until AS until FROM vip_members WHERE wmid = 'wm_buyer'")
    expect(until?.until).toBeGreaterThan(Date.now() + 364 * 86_400_000)
  })

  it('a group of 50 says why it cannot exchange', async () => {
    const page = await e2e.newPage()
    await page.goto('/vipExchange2?data=vip-small')
    await shown(page, '.vip__reason').filter({ hasText: '群成员需超过 50 人' }).waitFor()
    await settled(page)
    await e2e.screenshot(page, 'vip-2-too-small')
  })

  it('the album shows its lessons, the share hint, and a row opens its lesson', async () => {
    const page = await e2e.newPage()
    await page.goto('/lessonAlbum?data=album-english')
    await shown(page, '.album__row').nth(2).waitFor()
    await shown(page, '.album__count').filter({ hasText: '共 3 节课' }).waitFor()
    await settled(page)
    await e2e.screenshot(page, 'album')
    await shown(page, '.album__share').click()
    await shown(page, '.album__hint-text').waitFor()
    await settled(page)
    await e2e.screenshot(page, 'album-share-hint')
    await shown(page, '.album__hint-close').click()
    await shown(page, '.album__row').first().click()
    await page.waitForURL((url) => url.pathname === '/lesson' && url.searchParams.get('courseData') === 'demo-open')
    expect(pathOf(page)).toBe('/lesson')
  })

  it('the sticker guide shows four steps, authorize for a new user and authorized for a bound one', async () => {
    const page = await e2e.newPage()
    await page.goto('/addFaceWM?d=sticker-new')
    await shown(page, '.sticker__authorize').filter({ hasText: '授权' }).waitFor()
    expect(await shown(page, '.sticker__step').count()).toBe(4)
    await settled(page)
    await e2e.screenshot(page, 'sticker-guide')
    await page.goto('/addFaceWM?d=sticker-bound')
    await shown(page, '.sticker__authorize').filter({ hasText: '已授权' }).waitFor()
    await settled(page)
    await e2e.screenshot(page, 'sticker-guide-authorized')
  })

  it('/tmp goes on to /lessonPay with its query after 0.5 s', async () => {
    const page = await e2e.newPage()
    await page.goto('/tmp?type=share&courseData=demo-paid&payType=1')
    await page.waitForURL((url) => url.pathname.startsWith('/lessonPay'))
    await shown(page, '.lesson-pay__name').filter({ hasText: '英语口语进阶：职场表达' }).waitFor()
  })
})
