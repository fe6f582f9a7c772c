/**
 * The invite screens on the H5 runtime. The real api module and transport run over a faked request
 * (fakeBackend); toasts are read from the toast's live region. The platform edge is faked where the
 * page would leave: Taro's navigation, and the app-link capability (store, scheme, provider form,
 * clipboard).
 */
import { recordToasts, type ToastRecorder } from '../toasts'
import { feedback } from '../../../src/platform/feedback'
import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { createClient } from '../../../src/api/client'
import { createInviteApi } from '../../../src/api/invite'
import type { InviteKind } from '../../../src/api/invite'
import { parseInviteInfo } from '../../../src/domain/inviteInfo'
import { readPasswordWelcomeQuery, readPayGroupQuery, readWmShareQuery } from '../../../src/domain/invite'
import {
  DownloadDescStore,
  DownloadScreen,
  OpenAppScreen,
  PasswordWelcomeScreen,
  PasswordWelcomeStore,
  PayGroupScreen,
  PayGroupStore,
  ScanGuideScreen,
  WelcomeScreen,
  WelcomeStore,
  WmShareScreen,
  WmValidateScreen,
} from '../../../src/features/invite'
import type { InviteDeps } from '../../../src/features/invite'
import { t } from '../../../src/locales'
import { appLink } from '../../../src/platform/appLink'
import type { AppLinkPlatform } from '../../../src/platform/appLink/types'
import { inviteCalls } from '../../../types/invite'
import { mount, settle, until } from '../act'
import { click, fakeBackend, ok, refuse, text, typeInto } from '../purchase/support'
import type { Handler } from '../purchase/support'

const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.40'
const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36'
const URLS = { android: 'https://store.example/android', ios: 'https://store.example/ios' }

let utils: TestUtils
let toasts: ToastRecorder
let navigate: jest.SpyInstance
let ua: jest.SpyInstance
beforeEach(() => {
  utils = new TestUtils()
  toasts = recordToasts()
  navigate = jest.spyOn(Taro, 'navigateTo').mockImplementation(() => Promise.resolve({ errMsg: 'navigateTo:ok' }))
  ua = jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(ANDROID_UA)
})
afterEach(() => {
  utils.unmout()
  toasts.stop()
  jest.restoreAllMocks()
})

const toasted = () => toasts.texts()
const navigatedTo = () => navigate.mock.calls.map(([options]) => (options as { url: string }).url)

/** The app-link edge: records where the page would go, what it copies and which form it submits. */
function fakeAppLink(overrides: Partial<AppLinkPlatform> = {}) {
  const opened: string[] = []
  const forms: string[] = []
  const copied: string[] = []
  const link: AppLinkPlatform = {
    canLeave: true,
    device: () => 'android',
    inWechatBrowser: () => false,
    open: async (url) => void opened.push(url),
    submitForm: (html) => forms.push(html) > 0,
    copy: async (value) => void copied.push(value),
    fetchJson: async () => ({ wmDownload_desc: 'remote description' }),
    ...overrides,
  }
  return { link, opened, forms, copied }
}

function deps(routes: Record<string, Handler>, link: AppLinkPlatform = fakeAppLink().link) {
  const backend = fakeBackend(routes)
  const api = createInviteApi(createClient(backend.deps).post)
  const toastText = (message: string) => feedback.toast({ title: message, icon: 'none' })
  const d: InviteDeps = { api, appLink: link, toast: toastText }
  return { deps: d, backend }
}

const link = (info: object) => encodeURIComponent(encodeURIComponent(JSON.stringify(info)))

async function welcome(kind: InviteKind, withPhone: boolean, info: object, routes: Record<string, Handler> = {}) {
  const parsed = parseInviteInfo(link(info))
  const { deps: d, backend } = deps(routes)
  const store = parsed.ok ? new WelcomeStore(d, kind, withPhone, parsed.value.data) : undefined
  await mount(utils, WelcomeScreen, { info: parsed.ok ? parsed.value : undefined, store })
  return { store, backend }
}

