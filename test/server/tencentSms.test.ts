/**
 * SMS delivery through Tencent Cloud SMS (issue 31 item 4): SendSms signed with TC3-HMAC-SHA256
 * exactly as Tencent's published example, demo mode's stand-in checking that signature, and a
 * delivery that fails told to the user, never answered as success, its code not kept.
 * The failures come from small HTTP servers answering as Tencent does (the platform edge).
 */
import { textOf } from '../../server/core/messages'
import { createHash } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { StartupError, buildApp, serverConfigFromEnv } from '../../server/app'
import { DEMO_WECHAT } from '../../server/core/wechat'
import { DEMO_TENCENT_SMS_ACCOUNT, TENCENT_SMS_STANDIN } from '../../server/outside/tencentSms/protocol'
import { tencentSmsFromEnv, type TencentSmsConfig } from '../../server/outside/tencentSms/sender'
import { MissingSettings } from '../../server/outside/settings'
import { tc3Authorization, tc3CanonicalRequest, tc3Signature, tc3StringToSign } from '../../server/outside/tencentSms/tc3'
import { standinBase } from '../../server/outside/standinPath'
import type { ApiEnvelope, ObjectData } from '../../types/api'
import { testDatabase } from './engines'
import { DEV_SMS, SEND_SMS, getJson } from './helpers'

const PHONE = '13912345678'

describe('TC3-HMAC-SHA256, against Tencent Cloud\'s published example (API 3.0 "Signature v3")', () => {
  // the document's example: CVM DescribeInstances, POST JSON, its key, timestamp and body
  const example = {
    secretId: 'AKID**********************0123456789EXAMPLE',
    secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
    service: 'cvm',
    host: 'cvm.tencentcloudapi.com',
    timestamp: 1551113065,
    payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
  }

  it('builds the document\'s canonical request and string to sign', () => {
    expect(tc3CanonicalRequest(example)).toBe(
      'POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:cvm.tencentcloudapi.com\n\ncontent-type;host\n35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064',
    )
    expect(tc3StringToSign(example)).toBe(
      'TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031',
    )
  })

  it('gives the document\'s signature and Authorization header', () => {
    expect(tc3Signature(example)).toBe('72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168')
    expect(tc3Authorization(example)).toBe(
      'TC3-HMAC-SHA256 Credential=AKID**********************0123456789EXAMPLE/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    )
  })
})

/** sendSms as the app calls it; `language` is the reader's Accept-Language. */
async function sendSms(app: FastifyInstance, phone = PHONE, language = 'zh-CN,zh;q=0.9'): Promise<ApiEnvelope<null>> {
  const res = await app.inject({
    method: 'POST',
    url: SEND_SMS,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': language },
    payload: new URLSearchParams({ phone, interCode: '86' }).toString(),
  })
  return res.json<ApiEnvelope<null>>()
}

const codesKept = async (app: FastifyInstance): Promise<number> => (await app.db.one<{ n: number }>('SELECT count(*) AS n FROM sms_codes'))?.n ?? 0

describe('demo mode: the real client against the stand-in this app serves', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await buildApp({ database: await testDatabase(), staticDir: '/nonexistent' })
  })
  afterAll(() => app.close())

  it('sends the code through SendSms, which the stand-in accepts, and keeps it', async () => {
    expect((await sendSms(app)).code).toBe(200)
    const { body } = await getJson<ObjectData<{ code: string }>>(app, `${DEV_SMS}?phone=${PHONE}&interCode=86`)
    expect(body.data.object.code).toMatch(/^\d{6}$/)
  })

  it('refuses a request whose signature does not cover what is sent', async () => {
    const payload = JSON.stringify({ PhoneNumberSet: ['+8613912345678'], SmsSdkAppId: DEMO_TENCENT_SMS_ACCOUNT.sdkAppId, SignName: DEMO_TENCENT_SMS_ACCOUNT.signName, TemplateId: DEMO_TENCENT_SMS_ACCOUNT.templateId, TemplateParamSet: ['123456'] })
    const timestamp = Math.floor(Date.now() / 1000)
    const signed = { ...DEMO_TENCENT_SMS_ACCOUNT, service: 'sms', host: 'sms.tencentcloudapi.com', timestamp }
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      host: 'sms.tencentcloudapi.com',
      'x-tc-action': 'SendSms',
      'x-tc-version': '2021-01-11',
      'x-tc-timestamp': String(timestamp),
      'x-tc-region': 'ap-guangzhou',
    }
    const send = async (authorization: string, body: string) =>
      (await app.inject({ method: 'POST', url: `${standinBase(TENCENT_SMS_STANDIN)}/`, headers: { ...headers, authorization }, payload: body })).json<{
        Response: { Error?: { Code: string }; SendStatusSet?: Array<{ Code: string }> }
      }>().Response
    expect((await send(tc3Authorization({ ...signed, payload }), payload)).SendStatusSet?.[0].Code).toBe('Ok')
    const altered = payload.replace('123456', '654321')
    expect((await send(tc3Authorization({ ...signed, payload }), altered)).Error?.Code).toBe('AuthFailure.SignatureFailure')
    const otherKey = tc3Authorization({ ...signed, secretKey: 'not-the-key', payload })
    expect((await send(otherKey, payload)).Error?.Code).toBe('AuthFailure.SignatureFailure')
    const stale = { ...signed, timestamp: timestamp - 600 }
    expect((await send(tc3Authorization({ ...stale, payload }), payload)).Error?.Code).toBe('AuthFailure.SignatureFailure')
  })
})

