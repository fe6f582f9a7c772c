/**
 * Production mode (issue 15 item 3): no development routes, no demo data, no demo sessions, the
 * WeChat credentials from the environment and a refusal to start without them. Demo mode stays
 * the default.
 */
import { textOf } from '../../server/core/messages'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { StartupError, buildApp, modeNotice, serverConfigFromEnv } from '../../server/app'
import { generateKeyPairSync } from 'node:crypto'
import type { WechatCredentials } from '../../server/core/wechat'
import type { WechatPaySettings } from '../../server/outside/wechatPay/settings'
import { notificationBody, wechatpayHeaders } from '../../server/outside/wechatPay/standin'
import type { ObjectData } from '../../types/api'
import type { PayConfig } from '../../types/purchase'
import type { ShareConfig } from '../../types/share'
import { BUYER, DEV_SMS, LOGIN, LOGIN_URL, ORDER_CREATE, ORDER_QUERY, SANDBOX_PAY, SHARE_CONFIG, V2_INFO, V2_LIST, post } from './helpers'
import { sharedTestDatabase, testDatabase } from './engines'

const SECRETS = {
  WECHAT_APP_ID: 'wx-prod-app',
  WECHAT_APP_SECRET: 's',
  WECHAT_MINI_APP_ID: 'wx-mini',
  WECHAT_MINI_APP_SECRET: 'ms',
  TENCENT_SMS_SECRET_ID: 'AKIDprod',
  TENCENT_SMS_SECRET_KEY: 'prod-sms-key',
  TENCENT_SMS_SDK_APP_ID: '1400000001',
  TENCENT_SMS_SIGN_NAME: '微脉',
  TENCENT_SMS_TEMPLATE_ID: '200000',
  TENCENT_SMS_REGION: 'ap-guangzhou',
}
const WECHAT: WechatCredentials = { appId: 'wx-prod-app', appSecret: 's', miniAppId: 'wx-mini', miniAppSecret: 'ms' }

/** The merchant's key and WeChat Pay's public key of a production merchant: not the demo's. */
const merchantKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
const wechatpayKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
const pem = (key: { export(options: { type: 'pkcs8' | 'spki'; format: 'pem' }): string | Buffer }, type: 'pkcs8' | 'spki') => String(key.export({ type, format: 'pem' }))
const PAY_SECRETS = {
  WECHAT_PAY_MCH_ID: '1230000109',
  WECHAT_PAY_SERIAL: '444F4864EA9B34415',
  WECHAT_PAY_PRIVATE_KEY: pem(merchantKey.privateKey, 'pkcs8'),
  WECHAT_PAY_API_V3_KEY: 'prodApiV3Key0123456789abcdefABCD',
  WECHAT_PAY_PUBLIC_KEY: pem(wechatpayKey.publicKey, 'spki'),
  WECHAT_PAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0112300001092025PROD0000000',
  WECHAT_PAY_NOTIFY_ORIGIN: 'https://lesson.example.com',
}


/** The environment without anything this test's process happens to have set. */
const env = (vars: Record<string, string | undefined>): Record<string, string | undefined> => ({ PATH: process.env.PATH, ...vars })

