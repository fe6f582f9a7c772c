/**
 * @jest-environment jsdom
 */
import { createPublicKey, createVerify } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { ApiEnvelope, ObjectData } from '../../types/api'
import type { LoginData } from '../../types/login'
import type { OrderState, PayConfig } from '../../types/purchase'
import { devCalls } from '../../types/dev'
import { loginCalls } from '../../types/login'
import { DEMO_MERCHANT_KEY } from '../../server/outside/wechatPay/settings'
import { routeByName } from '../../src/domain/routes'
import purchase from '../../src/locales/zh-CN/purchase'
import { loadPage, type FakeWx, type LoadedPage } from './harness'
import { all, tap, typeInto } from './taroTree'

/**
 * The purchase page of the compiled mini-program: wx.login -> the server's login data,
 * the safety confirm, the order, wx.requestPayment with the order's parameters, and the paid
 * state only once the server has the order as paid.
 *
 * The buyer is wm_assistant: a seeded product user (no phone binding needed) who has bought
 * nothing. `paid-bought` is sold without a free preview, so its pay page has the pay button
 * (`demo-paid` has a preview: its pay page offers reading the preview instead).
 */

const COURSE = 'paid-bought'
const BUYER_CODE = 'dev:wm_assistant'
const CREATE_PATH = '/wmim/course/v2/order/create.do'
const QUERY_PATH = '/wmim/course/v2/order/query.do'
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

/** What the page hands wx.requestPayment. */
interface PaymentParams {
  timeStamp: string
  nonceStr: string
  package: string
  signType: string
  paySign: string
}

type Callback = (res: unknown) => void

/** The open pay sheet: its parameters, and the user's answer. */
interface PaySheet {
  params: PaymentParams
  pay(): void
  cancel(): void
}

/**
 * wx.requestPayment as the base library has it: callbacks when given, else a promise (Taro 4.2
 * passes requestPayment through without callbacks). The sheet stays open until the test answers.
 */
function fakeRequestPayment(opened: (sheet: PaySheet) => void): jest.Mock {
  return jest.fn((options: PaymentParams & { success?: Callback; fail?: Callback; complete?: Callback }) => {
    const { success, fail, complete, ...params } = options
    return new Promise((resolve, reject) => {
      const settle = (ok: boolean, errMsg: string): void => {
        const res = { errMsg }
        ;(ok ? success : fail)?.(res)
        complete?.(res)
        if (ok) resolve(res)
        else if (fail || complete) resolve(undefined)
        // wx's promise rejects with the {errMsg} result, not an Error: the fake does what the platform does
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
        else reject(res)
      }
      opened({
        params,
        pay: () => settle(true, 'requestPayment:ok'),
        cancel: () => settle(false, 'requestPayment:fail cancel'),
      })
    })
  })
}

interface Answer {
  path: string
  data: unknown
}

interface PayPage {
  page: LoadedPage
  /** what the server answered each wx.request, in order */
  answers: Answer[]
  /** resolves with the pay sheet once the page opens it */
  paySheet: Promise<PaySheet>
}

/** The object of the last answer to `path`. */
function answerOf<T>(answers: Answer[], path: string): T {
  const answer = answers.filter((a) => a.path === path).at(-1)
  if (!answer) throw new Error(`no answer from ${path}`)
  return (answer.data as ApiEnvelope<ObjectData<T>>).data.object
}

async function orderState(server: FastifyInstance, orderNO: string, loginData: string): Promise<OrderState> {
  const res = await server.inject({
    method: 'POST',
    url: QUERY_PATH,
    headers: FORM,
    payload: new URLSearchParams({ orderNO, loginData }).toString(),
  })
  return res.json<ApiEnvelope<ObjectData<OrderState>>>().data.object
}

function pathsRequested(page: LoadedPage): string[] {
  return page.wx.request.mock.calls.map(([options]: [{ url: string }]) => new URL(options.url).pathname)
}

