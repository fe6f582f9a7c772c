/**
 * @jest-environment jsdom
 */
/**
 * /test and /testWmJsApi in the compiled mini-program (issue 14). wx.request goes to the real
 * server; the pay sheet, the clipboard and the share menu are faked at the wx edge (the pay sheet
 * pays through the server's sandbox, as WeChat's notification would).
 */
import { loadPage, optionsOf, type LoadedPage } from './harness'
import { stringMatching } from '../matchers'
import { all, tap } from './taroTree'

/** The page's buttons once it has rendered: user info, copy, paste, pay. */
async function buttons(page: LoadedPage) {
  await page.waitFor(() => page.text().includes('获取用户信息'), 10000)
  return all(page, '.tools__button')
}

type Callbacks = { success?: (res: unknown) => void; fail?: (err: unknown) => void; complete?: (res: unknown) => void }

describe('compiled /test', () => {
  let page: LoadedPage | undefined
  afterEach(async () => {
    await page?.close()
    page = undefined
  })

  it('says it is not inside the app, copies with the toast, pastes what wx reads', async () => {
    page = await loadPage('packages/misc/pages/test/index', {}, (wx) => {
      wx.getClipboardData = jest.fn((options: Callbacks = {}) => {
        const result = { data: '剪贴板里的字', errMsg: 'getClipboardData:ok' }
        if (!options.success) return Promise.resolve(result)
        options.success(result)
        return undefined
      })
    })
    const loaded = page
    const [userInfo, copy, paste] = await buttons(loaded)
    await tap(userInfo)
    await loaded.waitFor(() => loaded.text().includes('当前页面不在 App 内打开'))
    await tap(copy)
    await loaded.waitFor(() => loaded.wx.showToast.mock.calls.some(([o]: [{ title: string }]) => o.title === '复制成功'))
    expect(optionsOf(loaded.wx.setClipboardData)[0]).toMatchObject({ data: '这是一段复制测试文字' })
    await tap(paste)
    await loaded.waitFor(() => loaded.text().includes('读到的内容：剪贴板里的字'))
  })

  it('pays the test order with wx.requestPayment and shows paid once the server has the payment', async () => {
    page = await loadPage('packages/misc/pages/test/index', {}, (wx, server) => {
      wx.requestPayment = jest.fn(async (params: { package: string }) => {
        const orderNO = params.package.replace('prepay_id=', '')
        await server.inject({ method: 'POST', url: '/dev/pay/sandbox/pay.do', payload: `orderNO=${orderNO}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
        return { errMsg: 'requestPayment:ok' }
      })
    })
    const loaded = page
    await tap((await buttons(loaded))[3])
    await loaded.waitFor(() => loaded.text().includes('支付成功'), 10000)
    expect(loaded.wx.requestPayment).toHaveBeenCalledTimes(1)
    expect(optionsOf(loaded.wx.requestPayment)[0]).toMatchObject({ signType: 'RSA', package: stringMatching(/^prepay_id=TO/) })
    const orders = await loaded.server.db.all('SELECT status FROM test_orders')
    expect(orders).toEqual([{ status: 1 }])
  })

  it('says a cancelled pay sheet is cancelled', async () => {
    page = await loadPage('packages/misc/pages/test/index', {}, (wx) => {
      // wx's promise rejects with the {errMsg} result, not an Error: the fake does what the platform does
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      wx.requestPayment = jest.fn(async () => Promise.reject({ errMsg: 'requestPayment:fail cancel' }))
    })
    const loaded = page
    await tap((await buttons(loaded))[3])
    await loaded.waitFor(() => loaded.text().includes('已取消支付'), 10000)
  })
})

describe('compiled /testWmJsApi', () => {
  it('shows the share menu and lists the step', async () => {
    const page = await loadPage('packages/misc/pages/testWmJsApi/index', {})
    try {
      await page.waitFor(() => page.text().includes('小程序分享菜单'))
      expect(page.text()).toContain('成功')
      expect(page.wx.showShareMenu).toHaveBeenCalledWith(expect.objectContaining({ withShareTicket: true }))
    } finally {
      await page.close()
    }
  })
})
