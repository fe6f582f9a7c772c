/**
 * /test (issue 14): the real store, api module, transport and screen. Faked at the platform edge:
 * the transport's request (the server), the payment gateway (the pay sheet), the native bridge
 * (the app's web view) and the clipboard; the toast is read from its live region.
 */
import { recordToasts, type ToastRecorder } from '../toasts'
import type { RawResponse, TransportDeps } from '../../../src/api/client'
import { createTestOrderApi } from '../../../src/api/testOrder'
import { TestScreen, TestStore } from '../../../src/features/tools'
import { t } from '../../../src/locales'
import type { NativeBridge, NativeUserInfo } from '../../../src/platform/bridge'
import type { ClipboardPlatform } from '../../../src/platform/clipboard'
import type { PayOutcome } from '../../../src/platform/payment'
import type { PayConfig } from '../../../types/purchase'
import { testOrderCalls } from '../../../types/testOrder'
import { fakeTransport, testAppStores } from '../appStores'
import { $, $$, cleanup, deferred, press, render, until } from '../ui/harness'

type Request = Parameters<TransportDeps['request']>[0]

const envelope = (code: number, data: unknown, msg = ''): RawResponse => ({ statusCode: 200, data: { code, msg, data } })
const config = (orderNO: string, isBought: 0 | 1): PayConfig => ({
  appId: 'wx-dev-sandbox',
  timeStamp: '1700000000',
  nonceStr: 'n',
  package: `prepay_id=${orderNO}`,
  signType: 'RSA',
  sign: 'S',
  isBought,
  orderNO,
  totalFee: 1,
  isShowjoinQrcode: 0,
  joinQrcode: '',
  joinGroupName: '',
})

interface Rig {
  bridge?: Pick<NativeBridge, 'available' | 'getUserInfo'>
  clipboard?: ClipboardPlatform
  pay?: (config: PayConfig) => Promise<PayOutcome>
  /** the server: answers the order call for the n-th time it is asked */
  server?: (n: number, requestId: string) => RawResponse
}

function setUp(rig: Rig = {}) {
  const requests: { url: string; requestId: string }[] = []
  const pay = jest.fn<Promise<PayOutcome>, [PayConfig]>(rig.pay ?? (async () => 'ok'))
  const stores = testAppStores({
    transport: fakeTransport(async (request: Request) => {
      const requestId = new URLSearchParams(request.body).get('requestId') ?? ''
      requests.push({ url: request.url, requestId })
      return (rig.server ?? ((n) => envelope(200, { object: config('TO1', n > 1 ? 1 : 0) })))(requests.length, requestId)
    }),
    payment: () => ({ pay, restricted: () => false, orderPlatform: () => undefined }),
  })
  let ids = 0
  const store = new TestStore({
    bridge: rig.bridge ?? { available: () => false, getUserInfo: async () => null },
    clipboard: rig.clipboard ?? { copy: async () => undefined, paste: async () => 'pasted text' },
    createOrder: createTestOrderApi(stores.post).create,
    payment: stores.payment,
    newRequestId: () => `request-${(ids += 1)}`,
    messageOf: (err) => (err instanceof Error ? err.message : String(err)),
  })
  return { store, requests, pay }
}

const buttons = () => $$('.tools__button')
const button = (label: string) => buttons().find((b) => b.textContent === label) as HTMLElement
const status = (index: number) => $$('.tools__result')[index].textContent ?? ''

let toasts: ToastRecorder
beforeEach(() => {
  toasts = recordToasts()
})
afterEach(async () => {
  await cleanup()
  toasts.stop()
})

describe('getUserInfo', () => {
  it('says the page is not inside the app when the bridge is absent, without asking it', async () => {
    const getUserInfo = jest.fn()
    const { store } = setUp({ bridge: { available: () => false, getUserInfo } })
    await render(<TestScreen store={store} />)
    expect(status(0)).toBe(t('tools.test.userInfo.idle'))
    await press(`[aria-label="${t('tools.test.userInfo.get')}"]`)
    expect(status(0)).toBe(t('tools.test.userInfo.outside'))
    expect(getUserInfo).not.toHaveBeenCalled()
  })

  it('shows loading, then the app\'s answer', async () => {
    const answer = deferred<NativeUserInfo | null>()
    const { store } = setUp({ bridge: { available: () => true, getUserInfo: () => answer.promise } })
    await render(<TestScreen store={store} />)
    await press(`[aria-label="${t('tools.test.userInfo.get')}"]`)
    expect(status(0)).toBe(t('tools.test.userInfo.loading'))
    expect(button(t('tools.test.userInfo.get')).getAttribute('aria-disabled')).toBe('true')
    answer.resolve({ userid: 'wm_1', nickname: 'Li', encryptData: 'x' })
    await until(() => expect(status(0)).toBe(t('tools.test.userInfo.user', { userid: 'wm_1', nickname: 'Li' })))
  })

  it('says so when the app answers nothing usable', async () => {
    const { store } = setUp({ bridge: { available: () => true, getUserInfo: async () => null } })
    await render(<TestScreen store={store} />)
    await press(`[aria-label="${t('tools.test.userInfo.get')}"]`)
    await until(() => expect(status(0)).toBe(t('tools.test.userInfo.none')))
  })
})

