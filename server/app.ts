import { isAbsolute, join, resolve } from 'node:path'
import formbody from '@fastify/formbody'
import Fastify from 'fastify'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { AREAS } from './areas'
import type { AppContext } from './context'
import { isPostgresUrl, type Db } from './core/sql'
import { requestTarget } from './core/urls'
import { parseFormStrict } from './core/schema'
import { clientErrorHandler, frameworkErrors } from './core/edge'
import { WORKER_HEADER, workerName } from './core/worker'
import { errorHandler, schemaErrorFormatter } from './core/envelope'
import { registerWeb } from './core/web'
import { OperatorRefusal, operatorText, settingLine } from './core/operatorTexts'
import type { Language } from './core/messages'
import { registerHealth } from './ops/health'
import { loggingOptions, registerRequestId, type LogSettings } from './ops/logging'
import { METRICS_TOKEN_MIN_LENGTH, registerMetrics } from './ops/metrics'
import { DEFAULT_RATE_LIMIT, rateLimitFromEnv, registerRateLimit, type RateLimitSettings } from './ops/rateLimit'
import { registerGraceful, type GracefulOptions } from './ops/graceful'
import { DEMO_WECHAT } from './core/wechat'
import type { WechatCredentials } from './core/wechat'
import { openAppDatabase } from './database'
import { createLessonFirstScreen } from './lesson/firstScreen'
import { createIdentity } from './login/identity'
import { createRepositories } from './repositories'
import { processRelay } from './chatroom/relay'
import { redisRelay } from './chatroom/redisRelay'
import { chinaCampaignDay } from './vip/clock'
import { iflytekFromEnv, type IflytekConfig } from './speech/routes'
import { outsideFetch } from './outside/fetch'
import { createWechatPayClient } from './outside/wechatPay/client'
import { demoWechatPay } from './outside/wechatPay/demo'
import { wechatPayFromEnv, type WechatPaySettings } from './outside/wechatPay/settings'
import { createPayments } from './purchase/payments'
import { standinRoutes } from './outside/standins'
import { standinBase } from './outside/standinPath'
import { WECHAT_PRODUCTION_BASES, createWechatOauthClient, type WechatBases } from './outside/wechatOauth/client'
import { WECHAT_API_STANDIN, WECHAT_OPEN_STANDIN } from './outside/wechatOauth/standin'
import { APP_BRIDGE_KEY_MIN_LENGTH, DEV_APP_BRIDGE_KEY } from './login/appBridge'
import { MissingSettings } from './outside/settings'
import { DEMO_TENCENT_SMS, UNCONFIGURED_SMS, tencentSmsFromEnv, tencentSmsSender, type TencentSmsConfig } from './outside/tencentSms/sender'
import type { NimConfig } from './outside/nim/client'
import { createNimRoom } from './outside/nim/room'
import { nimFromEnv } from './outside/nim/settings'
import { JsapiTicketSource } from './outside/wechatToken/tickets'
import { CHATROOM_SOCKET_PATH } from '../types/chatroom'
import { LOCAL_IAT_PATH } from '../types/speech'

declare module 'fastify' {
  interface FastifyInstance {
    /** the app's database, for scripts and tests that set up state the API cannot */
    db: Db
    /** a rolling deploy's stop: drain, finish what is in flight, send chat members on, exit (ops/graceful.ts) */
    stopGracefully: (options: GracefulOptions) => void
  }
}

/**
 * `demo` (the default): seeded demo data, development routes, development WeChat credentials.
 * `production`: none of these; the WeChat credentials come from the environment.
 */
export type ServerMode = 'demo' | 'production'