describe('the friend and group welcome pages', () => {
  it('shows the error state for a broken link, never a blank page', async () => {
    await mount(utils, WelcomeScreen, { info: undefined, store: undefined })
    expect(document.body.textContent).toContain(t('invite.badLink'))
  })

  it('asks for a message with the default phrase, and sends none when it is left as is', async () => {
    const { backend } = await welcome('friend', false, { usrname: '小王', data: 'invite-friend' }, { [inviteCalls.friendAdd.path]: () => ok(null) })
    expect(text('.welcome__lead')).toBe(t('invite.friend.wants', { name: '小王' }))
    click(utils, '.welcome__add')
    await until(() => expect(text('.ui-dialog__title')).toBe(t('invite.ask.title')))
    await until(() => expect(document.querySelector<HTMLInputElement>('.invite__message input')?.value).toBe(t('invite.ask.default')))
    click(utils, '.ui-dialog__button--primary')
    await until(() => expect(text('.ui-dialog__text')).toBe(t('invite.added.friend')))
    expect(backend.calls).toEqual([{ path: inviteCalls.friendAdd.path, body: { data: 'invite-friend' } }])
  })

  it('refuses a message over 64 characters with the toast, and sends a typed one', async () => {
    const { backend } = await welcome('friend', false, { data: 'invite-friend' }, { [inviteCalls.friendAdd.path]: () => ok(null) })
    expect(text('.welcome__lead')).toBe(t('invite.friend.wants', { name: t('invite.defaultInviter') }))
    click(utils, '.welcome__add')
    await typeInto(utils, '.invite__message', 'x'.repeat(65))
    click(utils, '.ui-dialog__button--primary')
    expect(toasted()).toEqual([t('validation.friendMessageTooLong')])
    expect(backend.calls).toEqual([])
    await typeInto(utils, '.invite__message', '我是小李')
    click(utils, '.ui-dialog__button--primary')
    await until(() => expect(backend.calls).toEqual([{ path: inviteCalls.friendAdd.path, body: { data: 'invite-friend', message: '我是小李' } }]))
    await until(() => expect(text('.ui-dialog__text')).toBe(t('invite.added.friend')))
  })

  it('after the request: already installed shows the hint, go install opens /downloadWm', async () => {
    await welcome('group', false, { groupname: '读书会', headurl: 'https://img.example/g.png', data: 'invite-group' }, { [inviteCalls.groupAdd.path]: () => ok(null) })
    expect(text('.welcome__group')).toBe(t('invite.group.name', { name: '读书会' }))
    expect(document.querySelector('.welcome__head')?.getAttribute('aria-label')).toBe(t('invite.group.headAlt', { name: '读书会' }))
    click(utils, '.welcome__add')
    await until(() => expect(text('.ui-dialog__text')).toBe(t('invite.added.group')))
    click(utils, '.ui-dialog__button--primary')
    expect(navigatedTo()).toEqual(['/packages/invite/pages/downloadWm/index'])
    click(utils, '.ui-dialog__button:not(.ui-dialog__button--primary)')
    await until(() => expect(text('.ui-dialog__text')).toBe(t('invite.installedHint')))
  })

  it.each([
    [404, 'invitation does not exist'],
    [400, 'this is not a group invitation'],
  ])('uses the group defaults and keeps the page when the server answers %p, telling the user once', async (code, msg) => {
    const { backend } = await welcome('group', false, { data: 'gone' }, { [inviteCalls.groupAdd.path]: () => refuse(code, msg) })
    expect(text('.welcome__group')).toBe(t('invite.group.name', { name: t('invite.defaultGroup') }))
    click(utils, '.welcome__add')
    await until(() => expect([...backend.toasts, ...toasted()]).toEqual([msg]))
    expect(document.querySelector('.ui-dialog')).toBeNull()
  })
})

