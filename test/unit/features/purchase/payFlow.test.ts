import { lessonInfo } from '../../../fixtures/lessonInfo'
import { payConfig } from '../../../fixtures/payConfig'
import { memoryStorage } from '../../../fixtures/storage'
import type { LessonInfo } from '../../../../types/lesson'
import type { LoginData } from '../../../../types/login'
import type { OrderState, PayConfig } from '../../../../types/purchase'
import { ApiError, NETWORK_ERROR } from '../../../../src/api/client'
import type { LessonApi } from '../../../../src/api/lesson'
import type { LoginApi } from '../../../../src/api/login'
import type { CreateOrderParams, PurchaseApi } from '../../../../src/api/purchase'
import type { AuthGateway, LoginOutcome } from '../../../../src/platform/auth'
import type { PayOutcome, PaymentGateway } from '../../../../src/platform/payment'
import { STORAGE_KEYS } from '../../../../src/domain/storageKeys'
import { LessonPayStore } from '../../../../src/features/purchase/LessonPayStore'
import { ORDER_QUERY_ATTEMPTS, PayFlowStore, type PaidOrder } from '../../../../src/features/purchase/PayFlowStore'
import { LoginDataStore, readLoginData } from '../../../../src/stores/loginData'
import { SessionStore } from '../../../../src/stores/session'

const VISITOR: LoginData = { loginData: 'ld-visitor', isWeMaiUser: 0 }
const BUYER: LoginData = { loginData: 'ld-buyer', isWeMaiUser: 1, token: 'token-buyer', userid: 'wm_buyer' }

function setup(opts: {
  loginData?: LoginData
  login?: LoginOutcome | Error
  order?: PayConfig | Error
  pay?: PayOutcome
  orderStates?: OrderState['orderStatus'][]
  /** what the lesson info says when the flow reads it again */
  isBought?: 0 | 1
  /** the mini-program's system (Taro.getSystemInfoSync().platform); none: H5 */
  system?: string
}) {
  const storage = memoryStorage(opts.loginData ? { [STORAGE_KEYS.loginData]: JSON.stringify(opts.loginData) } : {})
  const session = new SessionStore(storage)
  const loginData = new LoginDataStore(storage, session)
  const orders: CreateOrderParams[] = []
  const queries: string[] = []
  const paid: PaidOrder[] = []
  const states = [...(opts.orderStates ?? [1])]
  const purchase: PurchaseApi = {
    createOrder: jest.fn(async (params: CreateOrderParams) => {
      orders.push(params)
      if (opts.order instanceof Error) throw opts.order
      return opts.order ?? payConfig()
    }),
    liveSale: jest.fn(async () => undefined),
    queryOrder: jest.fn(async (orderNO: string) => {
      queries.push(orderNO)
      const orderStatus = states.length > 1 ? (states.shift() as OrderState['orderStatus']) : states[0]
      return { orderNO, orderStatus, isShowjoinQrcode: 1 as const, joinQrcode: 'https://qr/1.png' }
    }),
    loginUrl: jest.fn(async () => 'https://login'),
    sandboxPay: jest.fn(async () => undefined),
  }
  const login: LoginApi = {
    sendSms: jest.fn(async () => undefined),
    bindPhone: jest.fn(async () => ({ token: 'token-new', userid: 'wm_visitor', encryptKey: 'k' })),
    weappLogin: jest.fn(async () => VISITOR),
    appLogin: jest.fn(async () => VISITOR),
    logout: jest.fn(async () => undefined),
  }
  const auth: AuthGateway = {
    login: jest.fn(async (): Promise<LoginOutcome> => {
      if (opts.login instanceof Error) throw opts.login
      return opts.login ?? { kind: 'redirected' }
    }),
  }
  // the platform edge: the payment gateway as the mini-program's reports its system
  const payment: PaymentGateway = {
    pay: jest.fn(async () => opts.pay ?? 'ok'),
    restricted: () => opts.system === 'ios',
    orderPlatform: () => (opts.system ? `weapp-${opts.system}` : undefined),
  }
  const lesson: Pick<LessonApi, 'info'> = {
    info: jest.fn(async () => ({ found: true as const, info: lessonInfo({ privacyStatus: 3, fee: 990, isBought: opts.isBought ?? 0 }) })),
  }
  const flow = new PayFlowStore({ purchase, lesson, login, auth, payment, loginData, wait: async () => undefined })
  flow.open({ courseData: 'demo-paid', payType: 1, priceFen: 990, inviterWmid: 'wm_inviter' }, (o) => paid.push(o))
  return { flow, storage, session, loginData, purchase, lesson, login, auth, payment, orders, queries, paid }
}