export interface AppOptions {
  /** default 'demo'; 'production' needs `wechat` */
  mode?: ServerMode
  /** the credentials that sign pay parameters, check pay notifications and sign share configs */
  wechat?: WechatCredentials
  /** trust X-Forwarded-For (behind a reverse proxy), so attempt limits count real clients */
  trustProxy?: boolean
  /**
   * The database: a PostgreSQL URL (`postgres://…`), or a SQLite file, created with its directory
   * if missing; default `:memory:` (seeded)
   */
  database?: string
  /** built H5 site; default dist/h5 of the project */
  staticDir?: string
  /** the JSON log (ops/logging.ts); `true`: with request lines, to stdout; default none */
  logger?: boolean | LogSettings
  /** METRICS_TOKEN: /metrics for the holder of this token (ops/metrics.ts); none: no /metrics */
  metricsToken?: string
  /** the API's per-client rate limit (ops/rateLimit.ts); default DEFAULT_RATE_LIMIT, `false` none */
  rateLimit?: RateLimitSettings | false
  /**
   * Development-only routes under /dev/ (WeChat login stand-in, SMS codes, payment sandbox) and
   * the logins that rely on them; default true in demo mode, always off in production
   */
  dev?: boolean
  /** sees every route as it is registered (the contract test checks them against types/) */
  onRoute?: (route: RouteOptions) => void
  /**
   * The instant the VIP campaign's window (2 to 30 April) is checked against. Default: the real
   * clock in production; in demo mode a day inside the campaign (`chinaCampaignDay`), so the demo
   * can be walked on any day of the year
   */
  vipCampaignClock?: () => number
  /** iFlytek IAT credentials; without them getIatAuth signs the local speech stand-in */
  iflytek?: IflytekConfig
  /** WeChat's login hosts; default WeChat's in production, this server's stand-ins in demo mode */
  wechatBases?: WechatBases
  /** the native app backend's key for bridge tokens (server/login/appBridge.ts); default in demo mode DEV_APP_BRIDGE_KEY */
  appBridgeKey?: string
  /** Tencent Cloud SMS; default in demo mode: its stand-in on this server, which logs the code */
  sms?: TencentSmsConfig
  /** NetEase IM for the live room's chat; none: this server's own chat room */
  nim?: NimConfig
  /** WeChat Pay API v3; default in demo mode: the demo merchant and its stand-in on this server; none: orders are refused */
  wechatPay?: WechatPaySettings
  /**
   * Redis (`redis://…`), for what several machines must share: the chat room's events and who is
   * online. Without it, the workers of one machine share them over the cluster's IPC channel.
   */
  redisUrl?: string
  /** what the names this server uses in Redis begin with (default `lesson:`): one Redis, several deployments */
  redisPrefix?: string
  /**
   * The older live viewer outside the app (/liveHome's player, identity choice and chat, spec 001 §2):
   * default on in demo mode, off in production, where every live answers the app-only notice and
   * its stream is refused (spec 001 §1: watching outside the app is no longer supported)
   */
  liveWebViewer?: boolean
}

export const PROJECT_ROOT = resolve(__dirname, '..')
export const DEFAULT_DB_PATH = join(PROJECT_ROOT, 'server', 'data', 'dev.sqlite')
export const DEFAULT_STATIC_DIR = join(PROJECT_ROOT, 'dist', 'h5')
export const MEDIA_DIR = join(__dirname, 'media')
/** How long a node with REDIS_URL waits for Redis before it starts without it (not ready until it comes). */
const REDIS_START_WAIT_MS = 5_000