describe('the watermark-camera bind dialog', () => {
  const open = async (routes: Record<string, Handler>) => {
    const page = await welcome('friend', true, { usrname: '小王', data: 'invite-wm-friend' }, routes)
    click(utils, '.welcome__add')
    await utils.queries.waitForQuerySelector('.bind-dialog')
    return page
  }

  it('asks for the account number first', async () => {
    await open({})
    expect(text('.bind-dialog__title')).toBe(t('invite.bind.title'))
    await typeInto(utils, '.bind-dialog__phone', '13912340000')
    await typeInto(utils, '.bind-dialog__code', '123456')
    click(utils, '.bind-dialog__confirm')
    expect(toasted()).toEqual([t('validation.watermarkAccountEmpty')])
  })

  it('toasts the server message of a refused code request and starts no countdown', async () => {
    await open({ [inviteCalls.watermarkSms.path]: () => refuse(429, 'please wait before requesting another code') })
    await typeInto(utils, '.bind-dialog__phone', '13912340000')
    click(utils, '.bind-dialog__get-code')
    await until(() => expect(toasted()).toEqual(['please wait before requesting another code']))
    expect(text('.bind-dialog__get-code')).toBe(t('login.getCode'))
    expect(document.querySelector('.bind-dialog__error')).toBeNull()
  })

  it("toasts 'err ==' and the error on a network failure", async () => {
    await open({
      [inviteCalls.watermarkSms.path]: () => {
        throw new Error('offline')
      },
    })
    await typeInto(utils, '.bind-dialog__phone', '13912340000')
    click(utils, '.bind-dialog__get-code')
    await until(() => expect(toasted()).toEqual([t('invite.networkError', { error: 'network' })]))
  })

  it('toasts a wrong code, then binds and shows the claimed screen', async () => {
    let tries = 0
    const { backend } = await open({
      [inviteCalls.watermarkFriendAdd.path]: () => (++tries === 1 ? refuse(400, 'wrong verification code') : ok({ object: { wsid: 'wssy10001', vipQuota: 1 } })),
    })
    await typeInto(utils, '.bind-dialog__account', 'wssy10001')
    await typeInto(utils, '.bind-dialog__phone', '13912340000')
    await typeInto(utils, '.bind-dialog__code', '000000')
    click(utils, '.bind-dialog__confirm')
    await until(() => expect(toasted()).toEqual(['wrong verification code']))
    await typeInto(utils, '.bind-dialog__code', '123456')
    click(utils, '.bind-dialog__confirm')
    await utils.queries.waitForQuerySelector('.bind-dialog--success')
    expect(text('.bind-dialog__success-text')).toBe(t('login.success'))
    expect(backend.calls[1]).toEqual({
      path: inviteCalls.watermarkFriendAdd.path,
      body: { data: 'invite-wm-friend', wsid: 'wssy10001', phone: '13912340000', vcode: '123456', interCode: '86' },
    })
    click(utils, '.bind-dialog__done')
    await until(() => expect(document.querySelector('.bind-dialog')).toBeNull())
  })

})

describe('the validation page', () => {
  it("toasts an empty account number, and says 'verification passed' for any other", async () => {
    await mount(utils, WmValidateScreen, {})
    click(utils, '.validate__submit')
    expect(toasted()).toEqual([t('validation.watermarkAccountEmpty')])
    await typeInto(utils, '.validate__account', 'wssy10001')
    click(utils, '.validate__submit')
    await until(() => expect(text('.ui-dialog__text')).toBe(t('invite.validate.passed')))
  })
})

describe('/wmShare', () => {
  it('shows the password in dollar signs; copying opens the installed / install dialog', async () => {
    const copy = jest.spyOn(appLink, 'copy').mockResolvedValue(undefined)
    await mount(utils, WmShareScreen, { query: readWmShareQuery({ pwd: encodeURIComponent('WMF8888'), name: encodeURIComponent('林老师') }) })
    expect(text('.share__password')).toBe('$WMF8888$')
    expect(document.body.textContent).toContain(t('invite.share.from', { name: '林老师' }))
    click(utils, '.share__copy')
    await until(() => expect(text('.ui-dialog__text')).toBe(t('invite.share.copiedTitle')))
    expect(copy).toHaveBeenCalledWith('$WMF8888$')
    click(utils, '.ui-dialog__button:not(.ui-dialog__button--primary)')
    expect(toasted()).toEqual([t('common.copySucceeded'), t('invite.share.installedToast')])
    click(utils, '.share__copy')
    await until(() => expect(document.querySelector('.ui-dialog__button--primary')).not.toBeNull())
    click(utils, '.ui-dialog__button--primary')
    expect(navigatedTo()).toEqual(['/packages/invite/pages/downloadWm/index'])
  })

  it('says so when copying fails, and shows the error state without a password', async () => {
    jest.spyOn(appLink, 'copy').mockRejectedValue(new Error('denied'))
    await mount(utils, WmShareScreen, { query: readWmShareQuery({ pwd: 'x' }) })
    click(utils, '.share__copy')
    await until(() => expect(toasted()).toEqual([t('invite.copyFailed')]))
    utils.unmout()
    utils = new TestUtils()
    await mount(utils, WmShareScreen, { query: readWmShareQuery({}) })
    expect(document.body.textContent).toContain(t('invite.share.missing'))
  })
})

