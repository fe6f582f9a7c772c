/**
 * An order asked for again (a retry, a second tap, ten at once): its JSAPI prepay is reused for an
 * hour with the very parameters it was signed with, rather than asking WeChat Pay and signing anew,
 * and WeChat Pay is asked whether it is paid meanwhile at most once in ORDER_CHECK_INTERVAL_MS.
 * WeChat Pay is the demo merchant's stand-in on the app itself.
 */
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { OrderRepository } from '../../server/purchase/data'
import { ORDER_CHECK_INTERVAL_MS, PREPAY_REUSE_MS } from '../../server/purchase/routes'
import type { ObjectData } from '../../types/api'
import type { PayConfig } from '../../types/purchase'
import { testDatabase } from './engines'
import { WECHAT_UA } from '../fixtures/userAgents'
import { LOGIN, ORDER_CREATE, post } from './helpers'

describe('an order asked for again', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await buildApp({ database: await testDatabase(), staticDir: '/nonexistent', dev: false })
  })
  afterAll(() => app.close())
  beforeEach(async () => {
    await app.db.run("DELETE FROM orders WHERE wmid = 'wm_buyer'")
  })

  const order = async (): Promise<PayConfig> => {
    const answer = await post<ObjectData<PayConfig>>(app, ORDER_CREATE, { courseData: 'demo-paid', loginData: LOGIN.buyer }, { 'user-agent': WECHAT_UA })
    expect(answer.body.code).toBe(200)
    return answer.body.data.object
  }
  const payAtWechat = (orderNO: string) =>
    app.db.run("UPDATE standin_wxpay_transactions SET trade_state = 'SUCCESS', transaction_id = ?, success_time = '2026-11-26T10:00:00+08:00' WHERE out_trade_no = ?", [`t-${orderNO}`, orderNO])

  it('pays with the parameters first signed, for an hour; after it, with a new signature', async () => {
    const first = await order()
    const again = await Promise.all(Array.from({ length: 10 }, () => order()))
    for (const config of again) expect(config).toEqual(first)
    // an hour on, the prepay is asked for and signed anew (WeChat Pay keeps a prepay_id two hours)
    await app.db.run('UPDATE order_prepays SET created_at = created_at - ? WHERE order_no = ?', [PREPAY_REUSE_MS + 1, first.orderNO])
    const later = await order()
    expect(later).toMatchObject({ orderNO: first.orderNO, isBought: 0 })
    expect(later.nonceStr).not.toBe(first.nonceStr)
  })

  it('asks WeChat Pay whether it is paid at most once in the interval, and finds the payment after it', async () => {
    const first = await order()
    // the second call asks WeChat Pay (nothing paid yet) and records that it asked
    expect(await order()).toMatchObject({ isBought: 0 })
    await payAtWechat(first.orderNO)
    // within the interval the last word stands: the pay sheet, which WeChat Pay would say is paid
    expect(await order()).toMatchObject({ isBought: 0, orderNO: first.orderNO })
    await app.db.run('UPDATE order_checks SET checked_at = checked_at - ? WHERE order_no = ?', [ORDER_CHECK_INTERVAL_MS + 1, first.orderNO])
    expect(await order()).toMatchObject({ isBought: 1 })
    expect(await app.db.one('SELECT status FROM orders WHERE order_no = ?', [first.orderNO])).toEqual({ status: 1 })
  })

  it('lets one of 50 callers at once ask WeChat Pay', async () => {
    const now = Date.now()
    const orders = new OrderRepository(app.db)
    const claims = await Promise.all(Array.from({ length: 50 }, () => orders.claimCheck('LP-claims', now, now - ORDER_CHECK_INTERVAL_MS)))
    expect(claims.filter(Boolean)).toHaveLength(1)
    expect(await orders.claimCheck('LP-claims', now + ORDER_CHECK_INTERVAL_MS + 1, now + 1)).toBe(true)
  })
})
