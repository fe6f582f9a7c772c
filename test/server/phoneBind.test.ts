/**
 * SMS codes and phone binding: the rate limit, wrong and used-up codes, and what a bound phone
 * makes of a visitor (a product user with a session that reads only what it bought).
 */
import { textOf } from '../../server/core/messages'
import type { FastifyInstance } from 'fastify'
import type { ArrayData, ObjectData } from '../../types/api'
import type { WireMessage } from '../../types/lesson'
import type { SessionData } from '../../types/login'
import type { PayConfig } from '../../types/purchase'
import { BIND_PHONE, DEV_SMS, LOGIN, ORDER_CREATE, SANDBOX_PAY, SEND_SMS, V2_LIST, getJson, post, testApp } from './helpers'

let app: FastifyInstance
beforeEach(async () => {
  app = await testApp()
})
afterEach(() => app.close())

const PHONE = '13912345678'

async function lastCode(phone = PHONE, interCode = '86'): Promise<string> {
  const { body } = await getJson<ObjectData<{ code: string }>>(app, `${DEV_SMS}?phone=${phone}&interCode=${interCode}`)
  expect(body.code).toBe(200)
  return body.data.object.code
}

/** A code that is certainly not the live one. */
const wrong = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

function bind(vcode: string, loginData: string = LOGIN.visitor, phone = PHONE, interCode = '86') {
  return post<ObjectData<SessionData>>(app, BIND_PHONE, {
    encryptData: JSON.stringify({ phone, interCode, vcode }),
    loginData,
  })
}

/** Moves the last code of a phone `ms` into the past. */
async function age(ms: number, phone = PHONE): Promise<void> {
  await app.db.run('UPDATE sms_codes SET sent_at = sent_at - ? WHERE phone = ?', [ms, phone])
}

const visitor = () => app.db.one(`SELECT phone, inter_code AS "interCode", is_product_user AS product FROM users WHERE wmid = 'wm_visitor'`)

describe('sendSms', () => {
  it.each([
    ['a missing', {}],
    ['an empty', { phone: '' }],
    ['a blank', { phone: '   ' }],
    ['a non-numeric', { phone: '13a' }],
  ])(
    'refuses %s phone with the spec wording',
    async (_, fields) => {
      const { body } = await post(app, SEND_SMS, { interCode: '86', ...fields })
      expect(body).toEqual({ code: 400, msg: textOf('phoneInvalid', 'zh-CN'), data: null })
    },
  )

  it('sends a six-digit code and prints it to the server log', async () => {
    const logged: unknown[] = []
    jest.spyOn(app.log, 'info').mockImplementation((...args: unknown[]) => {
      logged.push(args)
    })
    expect((await post(app, SEND_SMS, { phone: ` ${PHONE} `, interCode: '86' })).body.code).toBe(200)
    const code = await lastCode()
    expect(code).toMatch(/^\d{6}$/)
    expect(JSON.stringify(logged)).toContain(code)
  })

  it('allows one code per phone and country code a minute', async () => {
    await post(app, SEND_SMS, { phone: PHONE, interCode: '86' })
    const first = await lastCode()
    const again = await post(app, SEND_SMS, { phone: PHONE, interCode: '86' })
    expect(again.body).toEqual({ code: 429, msg: textOf('smsTooSoon', 'zh-CN'), data: null })
    expect(await lastCode()).toBe(first)
    // another country code is another phone
    expect((await post(app, SEND_SMS, { phone: PHONE, interCode: '852' })).body.code).toBe(200)
    await age(59_000)
    expect((await post(app, SEND_SMS, { phone: PHONE, interCode: '+86' })).body.code).toBe(429)
    await age(1_000)
    expect((await post(app, SEND_SMS, { phone: PHONE, interCode: '+86' })).body.code).toBe(200)
  })
})

