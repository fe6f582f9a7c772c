/**
 * Buying a paid lesson: order creation, the payment sandbox and who may see an order
 * (WeChat Pay's notifications, refunds and the iOS rule: wechatPayV3.test.ts).
 */
import { textOf } from '../../server/core/messages'
import type { FastifyInstance } from 'fastify'
import type { ArrayData, ObjectData } from '../../types/api'
import type { LessonInfo, PictureListData, WireMessage } from '../../types/lesson'
import type { OrderState, PayConfig } from '../../types/purchase'
import {
  BUYER,
  LOGIN,
  ORDER_CREATE,
  ORDER_QUERY,
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
    expect(body).toEqual({ code: 403, msg: textOf('bindPhoneFirst', 'zh-CN'), data: null })
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

  it('refuses a live order for a live that is not on sale', async () => {
    const { body } = await createOrder({ courseData: 'demo-paid', loginData: LOGIN.buyer, payType: 2 })
    expect(body.code).toBe(404)
    expect(body.msg).toBe('直播不存在')
    const english = await post(app, ORDER_CREATE, { courseData: 'demo-paid', loginData: LOGIN.buyer, payType: 2 }, { 'accept-language': 'en' })
    expect(english.body.msg).toBe(textOf('liveMissing', 'en'))
  })

  it.each([
    ['an expired', LOGIN.buyerExpired],
    ['an unknown', 'login-forged'],
  ])('answers 601 to %s loginData, before anything else', async (_, loginData) => {
    const { body } = await createOrder({ courseData: 'demo-paid', loginData })
    expect(body).toEqual({ code: 601, msg: textOf('loginExpired', 'zh-CN'), data: null })
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

describe('order query', () => {
  it("answers the order to its owner only, whoever else asks", async () => {
    const { orderNO } = await buyerOrder()
    expect((await orderStatus(orderNO, LOGIN.buyer)).body.code).toBe(200)
    for (const other of [LOGIN.teacher, LOGIN.visitor]) {
      const { body } = await orderStatus(orderNO, other)
      expect(body).toEqual({ code: 403, msg: textOf('orderOfOtherUser', 'zh-CN'), data: null })
    }
  })

  it('answers 404 for an unknown order', async () => {
    expect((await orderStatus('LP0')).body.code).toBe(404)
  })
})
