/**
 * Which WeChat Pay product an order is placed with. A phone browser outside WeChat has no
 * WeixinJSBridge to confirm a JSAPI payment, and WeChat's own browser shows a lesson's
 * open-in-browser screen (spec 000 §3), so without the development sandbox such a buyer gets H5
 * pay: WeChat Pay's cashier page (`h5Url`). WeChat's browser and the mini-program keep JSAPI.
 * The app runs without development routes (as production does), its WeChat Pay the demo merchant's
 * stand-in on the app itself.
 */
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import type { ObjectData } from '../../types/api'
import type { PayConfig } from '../../types/purchase'
import { testDatabase } from './engines'
import { IPHONE_UA, WECHAT_UA } from '../fixtures/userAgents'
import { LOGIN, ORDER_CREATE, post } from './helpers'

describe('the pay product an order is placed with, without the development sandbox', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await buildApp({ database: await testDatabase(), staticDir: '/nonexistent', dev: false })
  })
  afterAll(() => app.close())
  beforeEach(async () => {
    await app.db.run("DELETE FROM orders WHERE wmid = 'wm_buyer'")
  })

  const create = (headers: Record<string, string>, fields: Record<string, string> = {}) =>
    post<ObjectData<PayConfig>>(app, ORDER_CREATE, { courseData: 'demo-paid', loginData: LOGIN.buyer, ...fields }, { host: 'lesson.example', ...headers })
  const order = async (headers: Record<string, string>) => {
    const answer = await create(headers)
    expect(answer.body.code).toBe(200)
    return answer.body.data.object
  }
  const tradeType = async (orderNO: string) =>
    (await app.db.one<{ tradeType: string }>('SELECT trade_type AS "tradeType" FROM standin_wxpay_transactions WHERE out_trade_no = ?', [orderNO]))?.tradeType

  it('gives a browser outside WeChat H5 pay: the cashier page, no JSAPI parameters', async () => {
    const config = await order({ 'user-agent': IPHONE_UA })
    expect(config).toMatchObject({ isBought: 0, totalFee: 990, appId: '', package: '', sign: '' })
    expect(config.h5Url).toMatch(/^http:\/\/lesson\.example\/standin\/wechat-pay\/checkout\?prepay_id=wx\w+$/)
    expect(await tradeType(config.orderNO)).toBe('MWEB')
  })

  it('keeps JSAPI in WeChat\'s browser and in the mini-program', async () => {
    const inWechat = await order({ 'user-agent': WECHAT_UA })
    expect(inWechat.h5Url).toBeUndefined()
    expect(inWechat.package).toMatch(/^prepay_id=wx\w+$/)
    expect(await tradeType(inWechat.orderNO)).toBe('JSAPI')
    await app.db.run("DELETE FROM orders WHERE wmid = 'wm_buyer'")
    // the mini-program's JSAPI needs the buyer's mini-program openid, which this buyer has not: no H5 pay instead
    const prepays = () => app.db.one<{ n: number }>('SELECT count(*) AS n FROM standin_wxpay_transactions')
    const before = await prepays()
    const miniProgram = await create({ 'user-agent': IPHONE_UA }, { platform: 'weapp-android' })
    expect(miniProgram.body.code).toBe(403)
    expect(await prepays()).toEqual(before)
  })

  it('answers bought when the buyer comes back from the cashier before WeChat Pay\'s notification and taps pay again', async () => {
    const first = await order({ 'user-agent': IPHONE_UA })
    // WeChat Pay took the money; its notification has not arrived yet
    await app.db.run(
      "UPDATE standin_wxpay_transactions SET trade_state = 'SUCCESS', transaction_id = 'early-1', success_time = '2026-11-26T10:00:00+08:00' WHERE out_trade_no = ?",
      [first.orderNO],
    )
    const again = await order({ 'user-agent': IPHONE_UA })
    expect(again).toMatchObject({ isBought: 1, package: '' })
    expect(again.h5Url).toBeUndefined()
    expect(await app.db.one('SELECT status FROM orders WHERE order_no = ?', [first.orderNO])).toEqual({ status: 1 })
  })
})
