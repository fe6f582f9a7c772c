/**
 * Speech-to-text on the reference server (server/speech/, spec 000 §7): getIatAuth signs
 * iFlytek's address when configured, else the local stand-in's, which speaks the IAT protocol and
 * knows the seeded recordings. The client side of every exchange is the app's own domain code
 * (src/domain/speech): frames, statuses and the transcript merge.
 */
import { createHmac } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { IAT_AUTH_LIMIT } from '../../server/speech/routes'
import { encodeFrame } from '../../src/domain/speech'
import type { ObjectData } from '../../types/api'
import type { IatAuth } from '../../types/speech'
import { post } from './helpers'
import { connect, framesOf, recording, tone, transcribe } from './speechSupport'
import { testDatabase } from './engines'

const AUTH = '/wmim/message/getIatAuth.do'

describe('the local stand-in', () => {
  let app: FastifyInstance
  let base: string
  beforeAll(async () => {
    app = await buildApp({ database: await testDatabase(), staticDir: '/nonexistent' })
    base = await app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(() => app.close())

  it('getIatAuth answers its address, signed, and its app id', async () => {
    const { body } = await post<ObjectData<IatAuth>>(app, AUTH, {}, { host: new URL(base).host })
    expect(body.code).toBe(200)
    const url = new URL(body.data.object.authUrl)
    expect(`${url.protocol}//${url.host}${url.pathname}`).toBe(`${base.replace('http', 'ws')}/speech/iat`)
    expect(url.searchParams.get('host')).toBe(new URL(base).host)
    expect(body.data.object.appId).toBe('local-iat')
  })

  it.each([
    ['weather', '今天天气真好，对吧？'],
    ['ending', '今天就到这里，我们下节课见。'],
  ])('transcribes the seeded recording %s, with partial results corrected on the way', async (name, text) => {
    const result = await transcribe(app, base, (appId) => framesOf(recording(name), appId))
    expect(result.text).toBe(text)
    const results = result.answers.map((a) => a.data?.result).filter((r) => r != null)
    expect(results.length).toBeGreaterThan(1)
    expect(results.slice(1).every((r) => r.pgs === 'rpl' && r.rg?.[1] === r.sn - 1)).toBe(true)
    const last = result.answers[result.answers.length - 1]
    expect(last.data?.status).toBe(2)
    expect(last.data?.result?.ls).toBe(true)
  })

  it('answers audio it does not know with a well-formed empty result', async () => {
    const result = await transcribe(app, base, (appId) => framesOf(tone(3000), appId))
    expect(result.text).toBe('')
    expect(result.answers[result.answers.length - 1]).toMatchObject({ code: 0, data: { status: 2, result: { ls: true, ws: [] } } })
  })

  it('ends on its own after vad_eos of silence following speech', async () => {
    const result = await transcribe(app, base, (appId) => framesOf(recording('weather', 5400), appId, true))
    expect(result.text).toBe('今天天气真好，对吧？')
    expect(result.answers[result.answers.length - 1].data?.status).toBe(2)
  })

  it.each([
    ['a first frame without business parameters', (appId: string) => [{ common: { app_id: appId }, data: encodeFrame({ status: 0, samples: tone(40) }, appId).data }], 10106],
    ['another app id', () => framesOf(tone(100), 'someone-else'), 10313],
    ['a first frame of status 1', (appId: string) => [{ ...encodeFrame({ status: 0, samples: tone(40) }, appId), data: { ...encodeFrame({ status: 1, samples: tone(40) }, appId).data } }], 10106],
    ['a vad_eos out of range', (appId: string) => {
      const first = encodeFrame({ status: 0, samples: tone(40) }, appId)
      return [{ ...first, business: { ...first.business!, vad_eos: 999_999 } }]
    }, 10106],
  ])('refuses %s with its error code, then closes', async (_, frames, code) => {
    const result = await transcribe(app, base, frames)
    expect(result.answers).toEqual([expect.objectContaining({ code })])
  })

  it.each(['not json', '[]', '{"data":5}'])('refuses the frame %s', async (raw) => {
    const { body } = await post<ObjectData<IatAuth>>(app, AUTH, {}, { host: new URL(base).host })
    const session = await connect(body.data.object.authUrl)
    session.socket.send(raw)
    await session.closed
    expect(session.answers.map((a) => a.code)).toEqual([10106])
  })

  it('refuses a forged signature, a stale date and another host at the handshake', async () => {
    const { body } = await post<ObjectData<IatAuth>>(app, AUTH, {}, { host: new URL(base).host })
    const good = new URL(body.data.object.authUrl)
    const forged = new URL(good)
    forged.searchParams.set('authorization', Buffer.from('api_key="local-iat-key", signature="x"').toString('base64'))
    const stale = new URL(good)
    stale.searchParams.set('date', new Date(Date.now() - 600_000).toUTCString())
    const otherHost = new URL(good)
    otherHost.searchParams.set('host', 'evil.example')
    for (const url of [forged, stale, otherHost]) await expect(connect(url.toString())).rejects.toThrow('HTTP 401')
  })

  it('refuses a socket to a path nobody serves', async () => {
    await expect(connect(`${base.replace('http', 'ws')}/speech/other`)).rejects.toThrow()
  })

  it('serves 10 sessions at once, each its own transcript', async () => {
    const names = ['weather', 'ending']
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => transcribe(app, base, (appId) => framesOf(recording(names[i % 2]), appId))))
    expect(results.map((r) => r.text)).toEqual(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? '今天天气真好，对吧？' : '今天就到这里，我们下节课见。')))
  })
})