describe('serverConfigFromEnv', () => {
  it('is demo mode by default: development routes on, loopback only', () => {
    const config = serverConfigFromEnv(env({}))
    expect(config).toMatchObject({ mode: 'demo', dev: true, host: '127.0.0.1', port: 3000 })
    expect(config.wechat).toBeUndefined()
  })

  it.each([{ SERVER_MODE: 'production' }, { NODE_ENV: 'production' }])(
    'refuses to start %j without the WeChat credentials, naming each one',
    (vars) => {
      const start = () => serverConfigFromEnv(env({ ...vars, WECHAT_APP_ID: 'wx-prod-app' }))
      expect(start).toThrow(StartupError)
      expect(start).toThrow(/WECHAT_APP_SECRET: .*\n\s+WECHAT_MINI_APP_ID: .*\n\s+WECHAT_MINI_APP_SECRET: /)
      expect(start).not.toThrow(/WECHAT_APP_ID/)
    },
  )

  it('reads the credentials in production and keeps development routes off even with DEV_ROUTES=1', () => {
    const config = serverConfigFromEnv(env({ SERVER_MODE: 'production', DEV_ROUTES: '1', ...SECRETS, ...PAY_SECRETS }))
    expect(config).toMatchObject({ mode: 'production', dev: false, wechat: WECHAT, host: '127.0.0.1' })
    expect(config.wechatPay).toMatchObject({ base: 'https://api.mch.weixin.qq.com', mchId: '1230000109', notifyOrigin: 'https://lesson.example.com' })
    expect([...(config.wechatPay?.wechatpayKeys.keys() ?? [])]).toEqual([PAY_SECRETS.WECHAT_PAY_PUBLIC_KEY_ID])
  })

  it('refuses to start without WeChat Pay API v3\'s settings, naming each one; the v2 key is none of them', () => {
    const start = () => serverConfigFromEnv(env({ SERVER_MODE: 'production', ...SECRETS, WECHAT_PAY_KEY: 'a v2 key', WECHAT_PAY_API_V3_KEY: 'too short' }))
    expect(start).toThrow(StartupError)
    expect(start).toThrow(
      /WECHAT_PAY_MCH_ID: .*\n\s+WECHAT_PAY_SERIAL: .*\n\s+WECHAT_PAY_PRIVATE_KEY: .*\n\s+WECHAT_PAY_API_V3_KEY: .*\n\s+WECHAT_PAY_PUBLIC_KEY: .*\n\s+WECHAT_PAY_NOTIFY_ORIGIN: /,
    )
    expect(start).not.toThrow(/WECHAT_PAY_KEY/)
  })

  it('lets SERVER_MODE=demo win over NODE_ENV=production and refuses an unknown mode', () => {
    expect(serverConfigFromEnv(env({ NODE_ENV: 'production', SERVER_MODE: 'demo' })).mode).toBe('demo')
    expect(() => serverConfigFromEnv(env({ SERVER_MODE: 'prod' }))).toThrow('SERVER_MODE must be demo or production')
  })

  it('reads DATABASE_URL before DB_PATH, and REDIS_URL and REDIS_PREFIX when given', () => {
    const shared = serverConfigFromEnv(env({ DATABASE_URL: 'postgres://u:p@db:5432/lesson', DB_PATH: '/x.sqlite', REDIS_URL: 'redis://r:6379', REDIS_PREFIX: 'b:' }))
    expect(shared).toMatchObject({ database: 'postgres://u:p@db:5432/lesson', redisUrl: 'redis://r:6379', redisPrefix: 'b:' })
    const alone = serverConfigFromEnv(env({ DB_PATH: '/x.sqlite' }))
    expect(alone.database).toBe('/x.sqlite')
    expect(alone.redisUrl).toBeUndefined()
  })

  it('says at start what a second machine would miss: PostgreSQL without Redis', () => {
    const notice = (vars: Record<string, string>) => modeNotice(serverConfigFromEnv(env(vars)), 'en')
    expect(notice({ DATABASE_URL: 'postgres://u:p@db/lesson' })).toContain('PostgreSQL without REDIS_URL')
    expect(modeNotice(serverConfigFromEnv(env({ DATABASE_URL: 'postgres://u:p@db/lesson' })), 'zh-CN')).toMatch(/^演示模式：.*\n使用 PostgreSQL 但没有设置 REDIS_URL：/)
    expect(notice({ DATABASE_URL: 'postgres://u:p@db/lesson', REDIS_URL: 'redis://r' })).not.toContain('REDIS_URL')
    expect(notice({ DB_PATH: '/x.sqlite' })).not.toContain('REDIS_URL')
  })

  it('takes HOST and TRUST_PROXY when told', () => {
    expect(serverConfigFromEnv(env({ HOST: '0.0.0.0', TRUST_PROXY: '1' }))).toMatchObject({ host: '0.0.0.0', trustProxy: true })
  })
})

it('buildApp refuses production mode without credentials', async () => {
  await expect(buildApp({ mode: 'production' })).rejects.toThrow(StartupError)
})

