import Fastify from 'fastify'
import { outsideFetch, type OutsideFetch } from '../../server/outside/fetch'

/** The way outside services are reached: paths are this app's own stand-ins, URLs go out. */
describe('outsideFetch', () => {
  const app = Fastify()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))
  app.all('/standin/echo', async (request, reply) => {
    void reply.header('x-seen-method', request.method).header('set-cookie', ['a=1', 'b=2'])
    return { headers: request.headers, body: request.body ?? null, query: request.query }
  })
  app.get('/standin/empty', async (_request, reply) => reply.code(204).send())
  afterAll(() => app.close())

  it('answers a path through the app itself, with method, headers, query and body intact', async () => {
    const send = outsideFetch(app, () => Promise.reject(new Error('must not leave the process')))
    const answer = await send('/standin/echo?x=1', {
      method: 'post',
      headers: { 'Content-Type': 'text/plain', Authorization: 'WECHATPAY2-SHA256-RSA2048 mchid="1"' },
      body: JSON.stringify({ amount: 1 }),
    })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('x-seen-method')).toBe('POST')
    expect(answer.headers.get('set-cookie')).toBe('a=1, b=2')
    const echoed = (await answer.json()) as { headers: Record<string, string>; body: string; query: Record<string, string> }
    expect(echoed.headers.authorization).toBe('WECHATPAY2-SHA256-RSA2048 mchid="1"')
    expect(echoed.body).toBe('{"amount":1}')
    expect(echoed.query).toEqual({ x: '1' })
  })

  it('sends URLSearchParams as a form, and bytes as they are', async () => {
    const send = outsideFetch(app)
    const form = (await (await send('/standin/echo', { method: 'POST', body: new URLSearchParams({ a: '1 2' }) })).json()) as {
      headers: Record<string, string>
      body: string
    }
    expect(form.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/)
    expect(form.body).toBe('a=1+2')
    const bytes = (await (await send('/standin/echo', { method: 'PUT', body: new TextEncoder().encode('中文') })).json()) as { body: string }
    expect(bytes.body).toBe('中文')
  })

  it('answers 204 with no body', async () => {
    const answer = await outsideFetch(app)('/standin/empty')
    expect(answer.status).toBe(204)
    expect(await answer.text()).toBe('')
  })

  it('sends an absolute URL through the platform fetch, untouched', async () => {
    const seen: Array<[string, RequestInit | undefined]> = []
    const platform: OutsideFetch = async (url, init) => {
      seen.push([url, init])
      return new Response('ok', { status: 201 })
    }
    const answer = await outsideFetch(app, platform)('https://api.mch.weixin.qq.com/v3/certificates', { method: 'GET' })
    expect(answer.status).toBe(201)
    expect(seen).toEqual([['https://api.mch.weixin.qq.com/v3/certificates', { method: 'GET' }]])
  })

  it('refuses a body it cannot send rather than sending something else', async () => {
    const stream = new ReadableStream<Uint8Array>()
    await expect(outsideFetch(app)('/standin/echo', { method: 'POST', body: stream })).rejects.toThrow(TypeError)
  })
})
