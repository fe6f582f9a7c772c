/**
 * Buying a paid lesson: order creation, the payment sandbox, payment notifications (genuine,
 * replayed and forged) and who may see an order.
 */
import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { ArrayData, ObjectData } from '../../types/api'
import type { LessonInfo, PictureListData, WireMessage } from '../../types/lesson'
import type { OrderState, PayConfig } from '../../types/purchase'
import { DEV_PAY_KEY } from '../../server/core/wechat'
import {
  BUYER,
  LOGIN,
  ORDER_CREATE,
  ORDER_QUERY,
  PAY_NOTIFY,
  PICTURES,
  SANDBOX_PAY,
  TEACHER,
  V2_INFO,
  V2_LIST,
  post,
  testApp,
} from './helpers'
import type { Fields } from './helpers'

let app: FastifyInstance
beforeEach(async () => {
  app = await testApp()
  // these tests count the orders they make: the money area's seeded sales are not theirs
  await app.db.run('DELETE FROM orders')
})
afterEach(() => app.close())

const md5 = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex').toUpperCase()

/** WeChat pay v2 signing as its documentation states it, written independently of the server. */
function signed(fields: Record<string, string>): Record<string, string> {
  const text = Object.keys(fields)
    .sort()
    .filter((k) => fields[k] !== '')
    .map((k) => `${k}=${fields[k]}`)
    .join('&')
  return { ...fields, sign: md5(`${text}&key=${DEV_PAY_KEY}`) }
}

function notification(orderNO: string, totalFee: number, overrides: Record<string, string> = {}): Record<string, string> {
  return signed({
    appid: 'wx-dev-sandbox',
    mch_id: '1900000109',
    nonce_str: 'n0nce',
    out_trade_no: orderNO,
    result_code: 'SUCCESS',
    return_code: 'SUCCESS',
    total_fee: String(totalFee),
    transaction_id: '4200000000000000000000000001',
    ...overrides,
  })
}

async function createOrder(fields: Fields) {
  return post<ObjectData<PayConfig>>(app, ORDER_CREATE, fields)
}

async function buyerOrder(): Promise<PayConfig> {
  const { body } = await createOrder({ courseData: 'demo-paid', loginData: LOGIN.buyer })
  expect(body.code).toBe(200)
  return body.data.object
}

async function orderStatus(orderNO: string, loginData: string = LOGIN.buyer) {
  return post<ObjectData<OrderState>>(app, ORDER_QUERY, { orderNO, loginData })
}

interface OrderRow {
  status: number
  paidAt: number | null
  notifyCount: number
}
const orderRows = (): Promise<OrderRow[]> =>
  app.db.all<OrderRow>('SELECT status, paid_at AS "paidAt", notify_count AS "notifyCount" FROM orders ORDER BY order_no')

const purchasesOfPaidLesson = async (): Promise<number> =>
  (
    (await app.db.one<{ n: number }>(
      "SELECT count(*) AS n FROM purchases p JOIN lessons l ON l.id = p.lesson_id WHERE l.course_data = 'demo-paid'",
    )) as { n: number }
  ).n

const fullList = (headers: Record<string, string>) =>
  post<ArrayData<WireMessage>>(app, V2_LIST, { courseData: 'demo-paid', page: 1, pageSize: 100 }, headers)