describe('/downloadWm', () => {
  it('shows the remote description, asked for with a timestamp', async () => {
    const { link: fake } = fakeAppLink()
    const fetchJson = jest.spyOn(fake, 'fetchJson')
    await mount(utils, DownloadScreen, { store: new DownloadDescStore(fake, '/config/wmUpdate.json', 5000) })
    await until(() => expect(text('.download__desc')).toBe('remote description'))
    expect(fetchJson.mock.calls[0][0]).toMatch(/^\/config\/wmUpdate\.json\?t=\d+$/)
  })

  it('falls back to the built-in description when the fetch fails or answers nonsense', async () => {
    const { link: failing } = fakeAppLink({ fetchJson: async () => Promise.reject(new Error('offline')) })
    await mount(utils, DownloadScreen, { store: new DownloadDescStore(failing, '/d.json', 5000) })
    await until(() => expect(text('.download__desc')).toBe(t('invite.dl.builtInDesc')))
  })

  it('sends each card to its store, and shows the cover inside WeChat', async () => {
    const open = jest.spyOn(appLink, 'open').mockResolvedValue(undefined)
    await mount(utils, DownloadScreen, { store: new DownloadDescStore(fakeAppLink().link, '/d.json', 5000) })
    click(utils, '.download__go--ios')
    expect(open).toHaveBeenCalledWith('/dev/store/ios')
    ua.mockReturnValue(WECHAT_UA)
    click(utils, '.download__go--android')
    await until(() => expect(text('.invite-cover__text')).toBe(t('invite.cover.text')))
    expect(open).toHaveBeenCalledTimes(1)
  })
})

describe('/openWeimai and /invite', () => {
  it('tries the app scheme outside WeChat', async () => {
    const open = jest.spyOn(appLink, 'open').mockResolvedValue(undefined)
    await mount(utils, OpenAppScreen, {})
    expect(open).toHaveBeenCalledWith('weimai://')
    expect(document.querySelector('.invite-cover__panel')).toBeNull()
  })

  it("shows the cover inside WeChat's browser and never tries the scheme", async () => {
    ua.mockReturnValue(WECHAT_UA)
    const open = jest.spyOn(appLink, 'open').mockResolvedValue(undefined)
    await mount(utils, OpenAppScreen, {})
    await until(() => expect(text('.invite-cover__title')).toBe(t('invite.cover.title')))
    expect(open).not.toHaveBeenCalled()
  })

  it('the scan guide lists three steps and downloads from the store of the device', async () => {
    const open = jest.spyOn(appLink, 'open').mockResolvedValue(undefined)
    await mount(utils, ScanGuideScreen, {})
    expect(Array.from(document.querySelectorAll('.scan__text')).map((e) => e.textContent)).toEqual([
      t('invite.scan.step1'),
      t('invite.scan.step2'),
      t('invite.scan.step3'),
    ])
    click(utils, '.scan__download')
    expect(open).toHaveBeenCalledWith('/dev/store/android')
    ua.mockReturnValue(WECHAT_UA)
    click(utils, '.scan__download')
    await until(() => expect(document.querySelector('.invite-cover__panel')).not.toBeNull())
    expect(open).toHaveBeenCalledTimes(1)
  })
})

const GROUP = {
  nickname: '林老师',
  headImg: 'https://img.example/g.png',
  faceIcon: 'https://img.example/f.png',
  groupName: '训练营',
  introduction: '21 天写作',
  condition: '付费后进群',
  isNeedPay: 1,
  fee: 990,
  password: '￥WMG2002￥',
}