describe('PayFlowStore', () => {
  it('names the mini-program\'s platform in the order call, so the server can apply WeChat\'s iOS rule', async () => {
    const t = setup({ loginData: BUYER, system: 'android' })
    await t.flow.goPay()
    await t.flow.confirmPay()
    expect(t.orders).toEqual([{ courseData: 'demo-paid', loginData: 'ld-buyer', inviterWmid: 'wm_inviter', payType: 1, platform: 'weapp-android' }])
  })

  it('sells nothing in the mini-program on iOS: no pay dialog opens and no order is made', async () => {
    const t = setup({ loginData: BUYER, system: 'ios' })
    expect(t.flow.canSell).toBe(false)
    expect(t.flow.step).toBe('idle')
    await t.flow.goPay()
    await t.flow.confirmPay()
    expect(t.orders).toEqual([])
    expect(t.payment.pay).not.toHaveBeenCalled()
  })

  it('asks a visitor who is not a product user to bind a phone, then confirms, orders and pays', async () => {
    const t = setup({ loginData: VISITOR })
    expect(t.flow.step).toBe('dialog')
    await t.flow.goPay()
    expect(t.flow.step).toBe('bind')
    await t.flow.bindPhone({ phone: '13800000000', interCode: '86', vcode: '1234' })
    expect(t.login.bindPhone).toHaveBeenCalledWith({ phone: '13800000000', interCode: '86', vcode: '1234' }, 'ld-visitor')
    expect(t.loginData.isProductUser).toBe(true)
    expect(t.session.userId).toBe('wm_visitor')
    t.flow.bindDone()
    expect(t.flow.step).toBe('confirm')
    await t.flow.confirmPay()
    expect(t.orders).toEqual([{ courseData: 'demo-paid', loginData: 'ld-visitor', inviterWmid: 'wm_inviter', payType: 1 }])
    expect(t.queries).toEqual(['O1'])
    expect(t.paid).toEqual([{ isShowjoinQrcode: 1, joinQrcode: 'https://qr/1.png', joinGroupName: '' }])
    expect(t.flow.step).toBe('idle')
  })

  it('goes straight to the safety confirm for a product user', async () => {
    const t = setup({ loginData: BUYER })
    await t.flow.goPay()
    expect(t.flow.step).toBe('confirm')
  })

  it('leaves for the login round trip when there is no login data (H5)', async () => {
    const t = setup({})
    await t.flow.goPay()
    expect(t.auth.login).toHaveBeenCalledWith({ type: 1, courseData: 'demo-paid', infoLoginUrl: undefined })
    expect(t.flow.step).toBe('redirecting')
  })

  it('stores login data answered at once (mini-program) and carries on', async () => {
    const t = setup({ login: { kind: 'loggedIn', data: BUYER } })
    await t.flow.goPay()
    expect(t.flow.step).toBe('confirm')
    expect(JSON.parse(t.storage.map.get(STORAGE_KEYS.loginData) ?? '{}')).toMatchObject({ loginData: 'ld-buyer' })
    expect(t.session.userId).toBe('wm_buyer')
  })

  it('marks it paid without paying when the order answer says isBought', async () => {
    const t = setup({ loginData: BUYER, order: payConfig({ isBought: 1 }) })
    await t.flow.goPay()
    await t.flow.confirmPay()
    expect(t.payment.pay).not.toHaveBeenCalled()
    expect(t.paid).toHaveLength(1)
  })

  it.each<PayOutcome>(['cancel', 'fail'])('changes nothing when the payment ends with %s', async (outcome) => {
    const t = setup({ loginData: BUYER, pay: outcome })
    await t.flow.goPay()
    await t.flow.confirmPay()
    expect(t.queries).toEqual([])
    expect(t.paid).toEqual([])
    expect(t.flow.step).toBe('idle')
  })

  it('trusts the server, not the platform: paid only once the order query says so', async () => {
    const t = setup({ loginData: BUYER, orderStates: [0, 0, 1] })
    await t.flow.goPay()
    await t.flow.confirmPay()
    expect(t.queries).toHaveLength(3)
    expect(t.paid).toHaveLength(1)
  })

  it('shows the unconfirmed notice when the server never confirms', async () => {
    const t = setup({ loginData: BUYER, orderStates: [0] })
    await t.flow.goPay()
    await t.flow.confirmPay()
    expect(t.queries).toHaveLength(ORDER_QUERY_ATTEMPTS)
    expect(t.paid).toEqual([])
    expect(t.flow.step).toBe('unconfirmed')
  })

  it('returns to idle when the order call fails', async () => {
    const t = setup({ loginData: BUYER, order: new Error('server says no') })
    await t.flow.goPay()
    await t.flow.confirmPay()
    expect(t.payment.pay).not.toHaveBeenCalled()
    expect(t.flow.step).toBe('idle')
  })

  it('on a non-200 order answer reads the info again and is paid only when it says bought (spec 001 §4)', async () => {
    const refused = () => new ApiError(400, 'this course is not for sale', '/wmim/course/v2/order/create.do')
    const notBought = setup({ loginData: BUYER, order: refused(), isBought: 0 })
    await notBought.flow.goPay()
    await notBought.flow.confirmPay()
    expect(notBought.lesson.info).toHaveBeenCalledWith({ kind: 'v2', courseData: 'demo-paid' })
    expect(notBought.paid).toEqual([])
    expect(notBought.flow.step).toBe('idle')

    const bought = setup({ loginData: BUYER, order: refused(), isBought: 1 })
    await bought.flow.goPay()
    await bought.flow.confirmPay()
    expect(bought.payment.pay).not.toHaveBeenCalled()
    expect(bought.paid).toEqual([{ isShowjoinQrcode: 0, joinQrcode: '', joinGroupName: '' }])
  })

  it('a network failure of the order call is not an answer: nothing is read or marked', async () => {
    const t = setup({ loginData: BUYER, order: new ApiError(NETWORK_ERROR, 'network', '/x'), isBought: 1 })
    await t.flow.goPay()
    await t.flow.confirmPay()
    expect(t.lesson.info).not.toHaveBeenCalled()
    expect(t.paid).toEqual([])
  })

  it('look again closes the dialog', () => {
    const t = setup({ loginData: BUYER })
    t.flow.close()
    expect(t.flow.step).toBe('idle')
  })
})

