import { createPublicKey, createVerify } from 'node:crypto'
import { DEMO_MERCHANT_KEY } from '../../server/outside/wechatPay/settings'
import { startE2E, type E2E } from './harness'
import { loggedInAs, seedStorage, shown } from './browserState'

jest.setTimeout(90000)

/**
 * WeChat Pay API v3 in Chromium (issue 31 item 2): the order call places a JSAPI prepay at WeChat
 * Pay's stand-in and answers the pay parameters with an RSA paySign; the browser outside WeChat
 * pays in the demo's sandbox (its confirm dialog), which asks the stand-in to pay, and the
 * stand-in's signed, sealed notification reaches the server's notify route. The lesson unlocks
 * only once the server has the order paid. (WeChat's own browser shows every lesson's
 * open-in-browser screen, spec 000 §3, so it sells nothing there.)
 */

interface CreatedOrder {
  data: { object: { appId: string; timeStamp: string; nonceStr: string; package: string; signType: string; sign: string; orderNO: string } }
}

describe('paying a lesson through WeChat Pay v3 (its stand-in)', () => {
  let e2e: E2E
  beforeAll(async () => {
    e2e = await startE2E()
  })
  afterAll(async () => {
    await e2e?.close()
  })

  it('prepays, signs the pay parameters, and unlocks the lesson once the signed notification arrives', async () => {
    await e2e.server.db.run("DELETE FROM orders WHERE wmid = 'wm_buyer'")
    const page = await e2e.newPage()
    await seedStorage(page, loggedInAs({ loginData: 'login-buyer', token: 'token-buyer', userid: 'wm_buyer' }))
    const created: CreatedOrder[] = []
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/wmim/course/v2/order/create.do') void response.json().then((body: CreatedOrder) => created.push(body))
    })

    await page.goto('/lesson/1?courseData=demo-paid')
    await shown(page, '.lesson-preview-bar__button').filter({ hasText: '查看完整课程' }).click()
    await shown(page, '.pay-dialog__go-pay').click()
    await shown(page, '.pay-dialog__title').filter({ hasText: '安全提示' }).waitFor()
    await shown(page, '.pay-confirm__pay').click()
    // outside WeChat, the demo build's sandbox stands in for the buyer confirming in WeChat
    const sandbox = shown(page, '.taro-modal__content')
    await sandbox.locator('.taro-modal__title', { hasText: '模拟支付（开发环境）' }).waitFor()
    await sandbox.locator('.taro-model__confirm').click()

    // paid, as the server now says: the purchased state, and the whole lesson behind it
    await shown(page, '.lesson-pay__purchased').filter({ hasText: '已购买' }).waitFor()
    // the sandbox's dialog fades out: the screenshot should show the page settled
    await shown(page, '.taro-modal__content').waitFor({ state: 'hidden' })
    await e2e.screenshot(page, 'pay-v3-paid')
    await shown(page, '.lesson-pay__view-course').click()
    await page.getByText('好，正式开始。第一部分：提出请求。').waitFor()
    await shown(page, '.lesson-pay__view-course').waitFor({ state: 'hidden' })
    // the lesson's page has slid in
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.taro_page')].some((p) => p.getBoundingClientRect().left === 0 && p.textContent?.includes('好，正式开始')),
    )
    expect(await shown(page, '.lesson-preview-bar').count()).toBe(0)
    await e2e.screenshot(page, 'pay-v3-whole-lesson')

    expect(created).toHaveLength(1)
    const order = created[0].data.object
    expect(order.signType).toBe('RSA')
    expect(order.package).toMatch(/^prepay_id=wx\w+$/)
    const message = `${order.appId}\n${order.timeStamp}\n${order.nonceStr}\n${order.package}\n`
    expect(createVerify('RSA-SHA256').update(message).verify(createPublicKey(DEMO_MERCHANT_KEY), order.sign, 'base64')).toBe(true)
    // WeChat Pay (the stand-in) has the payment, and its one notification paid the order once
    const transaction = await e2e.server.db.one<{ tradeState: string; total: number }>(
      'SELECT trade_state AS "tradeState", total FROM standin_wxpay_transactions WHERE out_trade_no = ?',
      [order.orderNO],
    )
    expect(transaction).toEqual({ tradeState: 'SUCCESS', total: 990 })
    const paid = await e2e.server.db.one<{ status: number; notifyCount: number }>('SELECT status, notify_count AS "notifyCount" FROM orders WHERE order_no = ?', [
      order.orderNO,
    ])
    expect(paid).toEqual({ status: 1, notifyCount: 1 })
  })
})