describe('order creation', () => {
  it('answers sandbox pay parameters signed like WeChat pay v2 for a product user', async () => {
    const config = await buyerOrder()
    expect(config).toMatchObject({
      appId: 'wx-dev-sandbox',
      signType: 'MD5',
      isBought: 0,
      totalFee: 990,
      isShowjoinQrcode: 0,
      package: `prepay_id=${config.orderNO}`,
    })
    expect(config.orderNO).toMatch(/^[A-Za-z0-9]{1,32}$/)
    expect(config.timeStamp).toMatch(/^\d{10}$/)
    expect(config.nonceStr).not.toBe('')
    const expected = md5(
      `appId=wx-dev-sandbox&nonceStr=${config.nonceStr}&package=prepay_id=${config.orderNO}` +
        `&signType=MD5&timeStamp=${config.timeStamp}&key=${DEV_PAY_KEY}`,
    )
    expect(config.sign).toBe(expected)
    expect((await orderStatus(config.orderNO)).body.data.object).toEqual({
      orderNO: config.orderNO,
      orderStatus: 0,
      isShowjoinQrcode: 0,
      joinQrcode: '',
    })
  })

  it('reuses the open order instead of creating a second one', async () => {
    const first = await buyerOrder()
    const second = await buyerOrder()
    expect(second.orderNO).toBe(first.orderNO)
    expect(await orderRows()).toHaveLength(1)
  })

  it('makes one order however many creations arrive at once', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => createOrder({ courseData: 'demo-paid', loginData: LOGIN.buyer })))
    expect(new Set(answers.map((a) => a.body.data.object.orderNO)).size).toBe(1)
    expect(await orderRows()).toHaveLength(1)
  })

  it('refuses a visitor who has not bound a phone, and creates no order', async () => {
    const { body } = await createOrder({ courseData: 'demo-paid', loginData: LOGIN.visitor })
    expect(body).toEqual({ code: 403, msg: 'please bind your phone first', data: null })
    expect(await orderRows()).toHaveLength(0)
  })

  it.each([
    ['the author', 'demo-paid', LOGIN.teacher],
    ['a buyer who owns it', 'paid-bought', LOGIN.buyer],
  ])('answers isBought 1 with nothing to pay to %s', async (_, courseData, loginData) => {
    const { body } = await createOrder({ courseData, loginData })
    expect(body.code).toBe(200)
    expect(body.data.object).toMatchObject({ isBought: 1, orderNO: '', sign: '' })
    expect(await orderRows()).toHaveLength(0)
  })

  it.each([
    ['an open lesson', 'demo-open', 400],
    ['a password lesson', 'demo-password', 400],
    ['an illegal lesson', 'demo-illegal', 451],
    ['an unknown lesson', 'no-such-course', 404],
  ])('refuses %s', async (_, courseData, code) => {
    const { body } = await createOrder({ courseData, loginData: LOGIN.buyer })
    expect(body.code).toBe(code)
    expect(body.data).toBeNull()
    expect(await orderRows()).toHaveLength(0)
  })

  it('refuses a live order: this server sells no lives', async () => {
    const { body } = await createOrder({ courseData: 'demo-paid', loginData: LOGIN.buyer, payType: 2 })
    expect(body.code).toBe(404)
  })

  it.each([
    ['an expired', LOGIN.buyerExpired],
    ['an unknown', 'login-forged'],
  ])('answers 601 to %s loginData, before anything else', async (_, loginData) => {
    const { body } = await createOrder({ courseData: 'demo-paid', loginData })
    expect(body).toEqual({ code: 601, msg: 'login expired, please log in again', data: null })
    expect((await orderStatus('LP1', loginData)).body.code).toBe(601)
  })

  it('records a real other user as the inviter and ignores a self or unknown one', async () => {
    const inviters = async (): Promise<(string | null)[]> =>
      (await app.db.all<{ i: string | null }>('SELECT inviter_wmid AS i FROM orders ORDER BY order_no')).map((r) => r.i)
    await createOrder({ courseData: 'demo-paid', loginData: LOGIN.buyer, inviterWmid: 'wm_teacher' })
    expect(await inviters()).toEqual(['wm_teacher'])
    await app.db.run('DELETE FROM orders')
    await createOrder({ courseData: 'demo-paid', loginData: LOGIN.buyer, inviterWmid: 'wm_buyer' })
    await createOrder({ courseData: 'demo-paid', loginData: LOGIN.buyer, inviterWmid: 'wm_nobody' })
    expect(await inviters()).toEqual([null])
  })
})

