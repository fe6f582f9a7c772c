/**
 * Issue 33 item 3: the log is JSON lines carrying each request's id, which the answer gives back
 * in x-request-id (a load balancer's own id kept when well formed); request lines only with LOG=1
 * (`requests`); and no token, code, phone, card or ID number in any line.
 */
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../../server/app'
import { CENSORED, REQUEST_ID_HEADER } from '../../../server/ops/logging'
import { LOGIN, SEND_SMS, TEACHER, V2_LIST, post } from '../helpers'

const PHONE = '13987654321'
const OAUTH_CODE = 'oauth-code-0a1b2c3d4e5f'

interface Line {
  level: number
  msg: string
  reqId?: string
  req?: Record<string, unknown>
  res?: { statusCode: number }
  [field: string]: unknown
}

async function appLogging(requests: boolean): Promise<{ app: FastifyInstance; lines: () => Line[]; text: () => string }> {
  const written: string[] = []
  const app = await buildApp({ staticDir: '/nonexistent-static-dir', logger: { requests, destination: { write: (line) => void written.push(line) } } })
  return { app, lines: () => written.map((line) => JSON.parse(line) as Line), text: () => written.join('') }
}

describe('with request lines (LOG=1)', () => {
  let app: FastifyInstance
  let lines: () => Line[]
  let text: () => string
  beforeAll(async () => {
    ;({ app, lines, text } = await appLogging(true))
  })
  afterAll(() => app.close())

  it("writes a line when a request comes and when it is answered, with its id, route pattern and status, and the answer carries the id", async () => {
    const res = await app.inject({ method: 'GET', url: `/healthz?code=${OAUTH_CODE}` })
    const id = String(res.headers[REQUEST_ID_HEADER])
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    const mine = lines().filter((line) => line.reqId === id)
    expect(mine.map((line) => line.msg)).toEqual(['incoming request', 'request completed'])
    expect(mine[0].req).toEqual({ method: 'GET', route: '/healthz' })
    expect(mine[1].res).toEqual({ statusCode: 200 })
    expect(typeof mine[1].responseTime).toBe('number')
  })

  it("keeps a load balancer's well-formed id, and makes a new one for any other", async () => {
    const given = 'lb-7f3a9c2e-0001'
    expect((await app.inject({ method: 'GET', url: '/healthz', headers: { [REQUEST_ID_HEADER]: given } })).headers[REQUEST_ID_HEADER]).toBe(given)
    for (const hostile of ['short', 'x'.repeat(129), 'has space in it', 'line\nbreak-000000', '"quoted"-0000000']) {
      const answered = (await app.inject({ method: 'GET', url: '/healthz', headers: { [REQUEST_ID_HEADER]: hostile } })).headers[REQUEST_ID_HEADER]
      expect(answered).toMatch(/^[0-9a-f-]{36}$/)
    }
    expect(text()).not.toContain('has space in it')
  })

  it('writes no token, login data, code or phone that came in a path, query, header or body', async () => {
    await post(app, `${V2_LIST}?loginData=${LOGIN.buyer}&code=${OAUTH_CODE}`, { courseData: 'demo-open', page: 1, pageSize: 1, loginData: LOGIN.teacher }, { ...TEACHER, cookie: `sid=${OAUTH_CODE}` })
    await post(app, SEND_SMS, { phone: PHONE, interCode: '86', loginData: LOGIN.buyer })
    await app.inject({ method: 'GET', url: `/lessonAdmin/${LOGIN.teacher}?token=${TEACHER.token}` })
    const all = text()
    for (const secret of [OAUTH_CODE, LOGIN.buyer, LOGIN.teacher, TEACHER.token, PHONE]) expect(all).not.toContain(secret)
    expect(lines().some((line) => line.req?.route === V2_LIST)).toBe(true)
  })

  it('censors secret fields that any other line passes by mistake', () => {
    app.log.warn({ phone: PHONE, token: TEACHER.token, nested: { bankNo: '6222020000004321', idCardNo: '110101199003071234' }, orderNO: 'LP1' }, 'a careless line')
    const line = lines().find((l) => l.msg === 'a careless line')
    expect(line).toMatchObject({ phone: CENSORED, token: CENSORED, nested: { bankNo: CENSORED, idCardNo: CENSORED }, orderNO: 'LP1' })
  })
})

it('without LOG=1 writes no request lines and no warnings, and still the errors, with their request id', async () => {
  const { app, lines } = await appLogging(false)
  try {
    const health = await app.inject({ method: 'GET', url: '/healthz' })
    expect(lines().filter((line) => line.reqId === health.headers[REQUEST_ID_HEADER])).toEqual([])
    // an unsigned WeChat Pay notification is refused with a warning: not written
    const refused = await app.inject({ method: 'POST', url: '/wechatpay/notify/transaction', headers: { 'content-type': 'application/json' }, payload: '{}' })
    expect(refused.statusCode).toBe(401)
    expect(lines()).toEqual([])
    app.log.error({ phone: PHONE }, 'an error')
    expect(lines().map((line) => [line.level, line.msg, line.phone])).toEqual([[50, 'an error', CENSORED]])
  } finally {
    await app.close()
  }
})
