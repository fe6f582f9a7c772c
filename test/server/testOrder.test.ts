/**
 * The test page's demo order (`/gzh/test/order/create.do`): one order per request id however often
 * or however concurrently it arrives, an amount the client cannot choose, payment through the
 * sandbox exactly once, and nothing in the lesson orders or the income ledger.
 */
import { createPublicKey, createVerify } from 'node:crypto'
import { DEMO_MERCHANT_KEY } from '../../server/outside/wechatPay/settings'
import type { FastifyInstance } from 'fastify'
import type { ObjectData } from '../../types/api'
import type { OrderState, PayConfig } from '../../types/purchase'
import { TEST_ORDER_FEE_FEN } from '../../types/testOrder'
import { buildApp } from '../../server/app'
import { BUYER, SANDBOX_PAY, post, testApp } from './helpers'
import { testDatabase } from './engines'

const CREATE = '/gzh/test/order/create.do'

let app: FastifyInstance
beforeEach(async () => {
  app = await testApp()
})
afterEach(() => app.close())

const count = async (table: string): Promise<number> => ((await app.db.one<{ n: number }>(`SELECT count(*) AS n FROM ${table}`)) as { n: number }).n
const create = (fields: Record<string, string | number>, headers: Record<string, string> = {}) =>
  post<ObjectData<PayConfig>>(app, CREATE, fields, headers)

describe('creating a test order', () => {
  it('answers signed pay parameters for the server\'s amount, in integer fen', async () => {
    const { body } = await create({ requestId: 'attempt-0001' })
    expect(body.code).toBe(200)
    const config = body.data?.object
    expect(config).toMatchObject({ isBought: 0, totalFee: TEST_ORDER_FEE_FEN, signType: 'RSA' })
    expect(Number.isInteger(config?.totalFee)).toBe(true)
    expect(config?.orderNO).toMatch(/^[A-Za-z0-9]{1,32}$/)
    expect(config?.package).toBe(`prepay_id=${config?.orderNO}`)
    // WeChat Pay v3's paySign: RSA-SHA256 of appId, timeStamp, nonceStr and package under the merchant key
    const message = `${config?.appId}\n${config?.timeStamp}\n${config?.nonceStr}\n${config?.package}\n`
    expect(createVerify('RSA-SHA256').update(message).verify(createPublicKey(DEMO_MERCHANT_KEY), config?.sign ?? '', 'base64')).toBe(true)
  })

  it('ignores an amount the client sends', async () => {
    const { body } = await create({ requestId: 'attempt-0002', totalFee: 100000, total_fee: 0 })
    expect(body.data?.object.totalFee).toBe(TEST_ORDER_FEE_FEN)
  })

  it('keeps test orders out of the lesson orders and the income ledger', async () => {
    const orders = await count('orders')
    const income = await count('income_entries')
    const { body } = await create({ requestId: 'attempt-0003' })
    await post(app, SANDBOX_PAY, { orderNO: body.data?.object.orderNO ?? '' })
    expect(await count('orders')).toBe(orders)
    expect(await count('income_entries')).toBe(income)
    expect(await count('test_orders')).toBe(1)
  })

  it.each([
    ['missing', {}],
    ['empty', { requestId: '' }],
    ['too short', { requestId: 'abc' }],
    ['too long', { requestId: 'a'.repeat(65) }],
    ['SQL', { requestId: "x'; DROP TABLE test_orders; --" }],
    ['markup', { requestId: '<script>alert(1)</script>' }],
    ['non-ASCII', { requestId: '订单订单订单订单' }],
  ])('refuses a %s request id without creating anything', async (_name, fields) => {
    const { body } = await create(fields)
    expect(body.code).toBe(400)
    expect(await count('test_orders')).toBe(0)
  })

  it('refuses a JSON body', async () => {
    const res = await app.inject({ method: 'POST', url: CREATE, payload: { requestId: 'attempt-json1' } })
    expect(res.json<{ code: number; msg: string }>()).toMatchObject({ code: 400, msg: '请求内容必须是表单格式' })
    expect(await count('test_orders')).toBe(0)
  })
})

describe('replays', () => {
  it('answers the same order for the same request id, also from another session', async () => {
    const first = await create({ requestId: 'replayed-01' })
    const again = await create({ requestId: 'replayed-01' }, { token: BUYER.token, userid: BUYER.userid })
    expect(again.body.data?.object.orderNO).toBe(first.body.data?.object.orderNO)
    expect(await count('test_orders')).toBe(1)
  })

  it('pays once however often the sandbox is asked, and then answers the order as paid', async () => {
    const orderNO = (await create({ requestId: 'replayed-02' })).body.data?.object.orderNO ?? ''
    const paid = await post<ObjectData<OrderState>>(app, SANDBOX_PAY, { orderNO })
    expect(paid.body.data?.object).toMatchObject({ orderNO, orderStatus: 1 })
    const paidAt = await app.db.one('SELECT paid_at AS at FROM test_orders')
    const replay = await post<ObjectData<OrderState>>(app, SANDBOX_PAY, { orderNO })
    expect(replay.body.data?.object.orderStatus).toBe(1)
    expect(await app.db.one('SELECT paid_at AS at FROM test_orders')).toEqual(paidAt)
    const verdict = await create({ requestId: 'replayed-02' })
    expect(verdict.body.data?.object).toMatchObject({ orderNO, isBought: 1 })
  })

  it('does not pay an order number it never made', async () => {
    const { body } = await post(app, SANDBOX_PAY, { orderNO: 'TO1700000000000abcdef123456' })
    expect(body.code).toBe(404)
  })
})

describe('50 concurrent requests', () => {
  it('make one order for one request id', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => create({ requestId: 'concurrent-01' })))
    expect(new Set(answers.map((a) => a.body.data?.object.orderNO)).size).toBe(1)
    expect(await count('test_orders')).toBe(1)
  })

  it('make fifty orders for fifty request ids, and fifty payments pay one order once', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => create({ requestId: `distinct-${String(i).padStart(3, '0')}` })))
    expect(new Set(answers.map((a) => a.body.data?.object.orderNO)).size).toBe(50)
    const orderNO = answers[0].body.data?.object.orderNO ?? ''
    const paid = await Promise.all(Array.from({ length: 50 }, () => post<ObjectData<OrderState>>(app, SANDBOX_PAY, { orderNO })))
    expect(paid.every((a) => a.body.data?.object.orderStatus === 1)).toBe(true)
    expect(await count('test_orders WHERE status = 1')).toBe(1)
  })
})

describe('outside the demo (issue 29, item 9)', () => {
  it.each([
    ['production mode', { mode: 'production' as const, wechat: { appId: 'wx', appSecret: 's', miniAppId: 'wx-mini', miniAppSecret: 'ms' } }],
    ['demo mode without the development routes', { dev: false }],
  ])('%s has no test orders: 50 request ids make no row and no pay config', async (_name, options) => {
    const production = await buildApp({ ...options, database: await testDatabase({ seeded: false }), staticDir: '/nonexistent' })
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post(production, CREATE, { requestId: `t${String(i).padStart(15, '0')}` })),
    )
    const rows = await production.db.one('SELECT count(*) AS "n" FROM test_orders')
    await production.close()
    expect(answers.every((answer) => answer.status === 404 && answer.body.code === 404 && answer.body.data === null)).toBe(true)
    expect(rows).toEqual({ n: 0 })
  })
})
