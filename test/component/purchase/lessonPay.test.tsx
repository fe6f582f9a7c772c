import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import type { ApiEnvelope } from '../../../types/api'
import { payConfig } from '../../fixtures/payConfig'
import { LessonPayScreen } from '../../../src/features/purchase/LessonPayScreen'
import type { LessonPayRoute } from '../../../src/features/purchase/lessonPayRoute'
import { t } from '../../../src/locales'
import { toPageUrl } from '../../../src/domain/routes'
import {
  click,
  fakeBackend,
  paidLessonInfo,
  loadCountries,
  ok,
  purchaseStores,
  refuse,
  text,
  typeInto,
  type Handler,
} from './support'
import { mount, settle, until } from '../act'
import { WithStores } from '../appStores'
import type { LessonInfo } from '../../../types/lesson'

const COURSE: LessonPayRoute = { kind: 'course', courseData: 'demo-paid', payType: 1, inviterWmid: 'wm_inviter' }

const PAY_CONFIG = payConfig({
  totalFee: 1990,
  isShowjoinQrcode: 1,
  joinQrcode: 'https://cdn.example.com/qr.png',
  joinGroupName: 'Course group',
})

function backendFor(info: Partial<LessonInfo>, extra: Record<string, Handler> = {}) {
  return fakeBackend({
    '/wmim/course/v2/query/info.do': () => ok({ object: paidLessonInfo(info) }),
    ...extra,
  })
}