describe('readLoginData', () => {
  it('reads the JSON of the login return, also URL-encoded once more', () => {
    const json = JSON.stringify({ loginData: 'x', isWeMaiUser: '1', courseData: 'c', courseType: '2', userid: 'u', token: 't' })
    const expected = { loginData: 'x', isWeMaiUser: 1, courseData: 'c', courseType: 2, userid: 'u', token: 't' }
    expect(readLoginData(json)).toEqual(expected)
    expect(readLoginData(encodeURIComponent(json))).toEqual(expected)
  })

  it('refuses anything without a loginData credential', () => {
    expect(readLoginData('{"isWeMaiUser":1}')).toBeUndefined()
    expect(readLoginData('not json')).toBeUndefined()
    expect(readLoginData('[1]')).toBeUndefined()
    expect(readLoginData(undefined)).toBeUndefined()
  })
})

describe('LessonPayStore', () => {
  const info = (overrides: Partial<LessonInfo>): LessonInfo => lessonInfo({ courseName: 'Paid', privacyStatus: 3, fee: 1990, ...overrides })

  function payStore(lesson: LessonInfo | undefined, env: { wechat?: boolean; liveFen?: number; userId?: string } = {}) {
    const storage = memoryStorage(env.userId ? { [STORAGE_KEYS.session]: JSON.stringify({ userid: env.userId, token: 't', encryptKey: 'k' }) } : {})
    const session = new SessionStore(storage)
    const lessonApi: LessonApi = {
      info: async () => (lesson ? { found: true, info: lesson } : { found: false }),
      messages: async (_h, _p, options = {}) =>
        options.coursePass === '8888' ? { kind: 'page', messages: [] } : { kind: 'passwordRejected', message: 'wrong password' },
      pictures: async () => ({ msgTimestamp: 0, picArray: [], isNextData: 0 }),
      apply: async () => undefined,
    }
    const store = new LessonPayStore({
      lesson: lessonApi,
      storage,
      loginData: new LoginDataStore(storage, session),
      inWechatBrowser: () => env.wechat === true,
      userId: () => session.userId,
      liveSale: async () => (env.liveFen ? { priceFen: env.liveFen, ownerWmid: 'wm_host' } : undefined),
    })
    return { store, storage }
  }

  it('shows the price and pay button, then the purchased state with the group QR code', async () => {
    const { store, storage } = payStore(info({}))
    await store.open({ courseData: 'demo-paid', payType: 1, inviterWmid: 'wm_x' })
    expect(store.view).toMatchObject({ view: 'pay', priceFen: 1990, canPreview: false })
    expect(store.payTarget()).toEqual({ courseData: 'demo-paid', payType: 1, inviterWmid: 'wm_x', priceFen: 1990 })
    expect(storage.map.get('courseData')).toBe('demo-paid')
    expect(storage.map.get('inviterWmid')).toBe('wm_x')
    store.markPaid({ isShowjoinQrcode: 1, joinQrcode: 'q', joinGroupName: 'g' })
    expect(store.view).toEqual({ view: 'purchased' })
    expect(store.payTarget()).toBeUndefined()
  })

  it('offers the preview button for a free-preview course', async () => {
    const { store } = payStore(info({ isCheckedFreeCount: 1, freeCount: 5 }))
    await store.open({ courseData: 'demo-paid', payType: 1 })
    expect(store.view).toMatchObject({ view: 'pay', canPreview: true })
  })

  it('unlocks a password course and remembers lessonwd', async () => {
    const { store, storage } = payStore(info({ privacyStatus: 2 }))
    await store.open({ courseData: 'demo-password', payType: 1 })
    expect(store.view).toEqual({ view: 'password' })
    await store.unlock('0000')
    expect(store.visit.passwordRejected).toBe(true)
    await store.unlock('8888')
    expect(store.view).toEqual({ view: 'lesson' })
    expect(storage.map.get(STORAGE_KEYS.lessonPassword)).toBe('8888')
  })

  it('shows the app-only notice for a live without asking for lesson info', async () => {
    const { store } = payStore(undefined)
    await store.open({ courseData: 'live-1', payType: 2 })
    expect(store.view).toEqual({ view: 'liveAppOnly' })
    // a free live has nothing to buy
    expect(store.payTarget()).toBeUndefined()
  })

  it('offers a paid live for its price beside the notice, until it is bought', async () => {
    const { store } = payStore(undefined, { liveFen: 2990 })
    await store.open({ courseData: 'live-1', payType: 2 })
    expect(store.view).toEqual({ view: 'liveAppOnly' })
    expect(store.payTarget()).toEqual({ courseData: 'live-1', payType: 2, priceFen: 2990 })
    store.markPaid({ isShowjoinQrcode: 0, joinQrcode: '', joinGroupName: '' })
    expect(store.payTarget()).toBeUndefined()
  })

  it("shows the live's host their paid live as bought, with nothing to pay; anyone else gets the pay button", async () => {
    const host = payStore(undefined, { liveFen: 2990, userId: 'wm_host' }).store
    await host.open({ courseData: 'live-1', payType: 2 })
    expect(host.ownsLive).toBe(true)
    expect(host.payTarget()).toBeUndefined()
    const viewer = payStore(undefined, { liveFen: 2990, userId: 'wm_viewer' }).store
    await viewer.open({ courseData: 'live-1', payType: 2 })
    expect(viewer.ownsLive).toBe(false)
    expect(viewer.payTarget()).toEqual({ courseData: 'live-1', payType: 2, priceFen: 2990 })
    const loggedOut = payStore(undefined, { liveFen: 2990 }).store
    await loggedOut.open({ courseData: 'live-1', payType: 2 })
    expect(loggedOut.ownsLive).toBe(false)
  })

  it('answers notFound for an unknown course and open-in-browser inside WeChat', async () => {
    const missing = payStore(undefined).store
    await missing.open({ courseData: 'nope', payType: 1 })
    expect(missing.view).toEqual({ view: 'notFound' })
    const wechat = payStore(info({}), { wechat: true }).store
    await wechat.open({ courseData: 'demo-paid', payType: 1 })
    expect(wechat.view).toMatchObject({ view: 'openInBrowser', canApply: true })
  })
})
