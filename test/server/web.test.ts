import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { MEDIA_DIR } from '../../server/app'
import { V2_LIST, post, testApp } from './helpers'

const SHELL = '<!doctype html><html><body><div id="app"></div><script src="/js/app.js"></script></body></html>'

describe('the built H5 site', () => {
  let dir: string
  let app: FastifyInstance
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'h5-'))
    writeFileSync(join(dir, 'index.html'), SHELL)
    writeFileSync(join(dir, 'app.js'), 'console.log(1)')
    app = await testApp(dir)
  })
  afterAll(async () => {
    await app.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('serves index.html at /', async () => {
    const res = await app.inject({ method: 'GET', url: '/' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(SHELL)
  })

  it.each(['/lesson/1?data=%7B%22a%22%3A1%7D', '/lessonPay/share/demo-paid/1', '/illegal', '/welcome/x%2Ey'])(
    'answers the app shell for the deep link %s',
    async (url) => {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(res.body).toBe(SHELL)
    },
  )

  it('serves files as files and answers 404 for a missing one', async () => {
    const js = await app.inject({ method: 'GET', url: '/app.js' })
    expect(js.statusCode).toBe(200)
    expect(js.headers['content-type']).toMatch(/javascript/)
    expect((await app.inject({ method: 'GET', url: '/js/missing.js' })).statusCode).toBe(404)
  })

  it('does not answer the shell for API or media paths', async () => {
    const api = await app.inject({ method: 'GET', url: '/wmim/course/v2/query/info.do' })
    expect(api.statusCode).toBe(404)
    expect(api.json()).toMatchObject({ code: 404 })
    const media = await app.inject({ method: 'GET', url: '/media/missing' })
    expect(media.statusCode).toBe(404)
    expect(media.body).not.toBe(SHELL)
  })
})

it('tells how to build the site when there is no index.html', async () => {
  const app = await testApp(join(tmpdir(), 'no-such-h5-build'))
  const res = await app.inject({ method: 'GET', url: '/lesson/1' })
  await app.close()
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toMatch(/^text\/html/)
  expect(res.body).toContain('npm run build:h5')
})

describe('media', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await testApp()
  })
  afterAll(() => app.close())

  it('serves avatars as PNG under 5 KB', async () => {
    const file = join(MEDIA_DIR, 'avatar-teacher.png')
    const res = await app.inject({ method: 'GET', url: '/media/avatar-teacher.png' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.rawPayload.equals(readFileSync(file))).toBe(true)
    expect(statSync(file).size).toBeLessThan(5 * 1024)
  })

  it('answers a range request with 206 and the requested bytes', async () => {
    const whole = readFileSync(join(MEDIA_DIR, 'slide-1.png'))
    const res = await app.inject({ method: 'GET', url: '/media/slide-1.png', headers: { range: 'bytes=0-7' } })
    expect(res.statusCode).toBe(206)
    expect(res.headers['content-range']).toBe(`bytes 0-7/${whole.length}`)
    expect(res.rawPayload.equals(whole.subarray(0, 8))).toBe(true)
    expect(res.rawPayload.equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true)
  })

  it('does not serve files outside the media folder', async () => {
    for (const url of ['/media/../app.ts', '/media/%2e%2e/app.ts', '/media/..%2fapp.ts']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.body).not.toContain('buildApp')
    }
  })
})

describe('CORS', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await testApp()
  })
  afterAll(() => app.close())

  it('answers a preflight for the API with the session headers allowed', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: V2_LIST,
      headers: {
        origin: 'http://localhost:10086',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,userid,token',
      },
    })
    expect(res.statusCode).toBe(204)
    expect(res.headers['access-control-allow-origin']).toBe('*')
    const allowed = String(res.headers['access-control-allow-headers']).split(/,\s*/)
    expect(allowed).toEqual(expect.arrayContaining(['content-type', 'userid', 'token']))
    expect(String(res.headers['access-control-allow-methods'])).toContain('POST')
  })

  it('allows any origin on call answers, refusals included', async () => {
    const ok = await app.inject({
      method: 'POST',
      url: V2_LIST,
      headers: { origin: 'http://127.0.0.1:10086', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'courseData=demo-open&page=1&pageSize=1',
    })
    expect(ok.headers['access-control-allow-origin']).toBe('*')
    const refused = await post(app, V2_LIST, { courseData: 'demo-password', page: 1, pageSize: 1 }, { origin: 'http://x' })
    expect(refused.body.code).toBe(403)
  })
})
