/**
 * Requests refused before any route runs (issue 15 items 5 and 7): a page answers the app shell,
 * which shows its error state; anything else answers the `{code, msg, data}` envelope. The raw
 * socket cases go through Node's HTTP parser, which fastify.inject skips.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { testApp } from './helpers'

const SHELL = '<!doctype html><html><body><div id="app"></div></body></html>'

let dir: string
let app: FastifyInstance
let port: number
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'h5-edge-'))
  writeFileSync(join(dir, 'index.html'), SHELL)
  app = await testApp(dir)
  await app.listen({ port: 0, host: '127.0.0.1' })
  port = (app.server.address() as AddressInfo).port
})
afterAll(async () => {
  await app.close()
  rmSync(dir, { recursive: true, force: true })
})

interface RawAnswer {
  status: number
  headers: string
  body: string
}

/** Sends bytes as they are and reads the whole answer (the server closes after these errors). */
function rawRequest(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const split = text.indexOf('\r\n\r\n')
      const headers = text.slice(0, split)
      resolve({ status: Number(headers.split(' ')[1]), headers, body: text.slice(split + 4) })
    })
    socket.end(request)
  })
}

const get = (path: string, extra = ''): string => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${extra}Connection: close\r\n\r\n`

function expectEnvelope(body: string, code = 400): void {
  const parsed = JSON.parse(body) as Record<string, unknown>
  expect(Object.keys(parsed).sort()).toEqual(['code', 'data', 'msg'])
  expect(parsed).toMatchObject({ code, data: null })
}

describe('a broken percent-sequence in the path', () => {
  it.each(['/lesson/%E0%A4%A', '/lessonPay/share/%E4%B8%/1', '/lesson/%E0%A4%A?courseData=demo-open'])(
    'answers the app shell for the page %s',
    async (url) => {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.body).toBe(SHELL)
    },
  )

  it('answers an API call with the envelope on HTTP 200, like every call', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/wmim/course/v2/%E0%A4%A.do',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'courseData=demo-open',
    })
    expect(res.statusCode).toBe(200)
    expectEnvelope(res.body)
    expect(res.json<{ msg: string }>().msg).toBe('请求地址的编码有误')
  })

  it('answers a media or asset path with the envelope, never the shell', async () => {
    for (const url of ['/media/%E0%A4%A.png', '/js/%E4%B8%.js']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(400)
      expectEnvelope(res.body)
    }
  })
})

describe('what Node refuses to parse', () => {
  it('answers a page URL over 16 KB with the app shell', async () => {
    const res = await rawRequest(get(`/lesson?courseData=${'a'.repeat(17 * 1024)}`))
    expect(res.status).toBe(200)
    expect(res.headers).toMatch(/content-type: text\/html/i)
    expect(res.body).toBe(SHELL)
  })

  it('answers an API call over 16 KB with the envelope on HTTP 200', async () => {
    const res = await rawRequest(get(`/wmim/course/v2/query/info.do?x=${'a'.repeat(17 * 1024)}`))
    expect(res.status).toBe(200)
    expectEnvelope(res.body)
  })

  it('answers oversize headers on a media path with 431 and the envelope', async () => {
    const res = await rawRequest(get('/media/avatar-teacher.png', `X-Big: ${'a'.repeat(17 * 1024)}\r\n`))
    expect(res.status).toBe(431)
    expectEnvelope(res.body)
  })

  it('answers an unknown method with the envelope', async () => {
    const res = await rawRequest('FOO /wmim/course/v2/query/info.do HTTP/1.1\r\nHost: localhost\r\n\r\n')
    expectEnvelope(res.body)
  })

  it('answers bytes that are not HTTP with a 4xx status and the envelope', async () => {
    const res = await rawRequest('\x00\x01 not http\r\n\r\n')
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    expectEnvelope(res.body)
  })

  it('answers methods the router has no route for with the envelope', async () => {
    for (const method of ['PROPFIND', 'DELETE', 'PUT'] as const) {
      const res = await app.inject({ method, url: '/wmim/course/v2/query/info.do' })
      expectEnvelope(res.body, 404)
    }
  })
})
