import { payConfig } from '../../fixtures/payConfig'
import { createPaymentGateway } from '../../../src/platform/payment'
import { createShareGateway } from '../../../src/platform/share'
import { createShareApi } from '../../../src/api/share'
import { createClient } from '../../../src/api/client'

jest.mock('weixin-js-sdk', () => {
  const ready: (() => void)[] = []
  return {
    __esModule: true,
    default: {
      config: jest.fn(),
      ready: jest.fn((fn: () => void) => ready.push(fn)),
      error: jest.fn(),
      updateAppMessageShareData: jest.fn((o: { success: () => void }) => o.success()),
      updateTimelineShareData: jest.fn((o: { success: () => void }) => o.success()),
      fireReady: () => ready.splice(0).forEach((fn) => fn()),
    },
  }
})

const wx = jest.requireMock<{ default: Record<string, jest.Mock> & { fireReady(): void } }>('weixin-js-sdk').default

const CONFIG = payConfig({ timeStamp: '1700000000', sign: 'SIGN' })

const realAgent = navigator.userAgent
function setAgent(agent: string): void {
  Object.defineProperty(window.navigator, 'userAgent', { value: agent, configurable: true })
}

type Invoke = (name: string, params: Record<string, string>, cb: (res: { err_msg: string }) => void) => void

describe('H5 payment in WeChat (WeixinJSBridge)', () => {
  beforeEach(() => setAgent('Mozilla/5.0 MicroMessenger/8.0.40'))
  afterEach(() => {
    setAgent(realAgent)
    delete (window as unknown as { WeixinJSBridge?: unknown }).WeixinJSBridge
  })

  function installBridge(errMsg: string): jest.Mock {
    const invoke = jest.fn<void, Parameters<Invoke>>((_name, _params, cb) => cb({ err_msg: errMsg }))
    Object.assign(window, { WeixinJSBridge: { invoke } })
    return invoke
  }

  it.each([
    ['get_brand_wcpay_request:ok', 'ok'],
    ['get_brand_wcpay_request:cancel', 'cancel'],
    ['get_brand_wcpay_request:fail', 'fail'],
  ])('maps %s to %s and sends the order parameters', async (errMsg, outcome) => {
    const invoke = installBridge(errMsg)
    const sandboxPay = jest.fn()
    await expect(createPaymentGateway({ sandboxPay }).pay(CONFIG)).resolves.toBe(outcome)
    expect(invoke).toHaveBeenCalledWith(
      'getBrandWCPayRequest',
      { appId: 'wx1', timeStamp: '1700000000', nonceStr: 'n', package: 'prepay_id=1', signType: 'RSA', paySign: 'SIGN' },
      expect.any(Function),
    )
    expect(sandboxPay).not.toHaveBeenCalled()
  })

  it('waits for WeixinJSBridgeReady when the bridge is not there yet', async () => {
    const paying = createPaymentGateway({ sandboxPay: jest.fn() }).pay(CONFIG)
    await Promise.resolve()
    const invoke = installBridge('get_brand_wcpay_request:ok')
    document.dispatchEvent(new Event('WeixinJSBridgeReady'))
    await expect(paying).resolves.toBe('ok')
    expect(invoke).toHaveBeenCalledTimes(1)
  })
})

it('outside WeChat a build without the sandbox reports a failed payment', async () => {
  const sandboxPay = jest.fn()
  await expect(createPaymentGateway({ sandboxPay }).pay(CONFIG)).resolves.toBe('fail')
  expect(sandboxPay).not.toHaveBeenCalled()
})

describe('H5 sharing', () => {
  afterEach(() => setAgent(realAgent))

  it('inside WeChat signs the URL without its fragment and sets the share data', async () => {
    setAgent('Mozilla/5.0 MicroMessenger/8.0.40')
    window.history.replaceState(null, '', '/lesson?courseData=demo#top')
    const shareConfig = jest.fn(async () => ({ appId: 'wx1', timestamp: 1, nonceStr: 'n', signature: 'sig' }))
    const done = createShareGateway({ shareConfig }).setShareContent({
      title: 'Lesson',
      desc: 'exported',
      imageUrl: 'https://img/c.png',
      link: 'https://site/lessonPay/share/demo/1',
    })
    await new Promise((resolve) => setTimeout(resolve, 0))
    wx.fireReady()
    await done
    expect(shareConfig).toHaveBeenCalledWith(`${window.location.origin}/lesson?courseData=demo`)
    expect(wx.config).toHaveBeenCalledWith(expect.objectContaining({ appId: 'wx1', signature: 'sig', timestamp: 1, nonceStr: 'n' }))
    expect(wx.updateAppMessageShareData).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Lesson', desc: 'exported', link: 'https://site/lessonPay/share/demo/1', imgUrl: 'https://img/c.png' }),
    )
    expect(wx.updateTimelineShareData).toHaveBeenCalledWith(expect.objectContaining({ title: 'Lesson', imgUrl: 'https://img/c.png' }))
  })

  it('skips silently when the config call answers 505 (undefined), and never asks outside WeChat', async () => {
    wx.config.mockClear()
    setAgent('Mozilla/5.0 MicroMessenger/8.0.40')
    const skipped = jest.fn(async () => undefined)
    await createShareGateway({ shareConfig: skipped }).setShareContent({ title: 'a', desc: 'b', imageUrl: '', link: 'l' })
    expect(skipped).toHaveBeenCalledTimes(1)
    expect(wx.config).not.toHaveBeenCalled()

    setAgent('Mozilla/5.0 Chrome')
    const outside = jest.fn(async () => undefined)
    await createShareGateway({ shareConfig: outside }).setShareContent({ title: 'a', desc: 'b', imageUrl: '', link: 'l' })
    expect(outside).not.toHaveBeenCalled()
  })
})

it('the share-config call answers undefined for code 505, without a toast', async () => {
  const toast = jest.fn()
  const { post } = createClient({
    baseUrl: () => '',
    request: async () => ({ statusCode: 200, data: { code: 505, msg: 'not configured', data: null } }),
    toast,
    goProfile: jest.fn(),
    goVipAlert: jest.fn(),
    sessionHeaders: () => ({}),
    clearSession: jest.fn(),
    messages: { networkError: () => 'n', timeout: () => 't', badResponse: () => 'b' },
  })
  await expect(createShareApi(post).shareConfig('https://site/lesson')).resolves.toBeUndefined()
  expect(toast).not.toHaveBeenCalled()
})
