/**
 * The Tencent Cloud SMS stand-in's outbox: what it "delivered" to a phone, which a
 * production-mode test reads as a person reads their phone (the production server serves no
 * stand-in and no /dev/ route). The stand-in is served by a demo app of its own, on its own port,
 * and the production server reaches it over HTTP as it would reach Tencent.
 */
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { DEMO_WECHAT } from '../../server/core/wechat'
import { DEMO_TENCENT_SMS_ACCOUNT, TENCENT_SMS_STANDIN } from '../../server/outside/tencentSms/protocol'
import { TENCENT_SMS_OUTBOX_PATH, type DeliveredSms } from '../../server/outside/tencentSms/standin'
import { standinBase } from '../../server/outside/standinPath'
import { testDatabase } from './engines'
import { SEND_SMS } from './helpers'

describe('the SMS stand-in\'s outbox', () => {
  let standin: FastifyInstance
  let production: FastifyInstance
  let endpoint: string

  beforeAll(async () => {
    standin = await buildApp({ database: await testDatabase({ seeded: false }), staticDir: '/nonexistent', dev: false })
    await standin.listen({ port: 0, host: '127.0.0.1' })
    endpoint = `http://127.0.0.1:${(standin.server.address() as AddressInfo).port}${standinBase(TENCENT_SMS_STANDIN)}`
    production = await buildApp({
      mode: 'production',
      wechat: DEMO_WECHAT,
      sms: { ...DEMO_TENCENT_SMS_ACCOUNT, endpoint },
      database: await testDatabase({ seeded: false }),
      staticDir: '/nonexistent',
    })
  })
  afterAll(async () => {
    await production?.close()
    await standin?.close()
  })

  const send = (phone: string) =>
    production.inject({
      method: 'POST',
      url: SEND_SMS,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ phone, interCode: '86' }).toString(),
    })
  const outbox = async (phone: string): Promise<{ status: number; messages?: DeliveredSms[] }> => {
    const res = await fetch(`${endpoint}${TENCENT_SMS_OUTBOX_PATH}?phone=${encodeURIComponent(phone)}`)
    const body = (await res.json()) as { messages?: DeliveredSms[] }
    return { status: res.status, messages: body.messages }
  }

  it('lists the code the production server sent to a phone, newest first, and nothing for another phone', async () => {
    expect((await send('13912345678')).statusCode).toBe(200)
    expect((await send('13912345678')).statusCode).toBe(200)
    const kept = await production.db.all<{ code: string }>('SELECT code FROM sms_codes')
    const { status, messages } = await outbox('+8613912345678')
    expect(status).toBe(200)
    expect(messages?.length).toBeGreaterThanOrEqual(1)
    expect(messages?.[0].phone).toBe('+8613912345678')
    expect(messages?.[0].param).toMatch(/^\d{6}$/)
    // what the server keeps to check is what the phone received last
    expect(kept.map((row) => row.code)).toContain(messages?.[0].param)
    expect(await outbox('+8613900000000')).toEqual({ status: 200, messages: [] })
  })

  it('refuses a phone that is not in E.164 form', async () => {
    expect((await outbox('13912345678')).status).toBe(400)
    expect((await outbox("+86' OR 1=1")).status).toBe(400)
  })
})
