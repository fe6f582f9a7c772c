/**
 * SMS limits (issue 15 item 4): a phone is limited in its one normalised form, however its
 * country code and number are typed, and one client (address) is capped however many phones it
 * asks codes for.
 */
import { textOf } from '../../server/core/messages'
import type { FastifyInstance } from 'fastify'
import type { ApiEnvelope, ObjectData } from '../../types/api'
import type { SessionData } from '../../types/login'
import { SMS_CLIENT_LIMIT, SMS_PHONE_DAILY_LIMIT } from '../../server/login/sms'
import { BIND_PHONE, DEV_SMS, LOGIN, SEND_SMS, getJson, post, testApp } from './helpers'

let app: FastifyInstance
beforeEach(async () => {
  app = await testApp()
})
afterEach(() => app.close())

const PHONE = '13912345678'

/** sendSms from a client address of its own. */
async function sendSms(phone: string, interCode: string, client = '203.0.113.1'): Promise<ApiEnvelope<null>> {
  const res = await app.inject({
    method: 'POST',
    url: SEND_SMS,
    remoteAddress: client,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ phone, interCode }).toString(),
  })
  return res.json<ApiEnvelope<null>>()
}

const codesSent = async (): Promise<number> => (await app.db.one<{ n: number }>('SELECT count(*) AS n FROM sms_codes'))?.n ?? 0

describe('one phone, however it is typed', () => {
  it.each([
    ['+86', PHONE],
    ['086', PHONE],
    ['0086', PHONE],
    ['86', `0${PHONE}`],
    ['86', `86${PHONE}`],
    ['86', `0086${PHONE}`],
    ['+0086', `00${PHONE}`],
  ])('interCode %j and phone %j within the minute: refused as the same phone', async (code, phone) => {
    expect((await sendSms(PHONE, '86')).code).toBe(200)
    expect(await sendSms(phone, code, '203.0.113.2')).toEqual({
      code: 429,
      msg: textOf('smsTooSoon', 'zh-CN'),
      data: null,
    })
    expect(await codesSent()).toBe(1)
  })

  it('binds the phone in its one form, whichever spelling asked for the code', async () => {
    expect((await sendSms(`0${PHONE}`, '+0086')).code).toBe(200)
    const { body } = await getJson<ObjectData<{ code: string }>>(app, `${DEV_SMS}?phone=${PHONE}&interCode=86`)
    const bound = await post<ObjectData<SessionData>>(app, BIND_PHONE, {
      encryptData: JSON.stringify({ phone: `86${PHONE}`, interCode: '+86', vcode: body.data.object.code }),
      loginData: LOGIN.visitor,
    })
    expect(bound.body.code).toBe(200)
    expect(await app.db.one(`SELECT phone, inter_code AS "interCode" FROM users WHERE wmid = 'wm_visitor'`)).toEqual({
      phone: PHONE,
      interCode: '86',
    })
  })

  it('keeps other countries\' numbers apart and still refuses what cannot be a phone', async () => {
    expect((await sendSms(PHONE, '852')).code).toBe(200)
    expect((await sendSms(PHONE, '86')).code).toBe(200)
    expect((await sendSms('0000', '86')).msg).toBe(textOf('phoneInvalid', 'zh-CN'))
  })

  it(`sends a phone at most ${SMS_PHONE_DAILY_LIMIT.max} codes a day, from any number of clients`, async () => {
    for (let i = 0; i < SMS_PHONE_DAILY_LIMIT.max; i += 1) {
      expect((await sendSms(PHONE, '86', `198.51.100.${i}`)).code).toBe(200)
      await app.db.run('UPDATE sms_codes SET sent_at = sent_at - 60000')
    }
    const refused = await sendSms(PHONE, '86', '198.51.100.200')
    expect(refused.code).toBe(429)
    expect(refused.msg).toBe('获取验证码次数过多，请 1440 分钟后再试')
  })
})

describe('one client, many phones', () => {
  it(`sends codes to at most ${SMS_CLIENT_LIMIT.max} phones an hour from one client, even all at once`, async () => {
    const phones = Array.from({ length: 30 }, (_, i) => `139000000${String(i).padStart(2, '0')}`)
    const answers = await Promise.all(phones.map((phone) => sendSms(phone, '86')))
    expect(answers.filter((a) => a.code === 200)).toHaveLength(SMS_CLIENT_LIMIT.max)
    const refused = answers.filter((a) => a.code === 429)
    expect(refused).toHaveLength(30 - SMS_CLIENT_LIMIT.max)
    expect(refused[0].msg).toBe('获取验证码次数过多，请 60 分钟后再试')
    expect(await codesSent()).toBe(SMS_CLIENT_LIMIT.max)
    // another client is not affected
    expect((await sendSms(PHONE, '86', '203.0.113.99')).code).toBe(200)
  })

  it('lets the client ask again once its hour has passed', async () => {
    for (let i = 0; i < SMS_CLIENT_LIMIT.max; i += 1) expect((await sendSms(`1390000010${i}`, '86')).code).toBe(200)
    expect((await sendSms(PHONE, '86')).code).toBe(429)
    await app.db.run('UPDATE attempt_windows SET window_end = window_end - ?', [SMS_CLIENT_LIMIT.windowMs])
    expect((await sendSms(PHONE, '86')).code).toBe(200)
  })
})
