/**
 * Issue 31's production-mode journey in Chromium, against the stand-ins. The server runs with
 * production mode's settings (no demo data, no development routes, no stand-ins of its own) and an
 * empty database; the lesson comes in through the content area's importer, as `npm run import`
 * writes it. Every outside service is a stand-in served by a separate app on another port, as the
 * providers are other sites: WeChat's login hosts, WeChat Pay, Tencent Cloud SMS. The production
 * server reaches them over HTTP with its real clients, and WeChat Pay's stand-in sends its signed,
 * sealed notifications back to the production server's notify URL over HTTP.
 *
 * The path is a phone browser's outside WeChat (WeChat's own browser shows a lesson's
 * open-in-browser screen, spec 000 §3): WeChat's authorisation logs the visitor in, the code the
 * SMS stand-in delivered binds a phone, and the lesson is paid on WeChat Pay's H5 cashier page,
 * which sends the buyer back to the lesson. Nothing is mocked in the browser. The operator's refund
 * is `npm run refund`'s function.
 */
import type { FastifyInstance } from 'fastify'
import { DEMO_WECHAT } from '../../server/core/wechat'
import { refundOrder } from '../../server/purchase/refund'
import type { DeliveredSms } from '../../server/outside/tencentSms/standin'
import { standinBase } from '../../server/outside/standinPath'
import { WECHAT_PAY_STANDIN } from '../../server/outside/wechatPay/settings'
import { EXPORT_AUTHOR, header, message, tempDir, writeJsonExport } from '../fixtures/contentExport'
import { startProductionE2E, type E2E, type ProductionE2E } from './harness'
import { shown } from './browserState'

jest.setTimeout(180000)

const PHONE = '13912345678'
const PAID_TEXT = '付费后才看得到的第二句。'