export async function buildApp(opts: AppOptions = {}): Promise<FastifyInstance> {
  const demo = opts.mode !== 'production'
  const wechat = opts.wechat ?? (demo ? DEMO_WECHAT : undefined)
  if (!wechat) throw new StartupError('startupWechatOption')
  const staticDir = opts.staticDir ?? DEFAULT_STATIC_DIR
  const logger = opts.logger === true ? { requests: true } : (opts.logger ?? false)
  const app = Fastify({
    ...loggingOptions(logger),
    trustProxy: opts.trustProxy ?? false,
    schemaErrorFormatter,
    frameworkErrors: frameworkErrors(staticDir),
    clientErrorHandler: clientErrorHandler(staticDir),
  })
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute)
  const db = await openAppDatabase(opts.database ?? ':memory:', { seedDemo: demo, removeDemo: !demo })
  app.decorate('db', db)
  app.addHook('onClose', async () => {
    await db.close()
  })
  app.decorate('stopGracefully', registerGraceful(app))
  app.setErrorHandler(errorHandler)
  registerRequestId(app)
  const rateLimit = opts.rateLimit ?? DEFAULT_RATE_LIMIT
  if (rateLimit) await registerRateLimit(app, { settings: rateLimit, redisUrl: opts.redisUrl, redisPrefix: opts.redisPrefix ?? 'lesson:' })
  const worker = workerName()
  if (worker !== undefined) {
    // a callback hook, not an async one: it runs on every answer, and a promise per answer costs
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header(WORKER_HEADER, worker)
      done()
    })
  }
  await app.register(formbody, { parser: parseFormStrict })
  await registerWeb(app, { staticDir, mediaDir: MEDIA_DIR, firstScreen: createLessonFirstScreen(db) })
  const dev = demo && opts.dev !== false
  const repos = createRepositories(db)
  const redis = opts.redisUrl ? redisRelay({ url: opts.redisUrl, channel: `${opts.redisPrefix ?? 'lesson:'}chatroom` }) : undefined
  if (redis) app.addHook('onClose', () => redis.close())
  // the chat room seats nobody while the relay is down (chatroom/routes.ts): wait for it a little
  if (redis) await redis.whenUp(REDIS_START_WAIT_MS)
  registerHealth(app, { db, ...(redis ? { redisReady: () => redis.connected() } : {}) })
  registerMetrics(app, { token: opts.metricsToken, db })
  const roomRelay = redis ?? processRelay()
  const outside = outsideFetch(app)
  const sms = opts.sms ?? (demo ? DEMO_TENCENT_SMS : undefined)
  const wechatBases = opts.wechatBases ?? (demo ? { api: standinBase(WECHAT_API_STANDIN), open: standinBase(WECHAT_OPEN_STANDIN) } : WECHAT_PRODUCTION_BASES)
  const pay = opts.wechatPay ?? (demo ? demoWechatPay() : undefined)
  const context: AppContext = {
    db,
    repos,
    identity: createIdentity(repos.accounts),
    roomRelay,
    dev,
    wechat,
    vipCampaignClock: opts.vipCampaignClock ?? (demo ? chinaCampaignDay : Date.now),
    iflytek: opts.iflytek,
    outsideFetch: outside,
    wechatOauth: createWechatOauthClient(
      outside,
      wechatBases,
      { appId: wechat.appId, appSecret: wechat.appSecret },
      { appId: wechat.miniAppId, appSecret: wechat.miniAppSecret },
    ),
    appBridgeKey: opts.appBridgeKey ?? (demo ? DEV_APP_BRIDGE_KEY : undefined),
    smsSender: sms ? tencentSmsSender(sms, outside, app.log) : UNCONFIGURED_SMS,
    jsapiTickets: new JsapiTicketSource({ db, send: outside, apiBase: wechatBases.api, app: { appId: wechat.appId, appSecret: wechat.appSecret }, log: app.log }),
    ...(opts.nim ? { nimRoom: createNimRoom(opts.nim, db, outside, app.log) } : {}),
    ...(pay ? { payments: createPayments(createWechatPayClient(pay, outside), repos, [wechat.appId, wechat.miniAppId]) } : {}),
    mediaDir: MEDIA_DIR,
    liveWebViewer: opts.liveWebViewer ?? demo,
    liveFixtureStream: demo,
  }
  // demo mode answers the outside services' protocols itself (server/outside/standins.ts)
  if (demo) await app.register(standinRoutes, context)
  for (const area of AREAS) {
    if (area.routes && (dev || !area.devOnly)) await app.register(area.routes, context)
  }
  // each socket area answers its own path; an upgrade to any other path, or to no path, is refused here
  const socketPaths = [CHATROOM_SOCKET_PATH, LOCAL_IAT_PATH]
  app.server.on('upgrade', (request: { url?: string }, socket: { destroy(): void }) => {
    const target = requestTarget(request.url)
    if (!target || !socketPaths.includes(target.pathname)) socket.destroy()
  })
  return app
}

