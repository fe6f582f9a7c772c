/**
 * Loads pages of the compiled mini-program (dist/weapp) into miniprogram-simulate, so the tests
 * exercise the real weapp build. Only the platform edge is
 * faked: the `wx` object. `wx.request` is answered by the real reference server through
 * fastify.inject, so the page runs against seeded SQLite data.
 */
import path from 'path'
import simulate from 'miniprogram-simulate'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'

export const DIST = path.resolve(__dirname, '../../dist/weapp')

type Callbacks = { success?: (res: unknown) => void; fail?: (err: unknown) => void; complete?: (res: unknown) => void }
type WxFn = jest.Mock

export interface FakeWx {
  request: WxFn
  showToast: WxFn
  navigateTo: WxFn
  redirectTo: WxFn
  reLaunch: WxFn
  setNavigationBarTitle: WxFn
  requestPayment: WxFn
  previewImage: WxFn
  login: WxFn
  getBackgroundAudioManager: WxFn
  [name: string]: unknown
}

/** The options object of each call of a fake wx API (one of FakeWx's mocks), in call order. */
export function optionsOf(api: unknown): unknown[] {
  return (api as jest.Mock<unknown, [unknown]>).mock.calls.map(([options]) => options)
}

/**
 * A wx API that succeeds with `result`. Like the base library (2.10.2+), it answers a promise when
 * called without callbacks: Taro hands some APIs over unwrapped (requestPayment in Taro 4.2).
 */
function succeed(result: unknown = {}): WxFn {
  return jest.fn((options: Callbacks = {}) => {
    if (!options.success && !options.fail && !options.complete) return Promise.resolve(result)
    options.success?.(result)
    options.complete?.(result)
    return undefined
  })
}

/** wx.request hands over parsed JSON, and the text itself otherwise (a HEAD answer has no body). */
function responseData(body: string): unknown {
  try {
    return JSON.parse(body) as unknown
  } catch {
    return body
  }
}

function makeWx(server: FastifyInstance, storage: Map<string, unknown>): FakeWx {
  return {
    getSystemInfoSync: () => ({ platform: 'devtools', language: 'zh_CN', windowWidth: 375, windowHeight: 812, screenWidth: 375, screenHeight: 812, pixelRatio: 2, SDKVersion: '3.0.0', version: '8.0.0', model: 'simulate' }),
    getSystemInfo: succeed({ platform: 'devtools', windowWidth: 375, windowHeight: 812 }),
    getWindowInfo: () => ({ windowWidth: 375, windowHeight: 812, pixelRatio: 2, screenWidth: 375, screenHeight: 812 }),
    getAppBaseInfo: () => ({ SDKVersion: '3.0.0', language: 'zh_CN', version: '8.0.0' }),
    getDeviceInfo: () => ({ platform: 'devtools', model: 'simulate' }),
    canIUse: () => true,
    request: jest.fn((options: Callbacks & { url: string; method?: string; data?: unknown; header?: Record<string, string> }) => {
      const url = new URL(options.url)
      void server
        .inject({ method: (options.method ?? 'GET') as 'POST', url: url.pathname + url.search, payload: options.data as string, headers: options.header })
        .then((res) => {
          const result = { statusCode: res.statusCode, data: responseData(res.body), header: res.headers, errMsg: 'request:ok' }
          options.success?.(result)
          options.complete?.(result)
        })
        .catch((err: unknown) => {
          options.fail?.({ errMsg: `request:fail ${String(err)}` })
          options.complete?.({ errMsg: 'request:fail' })
        })
      return { abort: jest.fn(), onHeadersReceived: jest.fn(), offHeadersReceived: jest.fn() }
    }),
    showToast: succeed(),
    hideToast: succeed(),
    showLoading: succeed(),
    hideLoading: succeed(),
    showModal: succeed({ confirm: true, cancel: false }),
    navigateTo: succeed(),
    redirectTo: succeed(),
    reLaunch: succeed(),
    navigateBack: succeed(),
    setNavigationBarTitle: succeed(),
    pageScrollTo: succeed(),
    previewImage: succeed(),
    showShareMenu: succeed(),
    setClipboardData: succeed(),
    // the user dismisses every action sheet unless a test answers otherwise
    showActionSheet: jest.fn((options: Callbacks = {}) => {
      options.fail?.({ errMsg: 'showActionSheet:fail cancel' })
      options.complete?.({ errMsg: 'showActionSheet:fail cancel' })
    }),
    requestPayment: succeed({ errMsg: 'requestPayment:ok' }),
    login: succeed({ code: 'simulate-code' }),
    getStorageSync: (key: string) => storage.get(key) ?? '',
    setStorageSync: (key: string, value: unknown) => void storage.set(key, value),
    removeStorageSync: (key: string) => void storage.delete(key),
    getBackgroundAudioManager: jest.fn(),
    createInnerAudioContext: jest.fn(),
    createVideoContext: jest.fn(() => ({ play: jest.fn(), pause: jest.fn(), stop: jest.fn(), seek: jest.fn(), playbackRate: jest.fn() })),
    createSelectorQuery: jest.fn(() => {
      const query = {
        select: () => query,
        selectAll: () => query,
        selectViewport: () => query,
        boundingClientRect: () => query,
        scrollOffset: () => query,
        fields: () => query,
        in: () => query,
        exec: (cb?: (res: unknown[]) => void) => cb?.([]),
      }
      return query
    }),
    nextTick: (fn: () => void) => setTimeout(fn, 0),
    onAppShow: jest.fn(),
    onAppHide: jest.fn(),
    offAppShow: jest.fn(),
    offAppHide: jest.fn(),
    getLaunchOptionsSync: () => ({ path: 'pages/launcher/index', query: {}, scene: 1001 }),
    getEnterOptionsSync: () => ({ path: 'pages/launcher/index', query: {}, scene: 1001 }),
    onPageNotFound: jest.fn(),
    getMenuButtonBoundingClientRect: () => ({ top: 24, bottom: 56, left: 280, right: 367, width: 87, height: 32 }),
  }
}