describe('production journey in Chromium against the stand-ins elsewhere (H5, 375x812)', () => {
  let production: ProductionE2E
  let e2e: E2E
  let server: FastifyInstance
  let baseUrl = ''
  let providersOrigin: string
  let courseData: string

  beforeAll(async () => {
    // the providers: an app of their own on another port, serving only the stand-ins; the demo
    // merchant's keys, talking to WeChat Pay over HTTP; notifications go to this server's origin
    production = await startProductionE2E('production-journey')
    ;({ e2e, providersOrigin } = production)
    server = e2e.server
    baseUrl = e2e.baseUrl

    // the operator's import (npm run import): a paid lesson, 9.90 yuan, its first message free
    courseData = await production.importLesson(
      writeJsonExport(
        header({ exportId: 'production-journey', courseName: '生产环境的付费课', privacyStatus: 3, fee: 990, freeCount: 1 }),
        [message(1, 1000, { content: '第一句免费，大家好。' }), message(2, 1000, { content: PAID_TEXT })],
        tempDir(),
      ),
    )
  })
  afterAll(async () => {
    await production?.close()
  })

  /** What the SMS stand-in delivered to the phone, newest first: the phone's inbox. */
  const inbox = (): Promise<DeliveredSms[]> => production.inbox(PHONE)
  const sellerIncome = () =>
    server.db.all<{ amount: number; refunded: number }>('SELECT amount, refunded FROM income_entries WHERE wmid = ? AND kind = 1', [EXPORT_AUTHOR])

  it('logs in through OAuth, binds a phone with the SMS code, pays the lesson on the H5 cashier, and loses it to a refund', async () => {
    const page = await e2e.newPage()

    // 1. WeChat's authorisation, on WeChat's site, and back on /profile, logged in
    await page.goto('/profile')
    await shown(page, '.state-view__title').filter({ hasText: '未登录' }).waitFor()
    await shown(page, '.profile__login').click()
    await page.waitForURL((url) => url.origin === providersOrigin)
    await e2e.screenshot(page, 'production-journey-1-authorize', { audit: false })
    await page.locator('button[value="wm_visitor"]').click()
    // someone new is asked for nickname and picture too
    await page.waitForURL((url) => url.origin === providersOrigin && url.searchParams.get('scope') === 'snsapi_userinfo')
    await page.locator('button[value="wm_visitor"]').click()
    await page.waitForURL((url) => url.origin === baseUrl && url.pathname === '/profile')

    // 2. someone new binds a phone: the code is the one the SMS stand-in delivered
    await shown(page, '.bind-dialog').first().waitFor()
    await e2e.screenshot(page, 'production-journey-2-bind')
    expect(await inbox()).toEqual([])
    await shown(page, '.bind-dialog__phone input').fill(PHONE)
    await shown(page, '.bind-dialog__get-code').click()
    await shown(page, '.bind-dialog__get-code').filter({ hasText: 's 后重发' }).waitFor()
    const delivered = await inbox()
    expect(delivered).toHaveLength(1)
    expect(delivered[0].param).toMatch(/^\d{6}$/)
    await shown(page, '.bind-dialog__code input').fill(delivered[0].param)
    await shown(page, '.bind-dialog__confirm').click()
    // bound: /profile is the product user's now
    await shown(page, '.bind-dialog').first().waitFor({ state: 'hidden' })
    await page.getByText('退出登录').waitFor()
    await e2e.screenshot(page, 'production-journey-2-bound')
    const buyer = await server.db.one<{ wmid: string; phone: string }>('SELECT wmid, phone FROM users WHERE phone = ?', [PHONE])
    expect(buyer?.wmid).toBeTruthy()

    // 3. the paid lesson: its free message, then WeChat Pay's H5 cashier, and back to the whole lesson
    await page.goto(`/lesson/1?courseData=${courseData}`)
    await page.getByText('第一句免费，大家好。').waitFor()
    expect(await page.getByText(PAID_TEXT).count()).toBe(0)
    await e2e.screenshot(page, 'production-journey-3-preview')
    await shown(page, '.lesson-preview-bar__button').filter({ hasText: '查看完整课程' }).click()
    await shown(page, '.pay-dialog__go-pay').click()
    await shown(page, '.pay-dialog__title').filter({ hasText: '安全提示' }).waitFor()
    await shown(page, '.pay-confirm__pay').click()
    await page.waitForURL((url) => url.origin === providersOrigin && url.pathname.endsWith('/checkout'))
    await e2e.screenshot(page, 'production-journey-3-cashier', { audit: false })
    // the cashier of the H5 prepay, told to send the buyer back to the lesson (redirect_url)
    const cashier = new URL(page.url())
    expect(cashier.pathname).toBe(`${standinBase(WECHAT_PAY_STANDIN)}/checkout`)
    expect(cashier.searchParams.get('prepay_id')).toMatch(/^wx\w+$/)
    expect(cashier.searchParams.get('redirect_url')).toBe(`${baseUrl}/lesson/1?courseData=${courseData}`)
    const opened = await server.db.all<{ orderNO: string; status: number; totalFee: number }>(
      'SELECT order_no AS "orderNO", status, total_fee AS "totalFee" FROM orders WHERE wmid = ?',
      [String(buyer?.wmid)],
    )
    // one order, nothing paid before the buyer confirms at WeChat Pay
    expect(opened).toEqual([{ orderNO: expect.any(String) as string, status: 0, totalFee: 990 }])
    const order = opened[0]
    await page.getByRole('button', { name: /确认支付 ¥9\.90/ }).click()

    // WeChat Pay sends the buyer back to the lesson; its notification has paid the order by then
    await page.waitForURL((url) => url.origin === baseUrl && url.pathname === '/lesson/1' && url.searchParams.get('courseData') === courseData)
    await page.getByText(PAID_TEXT).waitFor()
    expect(await shown(page, '.lesson-preview-bar').count()).toBe(0)
    await e2e.screenshot(page, 'production-journey-3-paid')
    const transaction = await production.providers.db.one('SELECT trade_type AS "tradeType", trade_state AS "tradeState", total FROM standin_wxpay_transactions WHERE out_trade_no = ?', [
      order.orderNO,
    ])
    expect(transaction).toEqual({ tradeType: 'MWEB', tradeState: 'SUCCESS', total: 990 })
    expect(await server.db.one('SELECT status, notify_count AS "notifyCount" FROM orders WHERE order_no = ?', [order.orderNO])).toEqual({ status: 1, notifyCount: 1 })
    expect(await sellerIncome()).toEqual([{ amount: expect.any(Number) as number, refunded: 0 }])

    // 4. the operator refunds the order (npm run refund's function): the seller's income is reversed, the buyer loses the lesson
    const refund = await refundOrder(server, production.pay, DEMO_WECHAT, order.orderNO, '退款')
    expect(refund.ok).toBe(true)
    // the refund lands on WeChat Pay's SUCCESS, in its answer or in the notification that follows
    const orderStatus = async () => (await server.db.one<{ status: number }>('SELECT status FROM orders WHERE order_no = ?', [order.orderNO]))?.status
    for (let tries = 0; tries < 50 && (await orderStatus()) !== 4; tries++) await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await orderStatus()).toBe(4)
    expect(await sellerIncome()).toEqual([{ amount: expect.any(Number) as number, refunded: 1 }])
    await page.reload()
    await page.getByText('第一句免费，大家好。').waitFor()
    await shown(page, '.lesson-preview-bar__button').filter({ hasText: '查看完整课程' }).waitFor()
    expect(await page.getByText(PAID_TEXT).count()).toBe(0)
    await e2e.screenshot(page, 'production-journey-4-refunded')
  })
})
