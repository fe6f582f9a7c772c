/**
 * Browser tests: Debian's chromium driven by playwright-core against the reference server
 * serving the built H5 site (dist/h5) on a random loopback port, with a fresh in-memory DB.
 * Mobile viewport 375x812. Screenshots go to test-artifacts/screenshots (gitignored). Every screenshot
 * is also an axe-core audit of that screen (./axe.ts): a serious or critical violation fails the test.
 * Every page also watches its toasts, dialogs and error states (./chineseMessages.ts): one written in
 * English only fails the journey at the next screenshot, or at the end.
 */
import fs from 'fs'
import os from 'os'
import path from 'path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import type { FastifyInstance } from 'fastify'
import { buildApp, type AppOptions } from '../../server/app'
import { DEMO_WECHAT } from '../../server/core/wechat'
import { importExport } from '../../server/content/importer'
import { MediaStore, mediaStoreFromEnv } from '../../server/content/mediaStore'
import { standinBase } from '../../server/outside/standinPath'
import { DEMO_TENCENT_SMS_ACCOUNT, TENCENT_SMS_STANDIN } from '../../server/outside/tencentSms/protocol'
import { TENCENT_SMS_OUTBOX_PATH, type DeliveredSms } from '../../server/outside/tencentSms/standin'
import { demoWechatPay } from '../../server/outside/wechatPay/demo'
import { WECHAT_PAY_STANDIN, type WechatPaySettings } from '../../server/outside/wechatPay/settings'
import { expectAccessible } from './axe'
import { type EnglishMessage, expectNoEnglish, watchForEnglish } from './chineseMessages'

const ROOT = path.resolve(__dirname, '../..')
export const SCREENSHOTS = path.join(ROOT, 'test-artifacts', 'screenshots')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

import { EXPORT_AUTHOR } from '../fixtures/contentExport'
import { IPHONE_UA } from '../fixtures/userAgents'

export { IPHONE_UA, WECHAT_UA } from '../fixtures/userAgents'

export interface E2E {
  server: FastifyInstance
  baseUrl: string
  browser: Browser
  newPage(options?: { userAgent?: string }): Promise<Page>
  /**
   * Saves a screenshot of the screen, then audits it with axe-core (throws on a violation);
   * `audit: false` for a page that is not ours (a provider's stand-in)
   */
  screenshot(page: Page, name: string, options?: { audit?: boolean }): Promise<string>
  close(): Promise<void>
}

/** The http://127.0.0.1:port a listening app answers on. */
export function originOf(app: FastifyInstance): string {
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('server did not bind a port')
  return `http://127.0.0.1:${address.port}`
}

/**
 * The outside providers (WeChat, WeChat Pay, Tencent Cloud SMS, NetEase) as other sites: an app of
 * their own, listening on another port, that serves only the stand-ins (no development routes).
 */
export async function startProviders(): Promise<{ app: FastifyInstance; origin: string }> {
  const app = await buildApp({ database: ':memory:', dev: false, staticDir: '/nonexistent' })
  await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, origin: originOf(app) }
}

/**
 * A production server's outside services as `buildApp` options: WeChat login, Tencent Cloud SMS and
 * WeChat Pay (the demo merchant's keys) at the providers' stand-ins on `providersOrigin`
 * (`startProviders`); pay notifications go to `notifyOrigin()`, the server's own address once it listens.
 */
function productionOutside(providersOrigin: string, notifyOrigin: () => string): Pick<AppOptions, 'mode' | 'wechat' | 'wechatBases' | 'sms'> & { wechatPay: WechatPaySettings } {
  return {
    mode: 'production',
    wechat: DEMO_WECHAT,
    wechatBases: { api: `${providersOrigin}/standin/wechat-api`, open: `${providersOrigin}/standin/wechat-open` },
    sms: { ...DEMO_TENCENT_SMS_ACCOUNT, endpoint: `${providersOrigin}${standinBase(TENCENT_SMS_STANDIN)}` },
    wechatPay: {
      ...demoWechatPay(),
      base: `${providersOrigin}${standinBase(WECHAT_PAY_STANDIN)}`,
      get notifyOrigin() {
        return notifyOrigin()
      },
    },
  }
}

/** A production-mode server in Chromium with its providers elsewhere (startProductionE2E). */
export interface ProductionE2E {
  e2e: E2E
  /** the providers' stand-ins, on `providersOrigin` */
  providers: FastifyInstance
  providersOrigin: string
  /** the server's WeChat Pay settings: the demo merchant's keys */
  pay: WechatPaySettings
  /** Imports an export file as `npm run import` does, its media into the server's store: the lesson's courseData. */
  importLesson(exportFile: string): Promise<string>
  /** What the SMS stand-in delivered to the mainland number `phone`, newest first: the phone's inbox. */
  inbox(phone: string): Promise<DeliveredSms[]>
  close(): Promise<void>
}

/**
 * A server with production mode's settings (no demo data, no development routes, no stand-ins of
 * its own) and an empty database, in Chromium: its WeChat login, WeChat Pay and SMS are the
 * providers' stand-ins on another port (startProviders), reached over HTTP by its real clients,
 * and WeChat Pay's notifications come back to its own address. Its media store is a temporary
 * directory (MEDIA_STORE_DIR) named after `name`. `logger`: its log settings.
 */
