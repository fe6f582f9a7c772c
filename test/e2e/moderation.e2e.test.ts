/**
 * Issue 29, items 3 and 5, in Chromium at 375x812 against the seeded server: the host opens
 * /liveHomeAdmin, sees the room's members with the manager's badge, and moderates a guest and a
 * logged-in viewer who watch in their own browsers: a temporary mute (the guest's comment is
 * refused), the whole room's mute (by keyboard), the announcement, a kick and a blacklist (each
 * viewer told why it left, the blacklisted one kept out when it comes back), and closing the room.
 * Every screenshot is an axe audit.
 */
import type { Page } from 'playwright-core'
import { startE2E, type E2E } from './harness'
import { STORAGE, seedStorage, shown } from './browserState'

jest.setTimeout(180000)

const TEACHER = { loginData: 'login-teacher', token: 'token-teacher', userid: 'wm_teacher', nickname: '林老师' }
const BUYER = { loginData: 'login-buyer', token: 'token-buyer', userid: 'wm_buyer', nickname: '学员阿杰' }

const asUser = (page: Page, user: typeof TEACHER) =>
  seedStorage(page, {
    [STORAGE.session]: JSON.stringify({ token: user.token, userid: user.userid, encryptKey: '' }),
    [STORAGE.loginData]: JSON.stringify({ ...user, isWeMaiUser: 1 }),
  })

/** Lets the screen finish its transitions before a screenshot. */
const settled = (page: Page) => page.waitForTimeout(400)

describe('the host’s moderation on /liveHomeAdmin (Chromium, 375x812)', () => {
  let e2e: E2E
  beforeAll(async () => {
    e2e = await startE2E()
  })
  afterAll(async () => {
    await e2e?.close()
  })

  it('mutes, mutes everyone, announces, kicks, blacklists and closes the room; each viewer is told', async () => {
    const guest = await e2e.newPage()
    await guest.goto('/liveHome?courseData=live-now')
    await shown(guest, 'taro-button-core').filter({ hasText: '以游客身份观看' }).click()
    await shown(guest, '.live-chat__text').first().waitFor()
    // the demo's manager and host carry their badge in the history, from the room's record
    await shown(guest, '.live-role--owner').first().waitFor()
    expect(await shown(guest, '.live-role--manager').first().innerText()).toBe('管理员')

    const buyer = await e2e.newPage()
    await asUser(buyer, BUYER)
    await buyer.goto('/liveHome?courseData=live-now')
    await shown(buyer, '.live-chat__text').first().waitFor()

    const host = await e2e.newPage()
    await asUser(host, TEACHER)
    await host.goto('/liveHomeAdmin?courseData=live-now')
    const panel = host.getByRole('region', { name: '聊天室管理' })
    await panel.waitFor()
    const guestRow = shown(host, '.live-mod__member').filter({ hasText: '游客' })
    const buyerRow = shown(host, '.live-mod__member').filter({ hasText: '学员阿杰' })
    await guestRow.waitFor()
    await buyerRow.waitFor()
    await shown(host, '.live-mod__member').filter({ hasText: '助教小雨' }).locator('.live-role--manager').waitFor()
    await panel.scrollIntoViewIfNeeded()
    await settled(host)
    await e2e.screenshot(host, 'moderation-panel')

    // a temporary mute: the guest's row says so, and the guest's comment is refused by the room
    await guestRow.getByRole('button', { name: '禁言' }).click()
    const dialog = host.getByRole('dialog')
    await dialog.getByRole('button', { name: '10 分钟' }).waitFor()
    await settled(host)
    await e2e.screenshot(host, 'moderation-mute-durations')
    await dialog.getByRole('button', { name: '10 分钟' }).click()
    await guestRow.filter({ hasText: '禁言中，还剩 10 分钟' }).waitFor()
    await host.getByRole('status').filter({ hasText: '已禁言' }).waitFor()

    // the whole room, by keyboard: Space on the switch asks first; Enter on 开启 mutes everyone
    const roomMute = host.getByRole('switch', { name: '全员禁言' })
    await roomMute.focus()
    await host.keyboard.press('Space')
    await dialog.filter({ hasText: '开启全员禁言？' }).waitFor()
    await settled(host)
    await e2e.screenshot(host, 'moderation-room-mute-confirm')
    await dialog.getByRole('button', { name: '开启' }).focus()
    await host.keyboard.press('Enter')
    await host.waitForFunction(() => document.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'true')
    // every viewer is told, and the logged-in one may no longer speak: the room refuses its comment
    await shown(guest, '.live-news__muted').filter({ hasText: '主播已开启全员禁言' }).waitFor()
    await buyer.locator('.live-chat__field input').fill('我还能说话吗')
    await shown(buyer, '.live-chat__button').click()
    await shown(buyer, '.live-chat__row--failed').first().waitFor()

    // the announcement
    await host.locator('.live-mod__announcement input').fill('今晚 8 点开始答疑')
    await host.getByRole('button', { name: '发布公告' }).click()
    await host.getByRole('status').filter({ hasText: '公告已发布' }).waitFor()
    await shown(guest, '.live-news__announcement').filter({ hasText: '公告：今晚 8 点开始答疑' }).waitFor()
    await settled(guest)
    await e2e.screenshot(guest, 'moderation-viewer-news')

    // a kick: the guest is told it was put out
    await guestRow.getByRole('button', { name: '踢出' }).click()
    await dialog.filter({ hasText: '之后仍可重新进入' }).waitFor()
    await dialog.getByRole('button', { name: '踢出' }).click()
    await shown(guest, '.live-chat__status').filter({ hasText: '你已被移出聊天室' }).waitFor()
    await settled(guest)
    await e2e.screenshot(guest, 'moderation-kicked-viewer')

    // a blacklist: the buyer is put out and kept out when it comes back
    await buyerRow.getByRole('button', { name: '拉黑' }).click()
    await dialog.getByRole('button', { name: '拉黑' }).click()
    await shown(buyer, '.live-chat__status').filter({ hasText: '你已被主播拉黑' }).waitFor()
    await buyerRow.filter({ hasText: '已拉黑' }).waitFor()
    await settled(host)
    await e2e.screenshot(host, 'moderation-panel-after')
    await buyer.reload()
    await shown(buyer, '.live-chat__status').filter({ hasText: '你已被主播拉黑，不能再进入聊天室' }).waitFor()

    // closing the room: asked first, then every member is put out
    const other = await e2e.newPage()
    await other.goto('/liveHome?courseData=live-now')
    await shown(other, 'taro-button-core').filter({ hasText: '以游客身份观看' }).click()
    await shown(other, '.live-chat__text').first().waitFor()
    await host.getByRole('button', { name: '关闭聊天室' }).click()
    await dialog.filter({ hasText: '关闭后不能再打开' }).waitFor()
    await settled(host)
    await e2e.screenshot(host, 'moderation-close-confirm')
    await dialog.getByRole('button', { name: '关闭', exact: true }).click()
    await panel.locator('.state-view__title').filter({ hasText: '聊天室已关闭' }).waitFor()
    await shown(other, '.live-chat__status').filter({ hasText: '聊天室已关闭' }).waitFor()
    await settled(host)
    await e2e.screenshot(host, 'moderation-closed')
  })
})