describe('paying in the sandbox', () => {
  it('shows the lesson\'s join-group QR code once the order is paid, never before (spec 001 §4)', async () => {
    const order = await buyerOrder()
    expect(order.joinGroupName).toBe('职场英语学习群')
    expect(order.isShowjoinQrcode).toBe(0)
    expect((await orderStatus(order.orderNO)).body.data.object).toMatchObject({ isShowjoinQrcode: 0, joinQrcode: '' })

    await post(app, SANDBOX_PAY, { orderNO: order.orderNO })
    const state = (await orderStatus(order.orderNO)).body.data.object
    expect(state).toMatchObject({ orderStatus: 1, isShowjoinQrcode: 1 })
    expect(state.joinQrcode).toMatch(/^https?:\/\/[^/]+\/media\/join-qrcode\.png$/)
    const image = await app.inject({ method: 'GET', url: new URL(state.joinQrcode).pathname })
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png'])

    // another user still cannot read the order, and a bought lesson answers its QR code at once
    expect((await orderStatus(order.orderNO, LOGIN.visitor)).body.code).not.toBe(200)
    const again = await createOrder({ courseData: 'demo-paid', loginData: LOGIN.buyer })
    expect(again.body.data.object).toMatchObject({ isBought: 1, isShowjoinQrcode: 1, joinQrcode: state.joinQrcode })
  })

  it('a lesson without a join group shows no QR code after payment', async () => {
    const { body } = await createOrder({ courseData: 'paid-bought', loginData: LOGIN.buyer })
    expect(body.data.object).toMatchObject({ isBought: 1, isShowjoinQrcode: 0, joinQrcode: '', joinGroupName: '' })
  })

  it('opens the whole paid lesson to the buyer, and nothing changes for others', async () => {
    expect((await fullList(BUYER)).body.code).toBe(601)
    const before = await post<PictureListData>(app, PICTURES, { courseData: 'demo-paid', msgTimestamp: 0 }, BUYER)
    expect(before.body.data.picArray).toHaveLength(1)

    const { orderNO } = await buyerOrder()
    const paid = await post<ObjectData<OrderState>>(app, SANDBOX_PAY, { orderNO })
    expect(paid.body.code).toBe(200)
    expect(paid.body.data.object.orderStatus).toBe(1)
    expect((await orderStatus(orderNO)).body.data.object.orderStatus).toBe(1)

    const asAuthor = await fullList(TEACHER)
    const asBuyer = await fullList(BUYER)
    expect(asBuyer.body.code).toBe(200)
    expect(asBuyer.body.data.array.map((m) => m.msgId)).toEqual(asAuthor.body.data.array.map((m) => m.msgId))
    expect(asBuyer.body.data.array).toHaveLength(25)
    const after = await post<PictureListData>(app, PICTURES, { courseData: 'demo-paid', msgTimestamp: 0 }, BUYER)
    expect(after.body.data.picArray).toHaveLength(2)
    const info = await post<ObjectData<LessonInfo>>(app, V2_INFO, { courseData: 'demo-paid' }, BUYER)
    expect(info.body.data.object.isBought).toBe(1)
    expect((await fullList({})).body.code).toBe(601)

    // nothing is left to pay
    const again = await createOrder({ courseData: 'demo-paid', loginData: LOGIN.buyer })
    expect(again.body.data.object.isBought).toBe(1)
    expect(await orderRows()).toHaveLength(1)
  })

  it('is idempotent: paying twice leaves one paid order and one purchase', async () => {
    const { orderNO } = await buyerOrder()
    await post(app, SANDBOX_PAY, { orderNO })
    const [{ paidAt }] = await orderRows()
    expect((await post(app, SANDBOX_PAY, { orderNO })).body.code).toBe(200)
    expect(await orderRows()).toEqual([{ status: 1, paidAt, notifyCount: 2 }])
    expect(await purchasesOfPaidLesson()).toBe(1)
  })

  it('refuses an unknown order', async () => {
    expect((await post(app, SANDBOX_PAY, { orderNO: 'LP0' })).body.code).toBe(404)
  })
})