export async function startProductionE2E(name: string, options: Pick<AppOptions, 'logger'> = {}): Promise<ProductionE2E> {
  const { app: providers, origin: providersOrigin } = await startProviders()
  let baseUrl = ''
  const outside = productionOutside(providersOrigin, () => baseUrl)
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-store-`))
  process.env.MEDIA_STORE_DIR = storeDir
  const close = async (e2e?: E2E) => {
    await e2e?.close()
    await providers.close()
    delete process.env.MEDIA_STORE_DIR
    fs.rmSync(storeDir, { recursive: true, force: true })
  }
  let e2e: E2E
  try {
    e2e = await startE2E({ app: (staticDir) => buildApp({ ...outside, database: ':memory:', staticDir, ...options }) })
  } catch (error) {
    await close()
    throw error
  }
  baseUrl = e2e.baseUrl
  return {
    e2e,
    providers,
    providersOrigin,
    pay: outside.wechatPay,
    importLesson: async (exportFile) =>
      (await importExport(e2e.server.db, new MediaStore(mediaStoreFromEnv(process.env, storeDir)), exportFile, { author: EXPORT_AUTHOR, media: 'files' })).courseData,
    inbox: async (phone) => {
      const res = await fetch(`${providersOrigin}${standinBase(TENCENT_SMS_STANDIN)}${TENCENT_SMS_OUTBOX_PATH}?phone=%2B86${phone}`)
      return ((await res.json()) as { messages: DeliveredSms[] }).messages
    },
    close: () => close(e2e),
  }
}

/**
 * `chromiumArgs`: more switches for the browser (a fake microphone, say). `app`: the server to
 * run instead of the demo one (production settings, say), built on the H5 site it is given.
 */
export async function startE2E(
  options: { chromiumArgs?: readonly string[]; app?: (staticDir: string) => Promise<FastifyInstance> } = {},
): Promise<E2E> {
  if (!fs.existsSync(path.join(ROOT, 'dist/h5/index.html'))) throw new Error('dist/h5 is missing: run `npm run build:h5` first')
  const staticDir = path.join(ROOT, 'dist/h5')
  const server = options.app ? await options.app(staticDir) : await buildApp({ database: ':memory:', staticDir })
  await server.listen({ port: 0, host: '127.0.0.1' })
  const baseUrl = originOf(server)
  // playwright gives every launch a fresh temporary profile (it refuses --user-data-dir).
  const browser = await chromium
    .launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
      ...(options.chromiumArgs ?? []),
    ],
    })
    .catch(async (err: unknown) => {
      await server.close()
      throw err
    })
  const contexts: BrowserContext[] = []
  /** messages in English the pages showed, not yet failed on */
  const english: EnglishMessage[] = []
  const failOnEnglish = (page?: Page): void => {
    const shown = english.filter((message) => page === undefined || message.page === page)
    english.splice(0, english.length, ...english.filter((message) => !shown.includes(message)))
    expectNoEnglish(shown)
  }
  fs.mkdirSync(SCREENSHOTS, { recursive: true })
  return {
    server,
    baseUrl,
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({
        viewport: { width: 375, height: 812 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        userAgent: options.userAgent ?? IPHONE_UA,
        locale: 'zh-CN',
        timezoneId: 'Asia/Shanghai',
        baseURL: baseUrl,
      })
      contexts.push(context)
      await watchForEnglish(context, english)
      return context.newPage()
    },
    async screenshot(page, name, { audit = true } = {}) {
      const file = path.join(SCREENSHOTS, `${name}.png`)
      await page.screenshot({ path: file, fullPage: false })
      if (audit) await expectAccessible(page, name)
      failOnEnglish(page)
      return file
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined)
      await browser.close()
      await server.close()
      failOnEnglish()
    },
  }
}

/**
 * The lesson list's rows as the app draws them. An open lesson's page also has the server's first
 * screen (server/lesson/firstScreen.ts) with rows of the same classes until the app replaces it:
 * a test that goes on to use the app waits for these.
 */
export const APP_ROWS = '#app .message-row'

/**
 * Scrolls the visible Taro H5 page to its bottom. Taro H5 pages scroll inside their own
 * `.taro_page` element, not the window; the scroll event drives useReachBottom.
 */
export async function scrollToBottom(page: Page): Promise<void> {
  await page.evaluate(() => {
    const pages = document.querySelectorAll<HTMLElement>('.taro_page_show')
    const current = pages[pages.length - 1]
    if (!current) throw new Error('no visible Taro page')
    // Taro re-arms reach-bottom only after a scroll event above the threshold, as a finger gives.
    current.scrollTop = Math.max(0, current.scrollHeight - current.clientHeight - 300)
    current.dispatchEvent(new Event('scroll'))
    current.scrollTop = current.scrollHeight
    current.dispatchEvent(new Event('scroll'))
  })
}

/** Scrolls until `done` holds (each scroll may load one more page), at most `times` times. */
export async function scrollUntil(page: Page, done: () => Promise<boolean>, times = 10): Promise<void> {
  for (let i = 0; i < times && !(await done()); i++) {
    await scrollToBottom(page)
    await page.waitForTimeout(300)
  }
  if (!(await done())) throw new Error('scrolled to the end without reaching the expected state')
}
