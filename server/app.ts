import { isAbsolute, join, resolve } from 'node:path'
import formbody from '@fastify/formbody'
import Fastify from 'fastify'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { openDatabase } from './core/db'
import type { Db } from './core/db'
import { errorHandler, schemaErrorFormatter } from './core/envelope'
import { registerWeb } from './core/web'
import { devRoutes } from './dev/routes'
import { lessonRoutes } from './lesson/routes'
import { loginRoutes } from './login/routes'
import { moneyRoutes } from './money/routes'
import { purchaseRoutes } from './purchase/routes'
import { shareRoutes } from './share/routes'

declare module 'fastify' {
  interface FastifyInstance {
    /** the app's database, for scripts and tests that set up state the API cannot */
    db: Db
  }
}

export interface AppOptions {
  /** SQLite file, created with its directory if missing; default `:memory:` (seeded) */
  dbPath?: string
  /** built H5 site; default dist/h5 of the project */
  staticDir?: string
  logger?: boolean
  /**
   * Development-only routes under /dev/ (WeChat login stand-in, SMS codes, payment sandbox) and
   * the logins that rely on them; default true
   */
  dev?: boolean
  /** sees every route as it is registered (the contract test checks them against types/) */
  onRoute?: (route: RouteOptions) => void
}

export const PROJECT_ROOT = resolve(__dirname, '..')
export const DEFAULT_DB_PATH = join(PROJECT_ROOT, 'server', 'data', 'dev.sqlite')
export const DEFAULT_STATIC_DIR = join(PROJECT_ROOT, 'dist', 'h5')
export const MEDIA_DIR = join(__dirname, 'media')

export async function buildApp(opts: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: opts.logger ?? false, schemaErrorFormatter })
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute)
  const db = openDatabase(opts.dbPath ?? ':memory:')
  app.decorate('db', db)
  app.addHook('onClose', async () => {
    db.close()
  })
  app.setErrorHandler(errorHandler)
  await app.register(formbody)
  await registerWeb(app, { staticDir: opts.staticDir ?? DEFAULT_STATIC_DIR, mediaDir: MEDIA_DIR })
  const dev = opts.dev !== false
  await app.register(lessonRoutes, { db })
  await app.register(loginRoutes, { db, dev })
  await app.register(purchaseRoutes, { db })
  await app.register(shareRoutes)
  await app.register(moneyRoutes, { db, dev })
  if (dev) await app.register(devRoutes, { db })
  return app
}

export interface ServerConfig {
  port: number
  host: string
  dbPath: string
  staticDir: string
  logger: boolean
  dev: boolean
}

const fromCwd = (path: string): string => (path === ':memory:' || isAbsolute(path) ? path : resolve(path))

/**
 * PORT (3000), HOST (127.0.0.1), DB_PATH (server/data/dev.sqlite), STATIC_DIR (dist/h5), LOG=1 logs
 * requests, DEV_ROUTES=0 turns the development routes off.
 */
export function serverConfigFromEnv(env: NodeJS.ProcessEnv): ServerConfig {
  const port = Number(env.PORT ?? 3000)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`)
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dbPath: env.DB_PATH ? fromCwd(env.DB_PATH) : DEFAULT_DB_PATH,
    staticDir: env.STATIC_DIR ? fromCwd(env.STATIC_DIR) : DEFAULT_STATIC_DIR,
    logger: env.LOG === '1',
    dev: env.DEV_ROUTES !== '0',
  }
}

/** Builds and starts listening; `url` is the address to open (http://HOST:PORT/). */
export async function startServer(config: ServerConfig): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildApp({
    dbPath: config.dbPath,
    staticDir: config.staticDir,
    logger: config.logger,
    dev: config.dev,
  })
  await app.listen({ port: config.port, host: config.host })
  const address = app.server.address()
  const port = typeof address === 'object' && address !== null ? address.port : config.port
  const host = config.host.includes(':') ? `[${config.host}]` : config.host
  return { app, url: `http://${host}:${port}/` }
}
