/**
 * The live room's chat on NetEase IM (issue 31 item 6): with NIM_APP_KEY and NIM_APP_SECRET the
 * play answer carries NetEase's app key, the viewer's account and token (registered through the
 * server API, CheckSum-signed) and the room's addresses; without them, the local room as before.
 * The refresh on "already registered" is tested against a small NetEase-shaped server (the
 * platform edge), since the stand-in remembers no account.
 */
import type { AddressInfo } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { StartupError, buildApp, serverConfigFromEnv } from '../../server/app'
import { createNimClient } from '../../server/outside/nim/client'
import { DEMO_NIM_APP, NIM_STANDIN, nimCheckSum } from '../../server/outside/nim/protocol'
import { standinBase } from '../../server/outside/standinPath'
import type { ObjectData } from '../../types/api'
import { liveCalls, type LiveInfo } from '../../types/live'
import { testDatabase } from './engines'
import { LOGIN, post } from './helpers'

describe('CheckSum', () => {
  // NetEase publishes the rule, SHA1(AppSecret + Nonce + CurTime) in lower-case hex, not a vector
  // with its secret: this one is the Nonce and CurTime of its curl example with a secret of ours,
  // its SHA-1 computed apart (printf '%s' ab6e3fb1bd2f4tgggergigwow323t23t1443592222 | sha1sum)
  it('is the lower-case hex SHA-1 of AppSecret, Nonce and CurTime, in that order', () => {
    expect(nimCheckSum('ab6e3fb1bd2f', '4tgggergigwow323t23t', '1443592222')).toBe('e63aa7c26f2f1500c5cbc30c75fde1e5c712ccdf')
  })
})

const play = (app: FastifyInstance, fields: Record<string, string | number>) =>
  post<ObjectData<LiveInfo>>(app, liveCalls.play.path, { fromType: 1, courseData: 'live-now', ...fields })

describe('the play answer', () => {
  let nimApp: FastifyInstance
  let localApp: FastifyInstance
  beforeAll(async () => {
    // demo data and the NetEase stand-in this app serves, with NIM set to the demo application
    nimApp = await buildApp({ database: await testDatabase(), staticDir: '/nonexistent', nim: { ...DEMO_NIM_APP, base: standinBase(NIM_STANDIN) } })
    localApp = await buildApp({ database: await testDatabase(), staticDir: '/nonexistent' })
  })
  afterAll(async () => {
    await nimApp.close()
    await localApp.close()
  })

  it('carries NetEase\'s app key, the viewer\'s account and token and the room\'s addresses with NIM set', async () => {
    const { body } = await play(nimApp, { loginType: 1, loginData: LOGIN.buyer })
    const data = body.data.object.watchData
    expect(data).toMatchObject({ appKey: DEMO_NIM_APP.appKey, account: 'wm_buyer', chatroomId: 'demo-live', chatroomAddresses: ['chatroom-1.nim.standin.invalid:443'] })
    expect(data?.imToken).toMatch(/^[0-9a-f]{32}$/)
    // the token NetEase issued is kept: the user's other devices and later visits get the same one
    expect(await nimApp.db.one('SELECT token FROM nim_accounts WHERE wmid = ?', ['wm_buyer'])).toEqual({ token: data?.imToken })
    const again = await play(nimApp, { loginType: 1, loginData: LOGIN.buyer })
    expect(again.body.data.object.watchData?.imToken).toBe(data?.imToken)
    // not the local room's chat token
    expect(await nimApp.db.one('SELECT wmid FROM chat_tokens WHERE token = ?', [data?.imToken ?? ''])).toBeUndefined()
  })

  it('gives the mini-program NetEase\'s wechatlink addresses (WeChat\'s Referer names it)', async () => {
    const { body } = await post<ObjectData<LiveInfo>>(nimApp, liveCalls.play.path, { fromType: 1, courseData: 'live-now', loginType: 2 }, { referer: 'https://servicewechat.com/wx-dev-mini/0/page-frame.html' })
    expect(body.data.object.watchData?.chatroomAddresses).toEqual(['chatroom-3.nim.standin.invalid:443'])
  })

  it('lets a guest in anonymously: the app key and addresses, no account', async () => {
    const { body } = await play(nimApp, { loginType: 2 })
    expect(body.data.object.watchData).toMatchObject({ appKey: DEMO_NIM_APP.appKey, account: '', imToken: '', chatroomAddresses: ['chatroom-1.nim.standin.invalid:443'] })
  })

  it('keeps the local room without NIM set', async () => {
    const { body } = await play(localApp, { loginType: 1, loginData: LOGIN.buyer })
    const data = body.data.object.watchData
    expect(data).toMatchObject({ appKey: '', account: 'wm_buyer', chatroomId: 'demo-live' })
    expect(data?.chatroomAddresses[0]).toMatch(/^ws:\/\/localhost(:\d+)?\/im\/chatroom$/)
  })

  it('keeps the app key and gives no address when NetEase refuses, never the local room', async () => {
    const refused = await buildApp({ database: await testDatabase(), staticDir: '/nonexistent', nim: { appKey: DEMO_NIM_APP.appKey, appSecret: 'not-the-secret', base: standinBase(NIM_STANDIN) } })
    try {
      const { body } = await play(refused, { loginType: 1, loginData: LOGIN.buyer })
      expect(body.code).toBe(200)
      expect(body.data.object.playUrl).not.toBe('')
      expect(body.data.object.watchData).toMatchObject({ appKey: DEMO_NIM_APP.appKey, imToken: '', chatroomAddresses: [] })
      expect(await refused.db.one('SELECT token FROM nim_accounts')).toBeUndefined()
    } finally {
      await refused.close()
    }
  })
})