export interface ServerConfig {
  mode: ServerMode
  /** undefined in demo mode (the development credentials) */
  wechat?: WechatCredentials
  /** IFLYTEK_APP_ID, IFLYTEK_API_KEY, IFLYTEK_API_SECRET; undefined: the local speech stand-in */
  iflytek?: IflytekConfig
  /** WECHAT_API_BASE and WECHAT_OPEN_BASE, when set (both default to WeChat's hosts in production) */
  wechatBases?: WechatBases
  /** APP_BRIDGE_KEY: the native app's login; unset, the app's web view logs in as a browser does */
  appBridgeKey?: string
  /** TENCENT_SMS_*; undefined in demo mode (its stand-in) */
  sms?: TencentSmsConfig
  /** NIM_APP_KEY, NIM_APP_SECRET and NIM_API_BASE, in either mode; undefined: the local chat room */
  nim?: NimConfig
  /** WECHAT_PAY_*; undefined in demo mode (its stand-in) */
  wechatPay?: WechatPaySettings
  trustProxy: boolean
  port: number
  host: string
  /** DATABASE_URL (PostgreSQL), else DB_PATH (a SQLite file) */
  database: string
  /** REDIS_URL */
  redisUrl?: string
  /** REDIS_PREFIX */
  redisPrefix?: string
  /** LIVE_WEB_VIEWER (1 or 0); undefined: the mode's default (on in demo mode) */
  liveWebViewer?: boolean
  staticDir: string
  /** LOG=1: request lines in the JSON log (warnings and errors are always written) */
  logger: boolean
  /** METRICS_TOKEN */
  metricsToken?: string
  /** RATE_LIMIT_MAX and RATE_LIMIT_WINDOW_S */
  rateLimit: RateLimitSettings | false
  dev: boolean
}

const fromCwd = (path: string): string => (path === ':memory:' || isAbsolute(path) ? path : resolve(path))

/** Environment variables, as process.env has them. */
type Environment = Readonly<Record<string, string | undefined>>

/** A start that cannot go on, said in a sentence in the operator's language (no stack): bad settings, a port in use. */
export class StartupError extends OperatorRefusal {}

/**
 * What the process prints under its address (in the operator's language), so nobody mistakes the
 * demo for a deployment, and nobody starts a second machine on a shared database without what
 * machines must share.
 */
export function modeNotice({ mode, database, redisUrl }: Pick<ServerConfig, 'mode' | 'database' | 'redisUrl'>, language: Language): string {
  const lines = [operatorText(mode === 'demo' ? 'modeDemo' : 'modeProduction', language)]
  if (isPostgresUrl(database) && !redisUrl) lines.push(operatorText('modePostgresWithoutRedis', language))
  return lines.join('\n')
}

/** The environment variables production mode cannot start without (what each one is: core/operatorTexts.ts). */
export const PRODUCTION_SECRETS = ['WECHAT_APP_ID', 'WECHAT_APP_SECRET', 'WECHAT_MINI_APP_ID', 'WECHAT_MINI_APP_SECRET'] as const

function serverMode(env: Environment): ServerMode {
  const mode = env.SERVER_MODE ?? (env.NODE_ENV === 'production' ? 'production' : 'demo')
  if (mode !== 'demo' && mode !== 'production') {
    throw new StartupError('startupServerMode', { mode })
  }
  return mode
}

function wechatFromEnv(env: Environment): WechatCredentials {
  const missing = PRODUCTION_SECRETS.filter((name) => !env[name])
  if (missing.length > 0) throw new StartupError('startupProductionMissing', { lines: missing.map(settingLine) })
  return {
    appId: String(env.WECHAT_APP_ID),
    appSecret: String(env.WECHAT_APP_SECRET),
    miniAppId: String(env.WECHAT_MINI_APP_ID),
    miniAppSecret: String(env.WECHAT_MINI_APP_SECRET),
  }
}