describe('with iFlytek credentials', () => {
  const iflytek = { appId: 'app123', apiKey: 'key456', apiSecret: 'secret789' }
  let app: FastifyInstance
  beforeAll(async () => {
    app = await buildApp({ database: await testDatabase(), staticDir: '/nonexistent', iflytek })
  })
  afterAll(() => app.close())

  it("signs iFlytek's own address as its API requires", async () => {
    const before = Date.now()
    const { body } = await post<ObjectData<IatAuth>>(app, AUTH, {})
    expect(body.data.object.appId).toBe('app123')
    const url = new URL(body.data.object.authUrl)
    expect(`${url.origin}${url.pathname}`).toBe('wss://iat-api.xfyun.cn/v2/iat')
    const date = url.searchParams.get('date') ?? ''
    expect(Math.abs(Date.parse(date) - before)).toBeLessThan(2000)
    expect(url.searchParams.get('host')).toBe('iat-api.xfyun.cn')
    const origin = `host: iat-api.xfyun.cn\ndate: ${date}\nGET /v2/iat HTTP/1.1`
    const signature = createHmac('sha256', 'secret789').update(origin).digest('base64')
    const authorization = `api_key="key456", algorithm="hmac-sha256", headers="host date request-line", signature="${signature}"`
    expect(Buffer.from(url.searchParams.get('authorization') ?? '', 'base64').toString()).toBe(authorization)
  })
})

describe('signed addresses per client (issue 29, item 11)', () => {
  it(`answers ${IAT_AUTH_LIMIT.max} in a window, then a wait; another client is not held back`, async () => {
    const app = await buildApp({ database: await testDatabase(), staticDir: '/nonexistent' })
    const ask = async (client: string) =>
      JSON.parse((await app.inject({ method: 'POST', url: AUTH, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress: client })).body) as {
        code: number
        msg: string
      }
    const answers = await Promise.all(Array.from({ length: IAT_AUTH_LIMIT.max + 5 }, () => ask('203.0.113.9')))
    const other = await ask('198.51.100.4')
    await app.close()
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(IAT_AUTH_LIMIT.max)
    expect(answers.filter((answer) => answer.code === 403 && answer.msg === '语音识别请求过于频繁，请 10 分钟后再试')).toHaveLength(5)
    expect(other.code).toBe(200)
  })
})