/** A server standing where Tencent Cloud is, answering every SendSms with `answer`. */
async function tencentEdge(answer: (body: string) => { status: number; body: unknown }): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const edge = Fastify()
  edge.removeContentTypeParser(['application/json'])
  edge.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))
  edge.post('/', async (request, reply) => {
    const { status, body } = answer(String(request.body))
    return reply.code(status).send(body)
  })
  await edge.listen({ port: 0, host: '127.0.0.1' })
  return { endpoint: `http://127.0.0.1:${(edge.server.address() as AddressInfo).port}`, close: () => edge.close() }
}

describe('production mode', () => {
  let standin: FastifyInstance
  let standinEndpoint: string
  beforeAll(async () => {
    // the stand-in, served by a demo app of its own, as a production app would reach Tencent
    standin = await buildApp({ database: await testDatabase({ seeded: false }), staticDir: '/nonexistent' })
    await standin.listen({ port: 0, host: '127.0.0.1' })
    standinEndpoint = `http://127.0.0.1:${(standin.server.address() as AddressInfo).port}${standinBase(TENCENT_SMS_STANDIN)}`
  })
  afterAll(() => standin.close())

  const production = async (sms: TencentSmsConfig) =>
    buildApp({ mode: 'production', wechat: DEMO_WECHAT, sms, database: await testDatabase({ seeded: false }), staticDir: '/nonexistent' })

  it('answers success when Tencent Cloud sent the code, and keeps the code', async () => {
    const app = await production({ ...DEMO_TENCENT_SMS_ACCOUNT, endpoint: standinEndpoint })
    try {
      const answer = await sendSms(app)
      expect([answer.code, answer.data]).toEqual([200, null])
      expect(await codesKept(app)).toBe(1)
    } finally {
      await app.close()
    }
  })

  const failures: Array<[string, (body: string) => { status: number; body: unknown }]> = [
    ['an HTTP error', () => ({ status: 502, body: 'Bad Gateway' })],
    ['an Error in the answer', () => ({ status: 200, body: { Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'x' }, RequestId: 'r' } } })],
    [
      'a SendStatus other than Ok',
      () => ({
        status: 200,
        body: { Response: { SendStatusSet: [{ Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: 'daily limit', PhoneNumber: '+8613912345678' }], RequestId: 'r' } },
      }),
    ],
    ['an answer that is not Tencent\'s', () => ({ status: 200, body: '<html>captive portal</html>' })],
  ]

  it.each(failures)('tells the user when the delivery fails with %s, and keeps no code', async (_, answer) => {
    const edge = await tencentEdge(answer)
    const app = await production({ ...DEMO_TENCENT_SMS_ACCOUNT, endpoint: edge.endpoint })
    try {
      expect(await sendSms(app)).toEqual({ code: 500, msg: '验证码短信没有发出，请稍后重新获取', data: null })
      expect(await sendSms(app, PHONE, 'en-US')).toEqual({ code: 500, msg: textOf('smsNotDelivered', 'en'), data: null })
      expect(await codesKept(app)).toBe(0)
    } finally {
      await app.close()
      await edge.close()
    }
  })

  it('tells the user when Tencent Cloud cannot be reached, or refuses the credentials', async () => {
    const unreachable = await production({ ...DEMO_TENCENT_SMS_ACCOUNT, endpoint: 'http://127.0.0.1:9' })
    const wrongKey = await production({ ...DEMO_TENCENT_SMS_ACCOUNT, secretKey: 'not-the-key', endpoint: standinEndpoint })
    try {
      for (const app of [unreachable, wrongKey]) {
        expect((await sendSms(app)).code).toBe(500)
        expect(await codesKept(app)).toBe(0)
      }
    } finally {
      await unreachable.close()
      await wrongKey.close()
    }
  })

  it('sends what Tencent Cloud needs: the number in E.164, the application, signature, template and the code', async () => {
    const seen: string[] = []
    const edge = await tencentEdge((body) => {
      seen.push(body)
      return { status: 200, body: { Response: { SendStatusSet: [{ Code: 'Ok', Message: 'send success' }], RequestId: 'r' } } }
    })
    const app = await production({ ...DEMO_TENCENT_SMS_ACCOUNT, endpoint: edge.endpoint })
    try {
      expect((await sendSms(app)).code).toBe(200)
      const code = (await app.db.one<{ code: string }>('SELECT code FROM sms_codes'))?.code
      expect(JSON.parse(seen[0])).toEqual({
        PhoneNumberSet: ['+8613912345678'],
        SmsSdkAppId: DEMO_TENCENT_SMS_ACCOUNT.sdkAppId,
        SignName: DEMO_TENCENT_SMS_ACCOUNT.signName,
        TemplateId: DEMO_TENCENT_SMS_ACCOUNT.templateId,
        TemplateParamSet: [code],
      })
    } finally {
      await app.close()
      await edge.close()
    }
  })

  it('names each missing TENCENT_SMS_* variable, which production mode cannot start without', () => {
    const read = () => tencentSmsFromEnv({ TENCENT_SMS_SECRET_ID: 'id', TENCENT_SMS_REGION: 'ap-guangzhou', TENCENT_SMS_SIGN_NAME: ' ' })
    expect(read).toThrow(MissingSettings)
    expect(read).toThrow('missing settings: TENCENT_SMS_SECRET_KEY, TENCENT_SMS_SDK_APP_ID, TENCENT_SMS_SIGN_NAME, TENCENT_SMS_TEMPLATE_ID')
    expect(() => serverConfigFromEnv({ PATH: process.env.PATH, SERVER_MODE: 'production' })).toThrow(StartupError)
    const all = { TENCENT_SMS_SECRET_ID: 'id', TENCENT_SMS_SECRET_KEY: 'key', TENCENT_SMS_SDK_APP_ID: '1400', TENCENT_SMS_SIGN_NAME: '签名', TENCENT_SMS_TEMPLATE_ID: '1', TENCENT_SMS_REGION: 'ap-guangzhou' }
    expect(tencentSmsFromEnv(all)).toEqual({
      secretId: 'id', secretKey: 'key', sdkAppId: '1400', signName: '签名', templateId: '1', region: 'ap-guangzhou', endpoint: 'https://sms.tencentcloudapi.com',
    })
    expect(tencentSmsFromEnv({ ...all, TENCENT_SMS_ENDPOINT: 'http://127.0.0.1:9/standin/tencent-sms/' }).endpoint).toBe('http://127.0.0.1:9/standin/tencent-sms')
  })
})

it('signs the exact bytes it sends (the hash of a UTF-8 body, not of its characters)', () => {
  const payload = '{"SignName":"微脉"}'
  const hashed = createHash('sha256').update(Buffer.from(payload, 'utf8')).digest('hex')
  expect(tc3CanonicalRequest({ host: 'sms.tencentcloudapi.com', payload }).endsWith(hashed)).toBe(true)
})