describe('phone bind', () => {
  beforeEach(async () => {
    await post(app, SEND_SMS, { phone: PHONE, interCode: '86' })
  })

  it('refuses a wrong code, and binds with the code that was sent', async () => {
    const code = await lastCode()
    expect((await bind(wrong(code))).body).toEqual({ code: 400, msg: textOf('smsCodeWrong', 'zh-CN'), data: null })
    expect(await visitor()).toEqual({ phone: null, interCode: null, product: 0 })

    const { body } = await bind(code)
    expect(body.code).toBe(200)
    expect(body.data.object).toMatchObject({ userid: 'wm_visitor' })
    expect(body.data.object.token).not.toBe('')
    expect(body.data.object.encryptKey).not.toBe('')
    expect(await visitor()).toEqual({ phone: PHONE, interCode: '86', product: 1 })
  })

  it('gives a session that reads a paid lesson only once it is bought', async () => {
    const { body } = await bind(await lastCode())
    const { userid, token } = body.data.object
    const list = (courseData: string) =>
      post<ArrayData<WireMessage>>(app, V2_LIST, { courseData, page: 1, pageSize: 100 }, { userid, token })
    expect((await list('demo-paid')).body.code).toBe(601)
    expect((await list('paid-bought')).body.code).toBe(601)

    // bound, the visitor may now buy
    const order = await post<ObjectData<PayConfig>>(app, ORDER_CREATE, { courseData: 'demo-paid', loginData: LOGIN.visitor })
    expect(order.body.code).toBe(200)
    await post(app, SANDBOX_PAY, { orderNO: order.body.data.object.orderNO })
    const bought = await list('demo-paid')
    expect(bought.body.code).toBe(200)
    expect(bought.body.data.array).toHaveLength(25)
    expect((await list('paid-bought')).body.code).toBe(601)
  })

  it('uses a code up', async () => {
    const code = await lastCode()
    expect((await bind(code)).body.code).toBe(200)
    expect((await bind(code)).body).toMatchObject({ code: 400, msg: textOf('smsCodeWrong', 'zh-CN') })
  })

  it('voids a code after five wrong tries', async () => {
    const code = await lastCode()
    for (let i = 0; i < 5; i += 1) expect((await bind(wrong(code))).body.code).toBe(400)
    expect((await bind(code)).body).toMatchObject({ code: 400, msg: textOf('smsCodeWrong', 'zh-CN') })
    expect(await visitor()).toMatchObject({ product: 0 })
  })

  it('accepts a code after four wrong tries', async () => {
    const code = await lastCode()
    for (let i = 0; i < 4; i += 1) await bind(wrong(code))
    expect((await bind(code)).body.code).toBe(200)
  })

  it('refuses an expired code', async () => {
    const code = await lastCode()
    await age(10 * 60_000)
    expect((await bind(code)).body.code).toBe(400)
  })

  it("refuses another phone's code", async () => {
    const code = await lastCode()
    expect((await bind(code, LOGIN.visitor, '13900000000')).body.code).toBe(400)
    expect((await bind(code, LOGIN.visitor, PHONE, '852')).body.code).toBe(400)
  })

  it('refuses a phone bound to another account, with a valid code', async () => {
    await post(app, SEND_SMS, { phone: '13800000003', interCode: '86' })
    const { body } = await bind(await lastCode('13800000003'), LOGIN.visitor, '13800000003')
    expect(body).toEqual({ code: 403, msg: textOf('phoneTaken', 'zh-CN'), data: null })
    expect(await visitor()).toMatchObject({ product: 0 })
  })

  it.each([
    ['not JSON', '{phone', textOf('encryptDataInvalid', 'zh-CN')],
    ['without a phone', JSON.stringify({ interCode: '86', vcode: '123456' }), textOf('phoneInvalid', 'zh-CN')],
    ['without a code', JSON.stringify({ phone: PHONE, interCode: '86', vcode: ' ' }), textOf('smsCodeEmpty', 'zh-CN')],
  ])('refuses encryptData %s', async (_, encryptData, msg) => {
    const { body } = await post(app, BIND_PHONE, { encryptData, loginData: LOGIN.visitor })
    expect(body).toEqual({ code: 400, msg, data: null })
  })

  it('answers 601 to an expired loginData and keeps the code', async () => {
    const code = await lastCode()
    expect((await bind(code, LOGIN.buyerExpired)).body.code).toBe(601)
    expect((await bind(code)).body.code).toBe(200)
  })
})