export interface LoadedPage {
  root: ReturnType<typeof simulate.render>
  wx: FakeWx
  server: FastifyInstance
  /** Text content of the rendered page. */
  text(): string
  /** Waits until `predicate` holds, polling the rendered tree (the page loads data asynchronously). */
  waitFor(predicate: () => boolean, timeoutMs?: number): Promise<void>
  close(): Promise<void>
}

const pageStack: unknown[] = []

/**
 * Loads `pagePath` (e.g. 'pages/lesson/index') with `query` as its onLoad options.
 * `setupWx` may replace wx APIs before the page runs; it also gets the server, whose `db` lets a
 * test add state the seed lacks.
 */
export async function loadPage(
  pagePath: string,
  query: Record<string, string>,
  setupWx?: (wx: FakeWx, server: FastifyInstance) => void | Promise<void>,
): Promise<LoadedPage> {
  const server = await buildApp({ database: ':memory:' })
  const wx = makeWx(server, new Map())
  await setupWx?.(wx, server)
  const g = globalThis as Record<string, unknown>
  // Taro binds the wx APIs it finds at start-up, so each page gets a fresh app on a fresh wx.
  g.wx = wx
  g.getCurrentPages = () => pageStack
  let appInstance: Record<string, unknown> = {}
  g.App = (options: Record<string, unknown>) => {
    appInstance = options
    ;(options.onLaunch as ((o: unknown) => void) | undefined)?.call(options, { path: pagePath, query: {}, scene: 1001 })
  }
  g.getApp = () => appInstance
  g.Page = (options: Record<string, unknown>) => {
    const methods: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(options)) if (typeof value === 'function') methods[key] = value
    const component = g.Component as (o: unknown) => void
    component({
      data: options.data ?? {},
      methods,
      lifetimes: {
        attached(this: Record<string, unknown>) {
          this.route = pagePath
          this.options = query
          pageStack.push(this)
          ;(methods.onLoad as (q: unknown) => void).call(this, query)
          ;(methods.onShow as (() => void) | undefined)?.call(this)
          ;(methods.onReady as (() => void) | undefined)?.call(this)
        },
        detached(this: Record<string, unknown>) {
          pageStack.splice(pageStack.indexOf(this), 1)
          ;(methods.onUnload as (() => void) | undefined)?.call(this)
        },
      },
    })
  }
  let id = ''
  // Jest keeps its own module registry: an isolated one gives each page a fresh app bundle
  // (jest.requireActual loads into it too; nothing of the bundle is mocked).
  jest.isolateModules(() => {
    jest.requireActual(path.join(DIST, 'app.js'))
    id = simulate.load(path.join(DIST, pagePath), { rootPath: DIST, compiler: 'official' })
  })
  const root = simulate.render(id)
  root.attach(document.createElement('parent-wrapper'))

  const text = () => root.dom?.textContent ?? ''
  return {
    root,
    wx,
    server,
    text,
    async waitFor(predicate, timeoutMs = 8000) {
      const deadline = Date.now() + timeoutMs
      while (!predicate()) {
        if (Date.now() > deadline) throw new Error(`waitFor timed out; page text: ${text().slice(0, 500)}`)
        await simulate.sleep(20)
      }
    },
    async close() {
      root.detach()
      await server.close()
    },
  }
}