/** The iFlytek credentials when IFLYTEK_* are set; a partial set stops the start as a StartupError. */
function iflytekConfig(env: Environment): { iflytek?: IflytekConfig } {
  try {
    const iflytek = iflytekFromEnv(env)
    return iflytek ? { iflytek } : {}
  } catch (error) {
    throw error instanceof OperatorRefusal ? new StartupError(error.said.key, error.said.params) : error
  }
}

/**
 * WECHAT_API_BASE and WECHAT_OPEN_BASE (both or neither: WeChat's hosts), e.g. a test's stand-ins;
 * APP_BRIDGE_KEY, the native app's login key, when the app's backend signs bridge tokens.
 */
function wechatLoginSettings(env: Environment): Pick<ServerConfig, 'wechatBases' | 'appBridgeKey'> {
  const api = env.WECHAT_API_BASE
  const open = env.WECHAT_OPEN_BASE
  if (Boolean(api) !== Boolean(open)) throw new StartupError('startupWechatBases')
  for (const [name, value] of [['WECHAT_API_BASE', api], ['WECHAT_OPEN_BASE', open]] as const) {
    if (value && !/^https?:\/\/[^/]+(\/.*)?$/.test(value)) throw new StartupError('startupNotHttpUrl', { name, value })
  }
  if (env.APP_BRIDGE_KEY && env.APP_BRIDGE_KEY.length < APP_BRIDGE_KEY_MIN_LENGTH) throw new StartupError('startupBridgeKeyShort', { min: APP_BRIDGE_KEY_MIN_LENGTH })
  return {
    ...(api && open ? { wechatBases: { api: api.replace(/\/$/, ''), open: open.replace(/\/$/, '') } } : {}),
    ...(env.APP_BRIDGE_KEY ? { appBridgeKey: env.APP_BRIDGE_KEY } : {}),
  }
}

/** An outside service's settings (server/outside/settings.ts); a missing one stops the start, naming each. */
function outsideSettings<T>(read: () => T): T {
  try {
    return read()
  } catch (error) {
    if (!(error instanceof MissingSettings)) throw error
    throw new StartupError('startupSettingsMissing', { lines: error.missing.map(settingLine) })
  }
}

/** NetEase IM for the live chat, in either mode: NIM_APP_KEY and NIM_APP_SECRET both, or neither. */
function nimConfig(env: Environment): { nim?: NimConfig } {
  const nim = outsideSettings(() => nimFromEnv(env))
  return nim ? { nim } : {}
}

/** LIVE_WEB_VIEWER: `1` on, `0` off, unset the mode's default; anything else stops the start. */
function liveWebViewerSetting(env: Environment): Pick<ServerConfig, 'liveWebViewer'> {
  const value = env.LIVE_WEB_VIEWER
  if (value === undefined || value === '') return {}
  if (value !== '1' && value !== '0') throw new StartupError('startupLiveWebViewer', { value })
  return { liveWebViewer: value === '1' }
}

/** METRICS_TOKEN, when set: at least METRICS_TOKEN_MIN_LENGTH characters, or the start stops. */
function metricsSetting(env: Environment): Pick<ServerConfig, 'metricsToken'> {
  const token = env.METRICS_TOKEN
  if (!token) return {}
  if (token.length < METRICS_TOKEN_MIN_LENGTH || /\s/.test(token)) {
    throw new StartupError('startupMetricsToken', { min: METRICS_TOKEN_MIN_LENGTH })
  }
  return { metricsToken: token }
}

function rateLimitSetting(env: Environment): RateLimitSettings | false {
  const settings = rateLimitFromEnv(env)
  if (settings !== false && 'key' in settings) throw new StartupError(settings.key, settings.params)
  return settings
}