describe('payment notification', () => {
  it('marks the order paid once, however often it is replayed', async () => {
    const { orderNO } = await buyerOrder()
    const note = notification(orderNO, 990)
    for (let i = 0; i < 3; i += 1) {
      const { body } = await post<ObjectData<OrderState>>(app, PAY_NOTIFY, note)
      expect(body.code).toBe(200)
      expect(body.data.object.orderStatus).toBe(1)
    }
    expect(await orderRows()).toMatchObject([{ status: 1, notifyCount: 3 }])
    expect(await purchasesOfPaidLesson()).toBe(1)
    expect((await fullList(BUYER)).body.code).toBe(200)
  })

  it('marks the order paid once when its notifications arrive at once', async () => {
    const { orderNO } = await buyerOrder()
    const answers = await Promise.all(Array.from({ length: 20 }, () => post<ObjectData<OrderState>>(app, PAY_NOTIFY, notification(orderNO, 990))))
    expect(answers.map((a) => [a.body.code, a.body.data.object.orderStatus])).toEqual(Array.from({ length: 20 }, () => [200, 1]))
    expect(await orderRows()).toMatchObject([{ status: 1, notifyCount: 20 }])
    expect(await purchasesOfPaidLesson()).toBe(1)
    expect(await app.db.all('SELECT entry_key FROM income_entries WHERE order_no = ?', [orderNO])).toEqual([{ entry_key: `S:${orderNO}` }])
  })

  const forgeries: [string, (orderNO: string) => Record<string, string>, number][] = [
    ['a wrong sign', (no) => ({ ...notification(no, 990), sign: md5('anything') }), 403],
    ['no key in the sign', (no) => ({ ...notification(no, 990), sign: md5('out_trade_no=' + no) }), 403],
    ['an amount changed after signing', (no) => ({ ...notification(no, 990), total_fee: '1' }), 403],
    ['a field added after signing', (no) => ({ ...notification(no, 990), attach: 'x' }), 403],
    ['a correctly signed wrong amount', (no) => notification(no, 1), 400],
    ['a correctly signed unknown order', () => notification('LP404', 990), 404],
  ]

  it.each(forgeries)('refuses %s and leaves the order unpaid', async (_, forge, code) => {
    const { orderNO } = await buyerOrder()
    const { body } = await post(app, PAY_NOTIFY, forge(orderNO))
    expect(body.code).toBe(code)
    expect(body.data).toBeNull()
    expect(await orderRows()).toEqual([{ status: 0, paidAt: null, notifyCount: 0 }])
    expect(await purchasesOfPaidLesson()).toBe(0)
    expect((await fullList(BUYER)).body.code).toBe(601)
  })

  it('acknowledges a failed payment without marking anything', async () => {
    const { orderNO } = await buyerOrder()
    const { body } = await post(app, PAY_NOTIFY, notification(orderNO, 990, { result_code: 'FAIL' }))
    expect(body.code).toBe(200)
    expect(await orderRows()).toMatchObject([{ status: 0 }])
    expect(await purchasesOfPaidLesson()).toBe(0)
  })

  it('refuses a notification without the fields it needs', async () => {
    const { sign, ...unsigned } = notification('LP1', 990)
    expect(sign).not.toBe('')
    expect((await post(app, PAY_NOTIFY, unsigned)).body).toMatchObject({ code: 400, msg: 'sign is required' })
  })
})

describe('order query', () => {
  it("answers the order to its owner only, whoever else asks", async () => {
    const { orderNO } = await buyerOrder()
    expect((await orderStatus(orderNO, LOGIN.buyer)).body.code).toBe(200)
    for (const other of [LOGIN.teacher, LOGIN.visitor]) {
      const { body } = await orderStatus(orderNO, other)
      expect(body).toEqual({ code: 403, msg: 'this order belongs to another user', data: null })
    }
  })

  it('answers 404 for an unknown order', async () => {
    expect((await orderStatus('LP0')).body.code).toBe(404)
  })
})