describe('a production server', () => {
  let dir: string
  let app: FastifyInstance
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lesson-prod-'))
    // a database the demo seeded first: its published sessions must stop working
    const database = await sharedTestDatabase(join(dir, 'data.sqlite'))
    await (await buildApp({ database })).close()
    // WeChat's API is a closed port here: the share config must not reach the real one
    // WeChat Pay too: a production merchant's settings, whose API is that closed port
    const wechatPay: WechatPaySettings = { ...serverConfigFromEnv(env({ SERVER_MODE: 'production', ...SECRETS, ...PAY_SECRETS })).wechatPay!, base: 'http://127.0.0.1:9' }
    app = await buildApp({ mode: 'production', wechat: WECHAT, wechatPay, wechatBases: { api: 'http://127.0.0.1:9', open: 'https://open.weixin.qq.com' }, database, staticDir: join(dir, 'h5') })
  })
  afterAll(async () => {
    await app.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('has no development routes', async () => {
    expect((await app.inject({ method: 'GET', url: '/dev/login' })).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: `${DEV_SMS}?phone=13800000003` })).statusCode).toBe(404)
    expect((await post(app, SANDBOX_PAY, { orderNO: 'LP1' })).status).toBe(404)
    // the login goes to WeChat itself: its URL is ours, the code exchange WeChat's (wechatLogin.test.ts)
    const url = await post<ObjectData<{ loginUrl: string }>>(app, LOGIN_URL, { type: 1 })
    expect(new URL(url.body.data.object.loginUrl).pathname).toBe('/wmim/wechat/login')
    const authorize = await app.inject({ method: 'GET', url: '/wmim/wechat/login?type=1' })
    expect(String(authorize.headers.location)).toMatch(/^https:\/\/open\.weixin\.qq\.com\/connect\/oauth2\/authorize\?appid=wx-prod-app&/)
    expect((await app.inject({ method: 'GET', url: '/standin/wechat-open/connect/oauth2/authorize' })).body).not.toContain('微信授权（模拟）')
  })

  it('does not accept the demo sessions and login credentials', async () => {
    const list = await post(app, V2_LIST, { courseData: 'paid-bought', page: 1, pageSize: 1 }, BUYER)
    expect(list.body.code).toBe(601)
    expect((await post(app, ORDER_QUERY, { orderNO: 'LP1', loginData: LOGIN.buyer })).body.code).toBe(601)
    expect((await post(app, ORDER_CREATE, { courseData: 'demo-paid', loginData: LOGIN.teacher })).body.code).toBe(601)
  })

  it('signs share configs only with a ticket WeChat gave it: none here, so the client skips share setup', async () => {
    const { body } = await post<ObjectData<ShareConfig>>(app, SHARE_CONFIG, { registerUrl: 'https://h5.example.com/a' })
    expect(body).toEqual({ code: 505, msg: textOf('shareConfigUnavailable', 'zh-CN'), data: null })
  })

  it('takes pay notifications signed by its own WeChat Pay key only, never the demo\'s, and no form-encoded ones', async () => {
    const body = notificationBody('TRANSACTION.SUCCESS', '支付成功', 'transaction', { mchid: '1230000109', appid: 'wx-prod-app', out_trade_no: 'LP404', trade_state: 'SUCCESS', amount: { total: 990 } }, Date.now())
    const notify = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/wechatpay/notify/transaction', payload: body, headers: { 'content-type': 'application/json', ...headers } })
    // the demo's WeChat Pay key and serial: unknown here
    const demo = await notify(wechatpayHeaders(body, Date.now()))
    expect(demo.statusCode).toBe(401)
    expect(demo.json()).toEqual({ code: 'FAIL', message: 'Wechatpay-Serial names no key of ours' })
    // the production serial, signed with the demo's key: the signature does not verify
    const forged = await notify({ ...wechatpayHeaders(body, Date.now()), 'wechatpay-serial': PAY_SECRETS.WECHAT_PAY_PUBLIC_KEY_ID })
    expect(forged.json()).toEqual({ code: 'FAIL', message: 'the signature does not verify' })
    // WeChat Pay v2's form-encoded notify is gone
    expect((await post(app, '/wmim/pay/notify.do', { out_trade_no: 'LP404', total_fee: '990', sign: 'x' })).status).toBe(404)
  })
})

it('a production server on a new database has no demo data', async () => {
  const app = await buildApp({ mode: 'production', wechat: WECHAT, database: await testDatabase({ seeded: false }) })
  const lessons = await app.db.one('SELECT count(*) AS n FROM lessons')
  const info = await post<ObjectData<PayConfig>>(app, V2_INFO, { courseData: 'demo-open' })
  await app.close()
  expect(lessons).toEqual({ n: 0 })
  expect(info.body.code).toBe(404)
})