describe('/lessonPay', () => {
  let utils: TestUtils
  let redirectTo: jest.SpyInstance
  let navigateTo: jest.SpyInstance
  beforeEach(() => {
    utils = new TestUtils()
    redirectTo = jest.spyOn(Taro, 'redirectTo').mockImplementation(() => Promise.resolve({ errMsg: 'redirectTo:ok' }))
    navigateTo = jest.spyOn(Taro, 'navigateTo').mockImplementation(() => Promise.resolve({ errMsg: 'navigateTo:ok' }))
  })
  afterEach(() => {
    redirectTo.mockRestore()
    navigateTo.mockRestore()
    utils.unmout()
  })

  async function mountRoute(route: LessonPayRoute, stores: ReturnType<typeof purchaseStores>) {
    await mount(utils, WithStores, { stores: stores.app, children: <LessonPayScreen route={route} loadCountries={loadCountries} /> })
  }

  it('shows loading until the info answers, then the price and the pay button', async () => {
    let answer: (value: ApiEnvelope) => void = () => undefined
    const backend = fakeBackend({
      '/wmim/course/v2/query/info.do': () => new Promise<ApiEnvelope>((resolve) => (answer = resolve)),
    })
    await mountRoute(COURSE, purchaseStores(backend))
    expect(document.querySelector('.state-view--loading')).not.toBeNull()
    answer(ok({ object: paidLessonInfo({ fee: 1990 }) }))
    await utils.queries.waitForQuerySelector('.lesson-pay__pay')
    expect(text('.lesson-pay__price')).toBe('¥19.90')
    expect(text('.lesson-pay__name')).toBe('Paid lesson')
    expect(document.querySelector('.lesson-pay__preview')).toBeNull()
  })

  it('binds a visitor phone, pays, confirms with the server, then shows purchased with the group QR code', async () => {
    const backend = backendFor(
      { fee: 1990 },
      {
        '/wmim/course/v2/phone/sendSms.do': () => ok(null),
        '/wmim/course/v2/phone/bind.do': (body) =>
          (JSON.parse(body.encryptData) as { vcode?: unknown }).vcode === '1234'
            ? ok({ object: { token: 'tk', userid: 'wm_visitor', encryptKey: 'k' } })
            : refuse(400, 'wrong code'),
        '/wmim/course/v2/order/create.do': () => ok({ object: PAY_CONFIG }),
        '/wmim/course/v2/order/query.do': () =>
          ok({ object: { orderNO: 'O1', orderStatus: 1, isShowjoinQrcode: 1, joinQrcode: PAY_CONFIG.joinQrcode } }),
      },
    )
    const stores = purchaseStores(backend, { storage: { loginData: JSON.stringify({ loginData: 'ld-visitor', isWeMaiUser: 0 }) } })
    await mountRoute(COURSE, stores)
    await utils.queries.waitForQuerySelector('.lesson-pay__pay')
    click(utils, '.lesson-pay__pay')
    await utils.queries.waitForQuerySelector('.pay-dialog')
    click(utils, '.pay-dialog__go-pay')
    await utils.queries.waitForQuerySelector('.bind-dialog')
    // spec 000 §2: the dialog is 'phone login', its success panel the claim that succeeded
    expect(text('.bind-dialog__title')).toBe(t('login.title'))

    await typeInto(utils, '.bind-dialog__phone', '13800000000')
    await typeInto(utils, '.bind-dialog__code', '1234')
    click(utils, '.bind-dialog__confirm')
    await utils.queries.waitForQuerySelector('.bind-dialog__done')
    expect(text('.bind-dialog__success-text')).toBe(t('login.success'))
    expect(text('.bind-dialog__done')).toBe(t('login.gotIt'))
    click(utils, '.bind-dialog__done')
    await utils.queries.waitForQuerySelector('.pay-confirm')
    expect(text('.pay-confirm .pay-dialog__text')).toBe(t('purchase.confirm.text', { price: '19.90' }))
    click(utils, '.pay-confirm__pay')

    await utils.queries.waitForQuerySelector('.lesson-pay__view-course')
    expect(stores.payment.pay).toHaveBeenCalledWith(PAY_CONFIG)
    const order = backend.calls.find((c) => c.path === '/wmim/course/v2/order/create.do')
    expect(order?.body).toEqual({ courseData: 'demo-paid', loginData: 'ld-visitor', inviterWmid: 'wm_inviter', payType: '1' })
    expect(backend.calls.some((c) => c.path === '/wmim/course/v2/order/query.do')).toBe(true)
    expect(document.querySelector('.lesson-pay__qrcode')?.getAttribute('src')).toBe(PAY_CONFIG.joinQrcode)
    expect(text('.lesson-pay__qrcode-title')).toBe(t('purchase.joinGroup', { name: 'Course group' }))
    expect(stores.session.userId).toBe('wm_visitor')

    click(utils, '.lesson-pay__view-course')
    expect(navigateTo).toHaveBeenCalledWith({ url: toPageUrl('Lesson', { courseData: 'demo-paid', isPayLesson: 1 }) })
  })

  it('changes nothing when the payment is cancelled', async () => {
    const backend = backendFor({}, { '/wmim/course/v2/order/create.do': () => ok({ object: PAY_CONFIG }) })
    const stores = purchaseStores(backend, { pay: 'cancel', storage: { loginData: JSON.stringify({ loginData: 'ld', isWeMaiUser: 1 }) } })
    await mountRoute(COURSE, stores)
    await utils.queries.waitForQuerySelector('.lesson-pay__pay')
    click(utils, '.lesson-pay__pay')
    click(utils, '.pay-dialog__go-pay')
    await utils.queries.waitForQuerySelector('.pay-confirm')
    click(utils, '.pay-confirm__pay')
    await until(() => expect(stores.payment.pay).toHaveBeenCalled())
    await settle(20)
    expect(document.querySelector('.lesson-pay__pay')).not.toBeNull()
    expect(document.querySelector('.pay-dialog')).toBeNull()
    expect(backend.calls.some((c) => c.path === '/wmim/course/v2/order/query.do')).toBe(false)
  })

  it('shows the purchased state for a bought lesson', async () => {
    await mountRoute(COURSE, purchaseStores(backendFor({ isBought: 1 })))
    await utils.queries.waitForQuerySelector('.lesson-pay__view-course')
    expect(text('.lesson-pay__purchased')).toBe(t('purchase.purchased'))
    expect(document.querySelector('.lesson-pay__qrcode')).toBeNull()
  })

  it('replaces the pay button with the preview button for a free-preview course', async () => {
    await mountRoute(COURSE, purchaseStores(backendFor({ isCheckedFreeCount: 1, freeCount: 5 })))
    await utils.queries.waitForQuerySelector('.lesson-pay__preview')
    expect(document.querySelector('.lesson-pay__pay')).toBeNull()
    click(utils, '.lesson-pay__preview')
    expect(navigateTo).toHaveBeenCalledWith({ url: toPageUrl('Lesson', { courseData: 'demo-paid', isPayLesson: 1 }) })
  })

  it('locks a password course and continues on /lesson once it verifies', async () => {
    const backend = backendFor(
      { privacyStatus: 2 },
      { '/wmim/course/v2/message/list.do': (body) => (body.coursePass === '8888' ? ok({ array: [] }) : refuse(403, 'wrong password')) },
    )
    await mountRoute(COURSE, purchaseStores(backend))
    await utils.queries.waitForQuerySelector('.password-lock')
    await typeInto(utils, '.password-lock__input', '8888')
    click(utils, '.password-lock__unlock')
    await until(() => expect(redirectTo).toHaveBeenCalledWith({ url: toPageUrl('Lesson', { courseData: 'demo-paid' }) }))
  })

  it('goes straight to /lesson for an open course, and to /illegal for an illegal one', async () => {
    await mountRoute(COURSE, purchaseStores(backendFor({ privacyStatus: 1 })))
    await until(() => expect(redirectTo).toHaveBeenCalledWith({ url: toPageUrl('Lesson', { courseData: 'demo-paid' }) }))
    utils.unmout()
    utils = new TestUtils()
    await mountRoute(COURSE, purchaseStores(backendFor({ illegal: 1 })))
    await until(() => expect(redirectTo).toHaveBeenCalledWith({ url: toPageUrl('Illegal') }))
  })

  it('shows the open-in-browser prompt inside WeChat', async () => {
    await mountRoute(COURSE, purchaseStores(backendFor({ applyType: 2 }), { wechat: true }))
    await utils.queries.waitForQuerySelector('.open-in-browser')
    expect(document.querySelector('.open-in-browser__apply')).toBeNull()
    expect(document.querySelector('.lesson-pay__pay')).toBeNull()
  })

  it('always shows the app-only notice for a live, with download', async () => {
    const backend = fakeBackend({})
    await mountRoute({ kind: 'course', courseData: 'live-1', payType: 2 }, purchaseStores(backend))
    await utils.queries.waitForQuerySelector('.lesson-pay__download')
    expect(text('.lesson-pay__notice')).toBe(t('purchase.liveAppOnly.title'))
    // only the live's price is asked for: an unknown (or free) live has nothing to buy
    expect(backend.calls.map((call) => call.path)).toEqual(['/wmim/live/query/info.do'])
    expect(document.querySelector('.lesson-pay__pay')).toBeNull()
    click(utils, '.lesson-pay__download')
    expect(navigateTo).toHaveBeenCalledWith({ url: toPageUrl('DownloadWm') })
  })

  it('sells a paid live beside the app-only notice: its price, the pay flow, then purchased', async () => {
    const backend = fakeBackend({
      '/wmim/live/query/info.do': () => ok({ object: { courseData: 'live-1', liveP: 1, liveF: 2990 } }),
      '/wmim/course/v2/order/create.do': () => ok({ object: { ...PAY_CONFIG, totalFee: 2990 } }),
      '/wmim/course/v2/order/query.do': () => ok({ object: { orderNO: PAY_CONFIG.orderNO, orderStatus: 1, isShowjoinQrcode: 0, joinQrcode: '' } }),
    })
    const stores = purchaseStores(backend, { storage: { loginData: JSON.stringify({ loginData: 'ld-buyer', isWeMaiUser: 1 }) } })
    await mountRoute({ kind: 'course', courseData: 'live-1', payType: 2 }, stores)
    await utils.queries.waitForQuerySelector('.lesson-pay__pay')
    expect(text('.lesson-pay__notice')).toBe(t('purchase.liveAppOnly.title'))
    expect(text('.lesson-pay__pay')).toBe(t('purchase.pay', { price: '29.90' }))
    click(utils, '.lesson-pay__pay')
    await utils.queries.waitForQuerySelector('.pay-dialog')
    click(utils, '.pay-dialog__go-pay')
    await utils.queries.waitForQuerySelector('.pay-confirm')
    expect(text('.pay-confirm .pay-dialog__text')).toBe(t('purchase.confirm.text', { price: '29.90' }))
    click(utils, '.pay-confirm__pay')
    await utils.queries.waitForQuerySelector('.lesson-pay__purchased')
    expect(document.querySelector('.lesson-pay__pay')).toBeNull()
    const order = backend.calls.find((call) => call.path === '/wmim/course/v2/order/create.do')
    expect(order?.body).toMatchObject({ courseData: 'live-1', payType: '2' })
  })

  it('stores the login data of the login return, then redirects to the course after 50 ms', async () => {
    const loginData = { loginData: 'ld-new', isWeMaiUser: 1 as const, courseData: 'demo-paid', courseType: 1 }
    const stores = purchaseStores(fakeBackend({}))
    await mountRoute({ kind: 'loginReturn', loginData }, stores)
    expect(JSON.parse(stores.storage.get('loginData') ?? '{}')).toMatchObject({ loginData: 'ld-new' })
    expect(redirectTo).not.toHaveBeenCalled()
    await until(() =>
      expect(redirectTo).toHaveBeenCalledWith({ url: toPageUrl('LessonPay', { type: 'share', courseData: 'demo-paid', payType: 1 }) }),
    )
  })

  it('says the link is incomplete when nothing names a course', async () => {
    await mountRoute({ kind: 'invalid', reason: 'missing' }, purchaseStores(fakeBackend({})))
    expect(text('.state-view__title')).toBe(t('purchase.badLink'))
    expect(text('.state-view__detail')).toBe(t('routeParam.missing'))
  })
})