/**
 * SERVER_MODE (demo, or production; NODE_ENV=production also means production), PORT (3000),
 * HOST (127.0.0.1), DATABASE_URL (a PostgreSQL database) or else DB_PATH (the SQLite file,
 * server/data/dev.sqlite), REDIS_URL (shared chat room events) and REDIS_PREFIX, STATIC_DIR (dist/h5),
 * LOG=1 logs requests, METRICS_TOKEN opens /metrics, RATE_LIMIT_MAX and RATE_LIMIT_WINDOW_S set the API's rate limit,
 * DEV_ROUTES=0 turns the development routes off in demo mode, TRUST_PROXY=1 reads client
 * addresses from X-Forwarded-For; production mode reads PRODUCTION_SECRETS; IFLYTEK_APP_ID,
 * IFLYTEK_API_KEY and IFLYTEK_API_SECRET (all or none) for the real speech service; production
 * mode also reads TENCENT_SMS_* (outside/tencentSms/sender.ts); NIM_APP_KEY and NIM_APP_SECRET (both
 * or none) put the live chat on NetEase IM (outside/nim/settings.ts); LIVE_WEB_VIEWER=1 or 0 turns
 * the older live viewer outside the app on or off (default: on in demo mode only).
 */
export function serverConfigFromEnv(env: Environment): ServerConfig {
  const port = Number(env.PORT ?? 3000)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new StartupError('startupPort', { value: String(env.PORT) })
  const mode = serverMode(env)
  return {
    mode,
    ...(mode === 'production' ? { wechat: wechatFromEnv(env), sms: outsideSettings(() => tencentSmsFromEnv(env)), wechatPay: outsideSettings(() => wechatPayFromEnv(env)) } : {}),
    ...iflytekConfig(env),
    ...nimConfig(env),
    ...wechatLoginSettings(env),
    trustProxy: env.TRUST_PROXY === '1',
    port,
    host: env.HOST ?? '127.0.0.1',
    database: env.DATABASE_URL || (env.DB_PATH ? fromCwd(env.DB_PATH) : DEFAULT_DB_PATH),
    ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
    ...(env.REDIS_PREFIX ? { redisPrefix: env.REDIS_PREFIX } : {}),
    ...liveWebViewerSetting(env),
    staticDir: env.STATIC_DIR ? fromCwd(env.STATIC_DIR) : DEFAULT_STATIC_DIR,
    logger: env.LOG === '1',
    ...metricsSetting(env),
    rateLimit: rateLimitSetting(env),
    dev: mode === 'demo' && env.DEV_ROUTES !== '0',
  }
}

/** Why the server could not listen, in words that say what to do; other errors as they are. */
function listenFailure(error: unknown, { port, host }: ServerConfig): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code
  if (code === 'EADDRINUSE') {
    return new StartupError('startupPortInUse', { port, host, next: port === 65535 ? 3001 : port + 1 })
  }
  if (code === 'EACCES') return new StartupError('startupPortPrivileges', { port, host })
  if (code === 'EADDRNOTAVAIL') return new StartupError('startupHostNotHere', { host })
  return error
}

/** Builds and starts listening; `url` is the address to open (http://HOST:PORT/). */
export async function startServer(config: ServerConfig): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildApp({
    mode: config.mode,
    wechat: config.wechat,
    trustProxy: config.trustProxy,
    database: config.database,
    staticDir: config.staticDir,
    logger: { requests: config.logger },
    metricsToken: config.metricsToken,
    rateLimit: config.rateLimit,
    dev: config.dev,
    iflytek: config.iflytek,
    wechatBases: config.wechatBases,
    appBridgeKey: config.appBridgeKey,
    sms: config.sms,
    nim: config.nim,
    wechatPay: config.wechatPay,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    liveWebViewer: config.liveWebViewer,
  })
  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    await app.close()
    throw listenFailure(error, config)
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address !== null ? address.port : config.port
  const host = config.host.includes(':') ? `[${config.host}]` : config.host
  return { app, url: `http://${host}:${port}/` }
}