describe('/wXpasswordWelcome', () => {
  it('shows the group invite and its password and stays until the visitor chooses to go (issue 30 item 10)', async () => {
    const fake = fakeAppLink()
    const { deps: d } = deps({ [inviteCalls.groupQuery.path]: () => ok({ object: GROUP }) }, fake.link)
    await mount(utils, PasswordWelcomeScreen, { query: readPasswordWelcomeQuery({ wmid: 'wm_teacher', gid: 'g-paid' }), store: new PasswordWelcomeStore(d, URLS) })
    await until(() => expect(document.body.textContent).toContain('WMG2002'))
    expect(document.body.textContent).toContain(t('invite.pw.group', { name: '林老师', group: '训练营' }))
    expect(text('.password-welcome__password')).toBe(t('invite.pw.password', { password: 'WMG2002' }))
    expect(document.body.textContent).toContain(t('invite.pw.copyFirst'))
    // the old page left within a second of loading; this one waits for the visitor
    await settle(1500)
    expect(fake.opened).toEqual([])
    expect(fake.copied).toEqual([])
    // the visitor's button copies the password first, then goes to the store of the device
    expect(text('.password-welcome__go')).toBe(t('invite.pw.copyAndDownload'))
    click(utils, '.password-welcome__go')
    await until(() => expect(fake.opened).toEqual([URLS.android]))
    expect(fake.copied).toEqual(['WMG2002'])
    click(utils, '.password-welcome__open')
    expect(navigatedTo()).toEqual(['/packages/invite/pages/openWeimai/index'])
  })

  it('with isOpenWeimai=1 the button copies and tries the app; inside WeChat it copies and shows the cover instead of leaving', async () => {
    const fake = fakeAppLink()
    const { deps: d } = deps({ [inviteCalls.friendQuery.path]: () => ok({ object: { nickname: 'A', password: '￥P￥', faceIcon: '' } }) }, fake.link)
    await mount(utils, PasswordWelcomeScreen, { query: readPasswordWelcomeQuery({ wmid: 'w', isOpenWeimai: '1' }), store: new PasswordWelcomeStore(d, URLS) })
    await until(() => expect(text('.password-welcome__go')).toBe(t('invite.pw.copyAndOpen')))
    expect(navigatedTo()).toEqual([])
    click(utils, '.password-welcome__go')
    await until(() => expect(navigatedTo()).toEqual(['/packages/invite/pages/openWeimai/index']))
    expect(fake.copied).toEqual(['P'])
    expect(fake.opened).toEqual([])
    utils.unmout()
    utils = new TestUtils()
    ua.mockReturnValue(WECHAT_UA)
    await mount(utils, PasswordWelcomeScreen, { query: readPasswordWelcomeQuery({ wmid: 'w' }), store: new PasswordWelcomeStore(d, URLS) })
    await until(() => expect(document.querySelector('.password-welcome__go')).not.toBeNull())
    expect(document.querySelector('.invite-cover__panel')).toBeNull()
    click(utils, '.password-welcome__go')
    await until(() => expect(document.querySelector('.invite-cover__panel')).not.toBeNull())
    expect(fake.copied).toEqual(['P', 'P'])
    expect(fake.opened).toEqual([])
  })

  it('says when the invite does not exist, and offers a retry when loading fails', async () => {
    const { deps: d } = deps({ [inviteCalls.friendQuery.path]: () => refuse(404, 'inviter does not exist') })
    await mount(utils, PasswordWelcomeScreen, { query: readPasswordWelcomeQuery({ wmid: 'nobody' }), store: new PasswordWelcomeStore(d, URLS) })
    await until(() => expect(document.body.textContent).toContain(t('invite.pw.notFound')))
    utils.unmout()
    utils = new TestUtils()
    const { deps: failing } = deps({ [inviteCalls.friendQuery.path]: () => refuse(500, 'boom') })
    await mount(utils, PasswordWelcomeScreen, { query: readPasswordWelcomeQuery({ wmid: 'w' }), store: new PasswordWelcomeStore(failing, URLS) })
    await until(() => expect(document.body.textContent).toContain(t('invite.pw.loadFailed')))
    expect(document.body.textContent).toContain('boom')
  })
})

