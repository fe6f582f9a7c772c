/**
 * @jest-environment jsdom
 */
import { routeByName, type RouteName } from '../../src/domain/routes'
import { loadPage, type LoadedPage } from './harness'
import { all, tap, typeInto } from './taroTree'

/**
 * The invite package's pages in the compiled mini-program (dist/weapp), against the real server
 * and its seed (server/invite/seed.ts). The mini-program cannot open a store, the app or a
 * provider page: each page shows what a mini-program user can do instead. Only `wx` is faked.
 */

const info = (value: object): string => encodeURIComponent(encodeURIComponent(JSON.stringify(value)))
const count = async (p: LoadedPage, sql: string): Promise<number> => (await p.server.db.one<{ n: number }>(sql))?.n ?? 0
const calledWith = (fn: unknown): unknown[] => (fn as jest.Mock<unknown, [unknown]>).mock.calls.map(([options]) => options)

describe('invite pages in the compiled mini-program (dist/weapp)', () => {
  let page: LoadedPage | undefined
  afterEach(async () => {
    await page?.close()
    page = undefined
  })

  const open = async (route: RouteName, query: Record<string, string> = {}) => {
    page = await loadPage(routeByName(route).page, query)
    return page
  }

  it('/welcome sends a friend request once the message dialog is confirmed', async () => {
    const p = await open('Welcome', { info: info({ usrname: '林老师', data: 'invite-friend' }) })
    // the file's first page loads the app bundle cold: allow for a busy machine
    await p.waitFor(() => p.text().includes('林老师 想成为你的好友'), 40000)
    await tap(all(p, '.welcome__add')[0])
    await p.waitFor(() => p.text().includes('告诉对方你的身份'))
    await tap(all(p, '.ui-dialog__button--primary')[0])
    await p.waitFor(() => p.text().includes('添加成功，等待对方确认'))
    expect(await count(p, "SELECT count(*) AS n FROM invite_requests WHERE data = 'invite-friend' AND message IS NULL")).toBe(1)
  })

  it('/groupWelcome joins the group', async () => {
    const p = await open('GroupWelcome', { info: info({ groupname: '读书会', data: 'invite-group' }) })
    await p.waitFor(() => p.text().includes('【读书会】'))
    expect(p.text()).toContain('微脉用户')
    await tap(all(p, '.welcome__add')[0])
    await p.waitFor(() => p.text().includes('申请已确认'))
    expect(await count(p, "SELECT count(*) AS n FROM invite_requests WHERE data = 'invite-group'")).toBe(1)
  })

  it('/friendWelcomeWithPhone opens the bind dialog with the account number', async () => {
    const p = await open('FriendWelcomeWithPhone', { info: info({ data: 'invite-wm-friend' }) })
    await p.waitFor(() => p.root.querySelectorAll('.welcome__add').length === 1)
    await tap(all(p, '.welcome__add')[0])
    await p.waitFor(() => p.text().includes('请输入水印相机账号'))
    expect(all(p, '.bind-dialog__account')).toHaveLength(1)
  })

  it('/groupWelcomeWithPhone asks for the account number before anything is sent', async () => {
    const p = await open('GroupWelcomeWithPhone', { info: info({ data: 'invite-wm-group' }) })
    await p.waitFor(() => p.root.querySelectorAll('.welcome__add').length === 1)
    await tap(all(p, '.welcome__add')[0])
    await p.waitFor(() => p.root.querySelectorAll('.bind-dialog__confirm').length === 1)
    await tap(all(p, '.bind-dialog__confirm')[0])
    expect(calledWith(p.wx.showToast)).toContainEqual(expect.objectContaining({ title: '请输入水印相机账号' }))
    expect(await count(p, 'SELECT count(*) AS n FROM invite_requests')).toBe(0)
  })

  it('/welcome with a broken info shows the error state', async () => {
    const p = await open('Welcome', { info: '%E4%B8' })
    await p.waitFor(() => p.text().includes('邀请链接无效'))
  })

  it('/wmValidate passes a typed account number', async () => {
    const p = await open('WmValidate')
    await p.waitFor(() => p.text().includes('水印相机 VIP 通道'))
    await typeInto(all(p, '.validate__account')[0], 'wssy10001')
    await tap(all(p, '.validate__submit')[0])
    await p.waitFor(() => p.text().includes('验证通过'))
  })

  it('/wXpasswordWelcome shows the invite and offers the password instead of a store', async () => {
    const p = await open('WXpasswordWelcome', { wmid: 'wm_teacher', gid: 'g-free', version: '1' })
    await p.waitFor(() => p.text().includes('邀请口令：WMG1001'))
    expect(p.text()).toContain('小程序中无法直接打开 App')
    await tap(all(p, '.invite__mini .invite__button')[0])
    expect(calledWith(p.wx.setClipboardData)).toContainEqual(expect.objectContaining({ data: 'WMG1001' }))
  })

  it('/openWeimai explains how to open the app', async () => {
    const p = await open('OpenWeimai')
    await p.waitFor(() => p.text().includes('小程序中无法直接打开 App'))
  })

  it('/wmShare copies the password in dollar signs', async () => {
    const p = await open('WmShare', { pwd: 'WMF8888', name: encodeURIComponent('林老师') })
    await p.waitFor(() => p.text().includes('$WMF8888$'))
    expect(p.text()).toContain('林老师 邀请你使用微脉')
    await tap(all(p, '.share__copy')[0])
    expect(calledWith(p.wx.setClipboardData)).toContainEqual(expect.objectContaining({ data: '$WMF8888$' }))
    await p.waitFor(() => p.text().includes('口令已复制'))
  })

  it('/downloadWm shows the server\'s description and copy-link cards', async () => {
    const p = await open('DownloadWm')
    await p.waitFor(() => p.text().includes('微脉 3.2') && p.text().includes('Android 版'))
    expect(p.text()).toContain('小程序中无法打开应用商店')
    await tap(all(p, '.download__card--ios .invite__button')[0])
    expect(calledWith(p.wx.setClipboardData)).toContainEqual(expect.objectContaining({ data: 'http://127.0.0.1:3000/dev/store/ios' }))
  })

  it('/invite lists the three steps and offers the link', async () => {
    const p = await open('Invite')
    await p.waitFor(() => p.text().includes('用微脉扫一扫'))
    expect(all(p, '.scan__step')).toHaveLength(3)
    expect(p.text()).toContain('复制下载链接')
  })

  it('/pay4group shows the group and the fee, and explains that paying needs a browser', async () => {
    const p = await open('Pay4group', { gid: 'g-paid', wmid: 'wm_teacher', password: 'WMG2002' })
    await p.waitFor(() => p.text().includes('训练营') && p.text().includes('21 天写作训练营'))
    expect(p.text()).toContain('小程序中无法完成此付款')
    expect(p.root.querySelectorAll('.pay-group__pay')).toHaveLength(0)
    await tap(all(p, '.invite__mini .invite__button')[0])
    expect(calledWith(p.wx.setClipboardData)).toContainEqual(expect.objectContaining({ data: 'WMG2002' }))
  })
})