describe('clipboard', () => {
  it('copies the sample and toasts copy succeeded', async () => {
    const copy = jest.fn(async () => undefined)
    const { store } = setUp({ clipboard: { copy, paste: async () => '' } })
    await render(<TestScreen store={store} />)
    await press(`[aria-label="${t('tools.test.clipboard.copyLabel', { text: t('tools.test.clipboard.sample') })}"]`)
    expect(copy).toHaveBeenCalledWith(t('tools.test.clipboard.sample'))
    expect(toasts.texts()).toEqual([t('common.copySucceeded')])
  })

  it('toasts a failed copy', async () => {
    const { store } = setUp({ clipboard: { copy: async () => Promise.reject(new Error('denied')), paste: async () => '' } })
    await render(<TestScreen store={store} />)
    await press(`[aria-label="${t('tools.test.clipboard.copyLabel', { text: t('tools.test.clipboard.sample') })}"]`)
    expect(toasts.texts()).toEqual([t('tools.test.clipboard.copyFailed')])
  })

  it.each([
    ['the text read', async () => 'hello 你好', () => t('tools.test.clipboard.pasted', { text: 'hello 你好' })],
    ['an empty clipboard', async () => '', () => t('tools.test.clipboard.empty')],
    ['a refusal', async () => Promise.reject(new Error('Read permission denied.')), () => t('tools.test.clipboard.pasteFailed', { detail: 'Read permission denied.' })],
  ])('paste shows %s', async (_name, paste, expected) => {
    const { store } = setUp({ clipboard: { copy: async () => undefined, paste } })
    await render(<TestScreen store={store} />)
    expect(status(1)).toBe(t('tools.test.clipboard.pasteIdle'))
    await press(`[aria-label="${t('tools.test.clipboard.paste')}"]`)
    await until(() => expect(status(1)).toBe(expected()))
  })
})

describe('demo payment', () => {
  const payButton = () => button(t('tools.test.pay.button', { price: '0.01' }))

  it('creates the order, pays it, and believes the server that it is paid', async () => {
    const { store, requests, pay } = setUp()
    await render(<TestScreen store={store} />)
    expect(status(2)).toBe(t('tools.test.pay.idle', { price: '0.01' }))
    await press(`[aria-label="${t('tools.test.pay.button', { price: '0.01' })}"]`)
    await until(() => expect(status(2)).toBe(t('tools.test.pay.paid', { orderNO: 'TO1' })))
    expect(pay).toHaveBeenCalledWith(expect.objectContaining({ orderNO: 'TO1', totalFee: 1 }))
    expect(requests).toEqual([
      { url: testOrderCalls.create.path, requestId: 'request-1' },
      { url: testOrderCalls.create.path, requestId: 'request-1' },
    ])
    expect($('.tools__result--ok').getAttribute('role')).toBe('status')
    expect(buttons().some((b) => b.textContent === t('tools.test.pay.again', { price: '0.01' }))).toBe(true)
  })

  it('shows the paying state and ignores a second tap while it lasts', async () => {
    const sheet = deferred<PayOutcome>()
    const { store, requests } = setUp({ pay: () => sheet.promise })
    await render(<TestScreen store={store} />)
    await press(`[aria-label="${t('tools.test.pay.button', { price: '0.01' })}"]`)
    await until(() => expect(status(2)).toBe(t('tools.test.pay.paying')))
    expect(payButton().getAttribute('aria-disabled')).toBe('true')
    await press(`[aria-label="${t('tools.test.pay.button', { price: '0.01' })}"]`)
    expect(requests).toHaveLength(1)
    sheet.resolve('cancel')
    await until(() => expect(status(2)).toBe(t('tools.test.pay.cancelled')))
  })

  it('retries a cancelled payment with the same request id, and a paid one with a new id', async () => {
    let outcome: PayOutcome = 'cancel'
    const { store, requests } = setUp({ pay: async () => outcome, server: (n) => envelope(200, { object: config('TO1', n === 3 ? 1 : 0) }) })
    await render(<TestScreen store={store} />)
    await press(`[aria-label="${t('tools.test.pay.button', { price: '0.01' })}"]`)
    await until(() => expect(status(2)).toBe(t('tools.test.pay.cancelled')))
    outcome = 'ok'
    await press(`[aria-label="${t('tools.test.pay.button', { price: '0.01' })}"]`)
    await until(() => expect(status(2)).toBe(t('tools.test.pay.paid', { orderNO: 'TO1' })))
    await press(`[aria-label="${t('tools.test.pay.again', { price: '0.01' })}"]`)
    await until(() => expect(requests).toHaveLength(5))
    expect(requests.map((r) => r.requestId)).toEqual(['request-1', 'request-1', 'request-1', 'request-2', 'request-2'])
  })

  it.each([
    ['the pay sheet fails', { pay: async (): Promise<PayOutcome> => 'fail' }, () => t('tools.test.pay.failedPay')],
    [
      'the server has no payment after the sheet said ok',
      { server: () => envelope(200, { object: config('TO1', 0) }) },
      () => t('tools.test.pay.unconfirmed'),
    ],
    ['the order call is refused', { server: () => envelope(400, null, 'bad requestId') }, () => t('tools.test.pay.failedOrder', { detail: 'bad requestId' })],
  ])('says so when %s, as an alert', async (_name, rig, expected) => {
    const { store } = setUp(rig)
    await render(<TestScreen store={store} />)
    await press(`[aria-label="${t('tools.test.pay.button', { price: '0.01' })}"]`)
    await until(() => expect(status(2)).toBe(expected()))
    expect($('.tools__result--error').getAttribute('role')).toBe('alert')
    expect(payButton().getAttribute('aria-disabled')).toBe('false')
  })

  it('does not ask the pay sheet for an order the server reports paid already', async () => {
    const { store, pay } = setUp({ server: () => envelope(200, { object: config('TO9', 1) }) })
    await render(<TestScreen store={store} />)
    await press(`[aria-label="${t('tools.test.pay.button', { price: '0.01' })}"]`)
    await until(() => expect(status(2)).toBe(t('tools.test.pay.paid', { orderNO: 'TO9' })))
    expect(pay).not.toHaveBeenCalled()
  })
})
