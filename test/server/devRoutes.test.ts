/**
 * The development-only routes exist only when the server is built with them (the default); the
 * WeChat login's stand-ins are not among them (server/outside/wechatOauth).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp, serverConfigFromEnv } from '../../server/app'
import type { ObjectData } from '../../types/api'
import type { PayConfig } from '../../types/purchase'
import { DEV_SMS, LOGIN, LOGIN_URL, ORDER_CREATE, SANDBOX_PAY, SEND_SMS, WEAPP_LOGIN, post } from './helpers'
import { testDatabase } from './engines'

const SHELL = '<!doctype html><html><body><div id="app"></div></body></html>'

let dir: string
beforeAll(() => {
  // a built H5 site: unknown page paths get its shell, /dev/ paths must not
  dir = mkdtempSync(join(tmpdir(), 'h5-dev-'))
  writeFileSync(join(dir, 'index.html'), SHELL)
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('with DEV_ROUTES=0', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await buildApp({ database: await testDatabase(), staticDir: dir, dev: false })
  })
  afterAll(() => app.close())

  it.each([
    ['GET', `${DEV_SMS}?phone=13912345678&interCode=86`],
    ['POST', SANDBOX_PAY],
  ] as const)('answers 404 to %s %s', async (method, url) => {
    const res = await app.inject({
      method,
      url,
      ...(method === 'POST'
        ? { payload: 'orderNO=LP1&wmid=wm_buyer', headers: { 'content-type': 'application/x-www-form-urlencoded' } }
        : {}),
    })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ code: 404 })
  })

  it('still logs in through WeChat: its stand-ins are not development routes', async () => {
    expect((await post(app, LOGIN_URL, { type: 2, courseData: 'demo-paid' })).body.code).toBe(200)
    expect((await post(app, WEAPP_LOGIN, { code: 'dev:wm_teacher' })).body.code).toBe(200)
  })

  it('keeps the real calls', async () => {
    expect((await post(app, SEND_SMS, { phone: '13912345678', interCode: '86' })).body.code).toBe(200)
    const order = await post<ObjectData<PayConfig>>(app, ORDER_CREATE, { courseData: 'demo-paid', loginData: LOGIN.buyer })
    expect(order.body.data.object.isBought).toBe(0)
  })
})

describe('with the development routes on (the default)', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await buildApp({ database: await testDatabase(), staticDir: dir })
  })
  afterAll(() => app.close())

  it('answers unknown /dev/ paths 404, never the app shell', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/nothing' })
    expect(res.statusCode).toBe(404)
    expect(res.body).not.toBe(SHELL)
  })
})

describe('serverConfigFromEnv', () => {
  it('turns the development routes off only for DEV_ROUTES=0', () => {
    const env = (devRoutes: string | undefined): NodeJS.ProcessEnv => ({ ...process.env, DEV_ROUTES: devRoutes })
    expect(serverConfigFromEnv(env(undefined)).dev).toBe(true)
    expect(serverConfigFromEnv(env('1')).dev).toBe(true)
    expect(serverConfigFromEnv(env('0')).dev).toBe(false)
  })
})