describe('the stand-in checks the CheckSum as NetEase does', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await buildApp({ database: await testDatabase({ seeded: false }), staticDir: '/nonexistent' })
  })
  afterAll(() => app.close())

  const create = (headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: `${standinBase(NIM_STANDIN)}/user/create.action`, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: 'accid=wm_a' })

  it('answers 414 to a wrong or stale CheckSum, 403 to an unknown AppKey, 200 to a right one', async () => {
    const curTime = String(Math.floor(Date.now() / 1000))
    const signed = { AppKey: DEMO_NIM_APP.appKey, Nonce: 'n1', CurTime: curTime, CheckSum: nimCheckSum(DEMO_NIM_APP.appSecret, 'n1', curTime) }
    expect((await create(signed)).json()).toMatchObject({ code: 200, info: { accid: 'wm_a' } })
    expect((await create({ ...signed, Nonce: 'n2' })).json()).toMatchObject({ code: 414 })
    const stale = String(Number(curTime) - 600)
    expect((await create({ ...signed, CurTime: stale, CheckSum: nimCheckSum(DEMO_NIM_APP.appSecret, 'n1', stale) })).json()).toMatchObject({ code: 414 })
    expect((await create({ ...signed, AppKey: 'other' })).json()).toMatchObject({ code: 403 })
  })
})

describe('an account NetEase already has', () => {
  it('gets a new token through refreshToken, each call signed', async () => {
    const calls: Array<{ path: string; form: Record<string, string>; valid: boolean }> = []
    const edge = Fastify()
    edge.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))))
    edge.post('/nimserver/*', async (request) => {
      const h = (name: string) => String(request.headers[name])
      calls.push({ path: request.url, form: request.body as Record<string, string>, valid: h('checksum') === nimCheckSum('edge-secret', h('nonce'), h('curtime')) && h('appkey') === 'edge-key' })
      if (request.url.endsWith('/user/create.action')) return { code: 414, desc: 'already register' }
      return { code: 200, info: { token: 'refreshed-token', accid: 'wm_a' } }
    })
    await edge.listen({ port: 0, host: '127.0.0.1' })
    try {
      const base = `http://127.0.0.1:${(edge.server.address() as AddressInfo).port}/nimserver`
      const client = createNimClient({ appKey: 'edge-key', appSecret: 'edge-secret', base }, fetch)
      expect(await client.register('wm_a', '阿杰', 'https://h5.example.com/a.png')).toBe('refreshed-token')
      expect(calls).toEqual([
        { path: '/nimserver/user/create.action', form: { accid: 'wm_a', name: '阿杰', icon: 'https://h5.example.com/a.png' }, valid: true },
        { path: '/nimserver/user/refreshToken.action', form: { accid: 'wm_a' }, valid: true },
      ])
    } finally {
      await edge.close()
    }
  })
})

describe('settings', () => {
  const env = { PATH: process.env.PATH }
  it('uses NetEase with both NIM_APP_KEY and NIM_APP_SECRET, the local room with neither, and refuses one alone', () => {
    expect(serverConfigFromEnv(env).nim).toBeUndefined()
    expect(serverConfigFromEnv({ ...env, NIM_APP_KEY: 'k', NIM_APP_SECRET: 's' }).nim).toEqual({ appKey: 'k', appSecret: 's', base: 'https://api.netease.im/nimserver' })
    expect(serverConfigFromEnv({ ...env, NIM_APP_KEY: 'k', NIM_APP_SECRET: 's', NIM_API_BASE: 'http://127.0.0.1:9/nimserver/' }).nim?.base).toBe('http://127.0.0.1:9/nimserver')
    const half = () => serverConfigFromEnv({ ...env, NIM_APP_KEY: 'k' })
    expect(half).toThrow(StartupError)
    expect(half).toThrow(/NIM_APP_SECRET: /)
  })
})
