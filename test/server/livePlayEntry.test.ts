/**
 * The live stream call's entry (spec 001 §7 getPayLiveUrl: courseData, fromType, loginType, orderNO,
 * loginData) and the live owner (spec 001 §4, §6), on each engine: `orderNO` names the viewer's own
 * order of this live that was just paid, which the server asks WeChat Pay about when its notification
 * has not arrived; it never opens a stream by itself, nor does `fromType`. The owner watches their
 * own paid live without buying it; nobody else gets in by naming the owner.
 */
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import type { ObjectData } from '../../types/api'
import { liveCalls } from '../../types/live'
import type { LiveInfo } from '../../types/live'
import type { PayConfig } from '../../types/purchase'
import { testDatabase } from './engines'
import { BUYER, LOGIN, ORDER_CREATE, TEACHER, post } from './helpers'
import type { Fields } from './helpers'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildApp({ database: await testDatabase(), staticDir: '/nonexistent-static-dir', dev: false })
})
afterAll(() => app.close())

const play = (fields: Fields, headers: Record<string, string> = {}) => post<ObjectData<LiveInfo>>(app, liveCalls.play.path, { fromType: 1, ...fields }, headers)
const liveOrders = async (wmid: string): Promise<number> =>
  Number((await app.db.one<{ n: number }>("SELECT count(*) AS n FROM live_orders o JOIN live_shows s ON s.sale_live_id = o.live_id WHERE s.course_data = 'live-grammar' AND o.wmid = ?", [wmid]))?.n)

/** The buyer's order of live-grammar (1500 fen, not bought), paid at WeChat Pay, whose notification has not come. */
async function paidWithoutNotification(): Promise<string> {
  const { body } = await post<ObjectData<PayConfig>>(app, ORDER_CREATE, { courseData: 'live-grammar', payType: 2, loginData: LOGIN.buyer }, { host: 'lesson.example' })
  expect(body.code).toBe(200)
  const orderNO = body.data.object.orderNO
  await app.db.run(
    "UPDATE standin_wxpay_transactions SET trade_state = 'SUCCESS', transaction_id = 'live-early-1', success_time = '2026-11-26T10:00:00+08:00' WHERE out_trade_no = ?",
    [orderNO],
  )
  return orderNO
}

describe('the live owner', () => {
  it('watches their own paid live without buying it, and is told it is bought when ordering it', async () => {
    const { body } = await play({ courseData: 'live-grammar', loginType: 1, loginData: LOGIN.teacher })
    expect(body.code).toBe(200)
    expect(body.data.object.playUrl).toContain('/hls/live-grammar/live.m3u8?token=')
    expect(body.data.object.watchData?.account).toBe('wm_teacher')
    const order = await post<ObjectData<PayConfig>>(app, ORDER_CREATE, { courseData: 'live-grammar', payType: 2, loginData: LOGIN.teacher })
    expect(order.body.data.object.isBought).toBe(1)
    expect(await liveOrders('wm_teacher')).toBe(0)
  })

  it('is nobody who only names the owner: in the body, in the session headers, or as a guest with their login', async () => {
    const pretences: Array<[Fields, Record<string, string>]> = [
      [{ loginType: 1, loginData: LOGIN.buyer, wmid: 'wm_teacher', userid: 'wm_teacher', ownerId: 'wm_teacher' }, {}],
      [{ loginType: 1, loginData: LOGIN.buyer }, TEACHER],
      [{ loginType: 1, loginData: LOGIN.buyer }, { userid: 'wm_teacher', token: BUYER.token }],
      [{ loginType: 2, loginData: LOGIN.teacher }, {}],
      [{ loginType: 2 }, TEACHER],
    ]
    for (const [fields, headers] of pretences) {
      const { body, raw } = await play({ courseData: 'live-grammar', ...fields }, headers)
      expect(body.code).toBe(403)
      expect(raw).not.toContain('m3u8')
    }
  })
})

describe('fromType and orderNO', () => {
  it("opens the stream for the buyer's just-paid order, asking WeChat Pay before its notification arrives", async () => {
    const orderNO = await paidWithoutNotification()
    expect((await play({ courseData: 'live-grammar', loginType: 1, loginData: LOGIN.buyer })).body.code).toBe(403)
    // another user naming the buyer's order gets nothing, and the order is not settled for them
    expect((await play({ courseData: 'live-grammar', loginType: 1, loginData: LOGIN.visitor, orderNO })).body.code).toBe(403)
    expect(await app.db.one('SELECT status FROM live_pay_orders WHERE order_no = ?', [orderNO])).toEqual({ status: 0 })
    // a guest naming it neither
    expect((await play({ courseData: 'live-grammar', loginType: 2, orderNO })).body.code).toBe(403)
    expect(await app.db.one('SELECT status FROM live_pay_orders WHERE order_no = ?', [orderNO])).toEqual({ status: 0 })

    const { body } = await play({ courseData: 'live-grammar', fromType: 2, loginType: 1, loginData: LOGIN.buyer, orderNO })
    expect(body.code).toBe(200)
    expect(body.data.object.playUrl).toContain('/hls/live-grammar/live.m3u8?token=')
    expect(await liveOrders('wm_buyer')).toBe(1)
    // once is once: the same order again changes nothing
    expect((await play({ courseData: 'live-grammar', loginType: 1, loginData: LOGIN.buyer, orderNO })).body.code).toBe(200)
    expect(await liveOrders('wm_buyer')).toBe(1)
  })

  it('opens nothing for an order that is not paid, of another live, or made up; fromType is 1 or 2 only', async () => {
    // LVSEED01 is the buyer's paid order of live-english: not the visitor's
    for (const orderNO of ['LV0', 'LVSEED01', "x' OR '1'='1"]) {
      expect((await play({ courseData: 'live-english', loginType: 1, loginData: LOGIN.visitor, orderNO })).body.code).toBe(403)
    }
    expect((await play({ courseData: 'live-now', fromType: 3, loginType: 2 })).body.code).toBe(400)
    expect((await play({ courseData: 'live-now', fromType: 2, loginType: 2 })).body.code).toBe(200)
  })
})