describe('/pay4group', () => {
  const orderRoutes = (order: Handler): Record<string, Handler> => ({
    [inviteCalls.groupQuery.path]: () => ok({ object: GROUP }),
    [inviteCalls.groupOrder.path]: order,
  })

  it('shows the group and its fee in yuan; paying submits the provider form with the password', async () => {
    const fake = fakeAppLink()
    const form = '<form method="get" action="/standin/wechat-pay/checkout"><input type="hidden" name="prepay_id" value="wx1"></form>'
    const { deps: d, backend } = deps(orderRoutes(() => ok({ object: { isBought: 0, orderNO: 'G1', formHTML: form } })), fake.link)
    await mount(utils, PayGroupScreen, { query: readPayGroupQuery({ gid: 'g-paid', wmid: 'wm_teacher', password: 'WMG2002' }), store: new PayGroupStore(d) })
    await until(() => expect(text('.pay-group__pay')).toBe(t('invite.pay.button', { price: '9.90' })))
    expect(document.body.textContent).toContain('21 天写作')
    expect(document.body.textContent).toContain('付费后进群')
    click(utils, '.pay-group__pay')
    await until(() => expect(fake.forms).toEqual([form]))
    expect(backend.calls[1]).toEqual({
      path: inviteCalls.groupOrder.path,
      body: { orderData: JSON.stringify({ password: 'WMG2002', gid: 'g-paid', wmid: 'wm_teacher' }), orderChannels: '4', paymentType: '8' },
    })
    await until(() => expect(text('.pay-group__pay')).toBe(t('invite.pay.toProvider')))
  })

  it('goes straight to joined when already bought; enter group opens the app page', async () => {
    const { deps: d } = deps(orderRoutes(() => ok({ object: { isBought: 1, orderNO: 'G1', formHTML: '' } })))
    await mount(utils, PayGroupScreen, { query: readPayGroupQuery({ gid: 'g-paid', wmid: 'wm_teacher' }), store: new PayGroupStore(d) })
    await utils.queries.waitForQuerySelector('.pay-group__pay')
    click(utils, '.pay-group__pay')
    await until(() => expect(text('.ui-dialog__title')).toBe(t('invite.pay.joinedTitle')))
    expect(text('.ui-dialog__text')).toBe(t('invite.pay.joinedText', { password: 'WMG2002' }))
    click(utils, '.pay-group__enter')
    expect(navigatedTo()).toEqual(['/packages/invite/pages/openWeimai/index'])
  })

  it('back with paySuccess, the server decides: joined when paid, the pay button when not', async () => {
    const { deps: paid } = deps(orderRoutes(() => ok({ object: { isBought: 1, orderNO: 'G1', formHTML: '' } })))
    const query = readPayGroupQuery({ gid: 'g-paid', wmid: 'wm_teacher', password: 'WMG2002', paySuccess: '1', tradeNo: 'G1' })
    await mount(utils, PayGroupScreen, { query, store: new PayGroupStore(paid) })
    await until(() => expect(text('.ui-dialog__title')).toBe(t('invite.pay.joinedTitle')))
    utils.unmout()
    utils = new TestUtils()
    const fake = fakeAppLink()
    const { deps: unpaid } = deps(orderRoutes(() => ok({ object: { isBought: 0, orderNO: 'G1', formHTML: '<form></form>' } })), fake.link)
    await mount(utils, PayGroupScreen, { query, store: new PayGroupStore(unpaid) })
    await until(() => expect(text('.pay-group__pay')).toBe(t('invite.pay.button', { price: '9.90' })))
    expect(document.querySelector('.ui-dialog')).toBeNull()
    expect(fake.forms).toEqual([])
  })

  it('alerts when the group is not found after paying', async () => {
    const { deps: d } = deps({ [inviteCalls.groupQuery.path]: () => refuse(404, 'group does not exist') })
    await mount(utils, PayGroupScreen, { query: readPayGroupQuery({ gid: 'gone', wmid: 'w', paySuccess: '1' }), store: new PayGroupStore(d) })
    await until(() => expect(text('.ui-dialog__text')).toBe(t('invite.pay.notFound')))
  })

  it('shows the error state for a link without a group', async () => {
    const { deps: d } = deps({})
    await mount(utils, PayGroupScreen, { query: readPayGroupQuery({ wmid: 'w' }), store: new PayGroupStore(d) })
    expect(document.body.textContent).toContain(t('invite.badLink'))
  })
})