describe('lesson purchase in the compiled mini-program (dist/weapp)', () => {
  let current: PayPage | undefined
  afterEach(async () => {
    await current?.page.close()
    current = undefined
  })

  /** `loginCode` is what wx.login answers: `dev:<wmid>` logs in as that seeded user, anything else as the visitor. */
  async function openPayPage(loginCode = BUYER_CODE): Promise<PayPage> {
    const answers: Answer[] = []
    let opened: (sheet: PaySheet) => void = () => undefined
    const paySheet = new Promise<PaySheet>((resolve) => (opened = resolve))
    const page = await loadPage(
      routeByName('LessonPay').page,
      { type: 'share', courseData: COURSE, payType: '1' },
      (wx: FakeWx) => {
        const forward: (options: object) => unknown = wx.request
        wx.request = jest.fn((options: { url: string; success?: (res: { data: unknown }) => void }) =>
          forward({
            ...options,
            success: (res: { data: unknown }) => {
              answers.push({ path: new URL(options.url).pathname, data: res.data })
              options.success?.(res)
            },
          }),
        )
        wx.login = jest.fn((options: { success?: (res: unknown) => void }) => options.success?.({ code: loginCode, errMsg: 'login:ok' }))
        wx.requestPayment = fakeRequestPayment(opened)
      },
    )
    current = { page, answers, paySheet }
    await page.waitFor(() => page.root.querySelectorAll('.lesson-pay__pay').length === 1)
    return current
  }

  /** Pay button and 'go pay': the page logs in with wx.login. */
  async function goPay(page: LoadedPage): Promise<void> {
    expect(page.text()).toContain(purchase['purchase.pay'].replace('{price}', '19.90'))
    await tap(all(page, '.lesson-pay__pay')[0])
    await page.waitFor(() => page.root.querySelectorAll('.pay-dialog__go-pay').length === 1)
    await tap(all(page, '.pay-dialog__go-pay')[0])
  }

  /** Pay button, 'go pay', then the safety confirm's pay: the page creates the order and opens the pay sheet. */
  async function payUpToSheet(pay: PayPage, options: { bound?: boolean } = {}): Promise<PaySheet> {
    const { page, paySheet } = pay
    if (!options.bound) {
      await goPay(page)
      await page.waitFor(() => page.root.querySelectorAll('.pay-confirm__pay').length === 1)
      expect(page.wx.login).toHaveBeenCalledTimes(1)
      // a product user goes straight to the safety confirm: no phone binding
      expect(page.root.querySelectorAll('.bind-dialog__mask')).toHaveLength(0)
    }
    await tap(all(page, '.pay-confirm__pay')[0])
    const sheet = await paySheet
    expect(page.wx.requestPayment).toHaveBeenCalledTimes(1)
    // nothing is confirmed while the sheet is open
    await page.waitFor(() => page.root.querySelectorAll('.pay-paying').length === 1)
    return sheet
  }

  it('pays with the order the server created and shows the purchase once the server confirms it', async () => {
    const pay = await openPayPage()
    const { page, answers } = pay
    const sheet = await payUpToSheet(pay)

    const loginData = answerOf<LoginData>(answers, loginCalls.weappLogin.path)
    expect(loginData.isWeMaiUser).toBe(1)
    const order = answerOf<PayConfig>(answers, CREATE_PATH)
    expect(order.isBought).toBe(0)
    expect(order.totalFee).toBe(1990)
    expect(sheet.params).toEqual({
      timeStamp: order.timeStamp,
      nonceStr: order.nonceStr,
      package: order.package,
      signType: order.signType,
      paySign: order.sign,
    })
    // what the sheet gets is signed as WeChat Pay v3 checks it: RSA-SHA256 of appId, timeStamp,
    // nonceStr and package under the merchant key, with the prepay id WeChat Pay (its stand-in) gave
    const { timeStamp, nonceStr, signType, paySign } = sheet.params
    expect(signType).toBe('RSA')
    expect(sheet.params.package).toMatch(/^prepay_id=wx\w+$/)
    const message = `${order.appId}\n${timeStamp}\n${nonceStr}\n${sheet.params.package}\n`
    expect(createVerify('RSA-SHA256').update(message).verify(createPublicKey(DEMO_MERCHANT_KEY), paySign, 'base64')).toBe(true)
    // no order query while the sheet is open
    expect(pathsRequested(page)).not.toContain(QUERY_PATH)
    // the server has the order, still unpaid, and the page does not claim otherwise
    expect((await orderState(page.server, order.orderNO, loginData.loginData)).orderStatus).toBe(0)
    expect(page.root.querySelectorAll('.lesson-pay--purchased')).toHaveLength(0)
    expect(page.text()).not.toContain(purchase['purchase.purchased'])

    // WeChat's notification reaches the server before the pay sheet closes
    const paid = await page.server.inject({ method: 'POST', url: devCalls.sandboxPay.path, headers: FORM, payload: `orderNO=${order.orderNO}` })
    expect(paid.json<ApiEnvelope<ObjectData<OrderState>>>().data.object.orderStatus).toBe(1)
    sheet.pay()

    await page.waitFor(() => page.root.querySelectorAll('.lesson-pay--purchased').length === 1)
    // the first query found the order paid
    expect(pathsRequested(page).filter((p) => p === QUERY_PATH)).toHaveLength(1)
    expect(answerOf<OrderState>(answers, QUERY_PATH).orderStatus).toBe(1)
    expect(page.text()).toContain(purchase['purchase.purchased'])
    expect(page.root.querySelectorAll('.lesson-pay__view-course')).toHaveLength(1)
    expect(page.root.querySelectorAll('.lesson-pay__pay, .pay-dialog__mask')).toHaveLength(0)
  })

  it('does not show the purchase when WeChat says ok but the server never confirms the order', async () => {
    const pay = await openPayPage()
    const { page, answers } = pay
    const sheet = await payUpToSheet(pay)
    sheet.pay()

    await page.waitFor(() => page.root.querySelectorAll('.pay-unconfirmed').length === 1, 10000)
    expect(page.text()).toContain(purchase['purchase.unconfirmed'])
    expect(page.root.querySelectorAll('.lesson-pay--purchased')).toHaveLength(0)
    const queries = answers.filter((a) => a.path === QUERY_PATH)
    expect(queries.length).toBeGreaterThan(1)
    expect(queries.every((q) => (q.data as ApiEnvelope<ObjectData<OrderState>>).data.object.orderStatus === 0)).toBe(true)
  }, 20000)

  it('stays unpaid when the user closes the pay sheet', async () => {
    const pay = await openPayPage()
    const { page, answers } = pay
    const sheet = await payUpToSheet(pay)
    sheet.cancel()

    await page.waitFor(() => page.root.querySelectorAll('.pay-dialog__mask').length === 0)
    expect(page.root.querySelectorAll('.lesson-pay--pay')).toHaveLength(1)
    expect(page.root.querySelectorAll('.lesson-pay__pay')).toHaveLength(1)
    expect(page.root.querySelectorAll('.lesson-pay--purchased')).toHaveLength(0)
    // a cancelled sheet is not a payment: the order is not even asked about
    expect(pathsRequested(page)).not.toContain(QUERY_PATH)
    const order = answerOf<PayConfig>(answers, CREATE_PATH)
    const loginData = answerOf<LoginData>(answers, loginCalls.weappLogin.path)
    expect((await orderState(page.server, order.orderNO, loginData.loginData)).orderStatus).toBe(0)
  })

  it('has a visitor bind a phone with the SMS code before paying', async () => {
    const pay = await openPayPage('simulate-code')
    const { page, answers } = pay
    await goPay(page)
    await page.waitFor(() => page.root.querySelectorAll('.bind-dialog__phone').length === 1)
    expect(answerOf<LoginData>(answers, loginCalls.weappLogin.path).isWeMaiUser).toBe(0)
    expect(page.root.querySelectorAll('.pay-confirm__pay')).toHaveLength(0)

    const phone = '13900001234'
    await typeInto(all(page, '.bind-dialog__phone')[0], phone)
    await tap(all(page, '.bind-dialog__get-code')[0])
    // the code is stored when the call answers, not when it is sent: wait for the answer
    await page.waitFor(() => answers.some((answer) => answer.path === '/wmim/course/v2/phone/sendSms.do'))
    const sms = await page.server.inject({ method: 'GET', url: `/dev/sms/last.do?phone=${phone}&interCode=86` })
    expect(sms.statusCode).toBe(200)
    const { code } = sms.json<ApiEnvelope<ObjectData<{ code: string }>>>().data.object
    await typeInto(all(page, '.bind-dialog__code')[0], code)
    await tap(all(page, '.bind-dialog__confirm')[0])
    await page.waitFor(() => page.root.querySelectorAll('.bind-dialog__done').length === 1)
    expect(pathsRequested(page)).toContain('/wmim/course/v2/phone/bind.do')
    await tap(all(page, '.bind-dialog__done')[0])
    await page.waitFor(() => page.root.querySelectorAll('.pay-confirm__pay').length === 1)

    const sheet = await payUpToSheet(pay, { bound: true })
    const order = answerOf<PayConfig>(answers, CREATE_PATH)
    expect(sheet.params.package).toBe(order.package)
    expect(order.package).toMatch(/^prepay_id=wx\w+$/)
    expect(sheet.params.paySign).toBe(order.sign)
    const visitor = await page.server.db.one<{ phone: string; product: number }>('SELECT phone, is_product_user AS product FROM users WHERE wmid = ?', [
      'wm_visitor',
    ])
    expect(visitor).toEqual({ phone, product: 1 })
    sheet.cancel()
    await page.waitFor(() => page.root.querySelectorAll('.pay-dialog__mask').length === 0)
  })
})
