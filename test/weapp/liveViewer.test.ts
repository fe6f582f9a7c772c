/**
 * @jest-environment jsdom
 */
import fs from 'fs'
import path from 'path'
import { spawnSync } from 'child_process'
import type { FastifyInstance } from 'fastify'
import simulate from 'miniprogram-simulate'
import { routeByName } from '../../src/domain/routes'
import { DIST, loadPage, optionsOf, type FakeWx, type LoadedPage } from './harness'
import { all, tap, typeInto } from './taroTree'
import type { Boxes } from './boxesInBrowser'

/**
 * Issue 30, the live pages as a viewer meets them, in the compiled mini-program (dist/weapp) against
 * the real server: a page left or hidden after 直播流异常 keeps no player, socket or timer (item 1);
 * a comment typed while the room is down keeps its text with 重发 and goes out once the room is back
 * (item 2); an audio live shows no picture at its cover's edge (item 4; live.test.ts checks that a
 * live has no seek bar and a replay has one);
 * the chat fills the screen down to the send bar (item 5). Only `wx` is faked (the harness); its
 * socket is a real WebSocket to the real server's chat room.
 */
jest.setTimeout(90000)

const count = (p: LoadedPage, selector: string): number => p.root.querySelectorAll(selector).length

const BUYER = { token: 'token-buyer', userid: 'wm_buyer', loginData: 'login-buyer', nickname: '学员阿杰' }

/** A chat-app login in the mini-program's storage. */
function asBuyer(wx: FakeWx): void {
  const stored = new Map<string, string>([
    ['session', JSON.stringify({ token: BUYER.token, userid: BUYER.userid, encryptKey: '' })],
    ['loginData', JSON.stringify({ ...BUYER, isWeMaiUser: 1 })],
  ])
  const get = wx.getStorageSync as (key: string) => unknown
  wx.getStorageSync = (key: string) => stored.get(key) ?? get(key)
}

type Listener = (result: Record<string, unknown>) => void

/**
 * `wx.connectSocket` as a real WebSocket to the server (listening for the test), and the video
 * contexts the page asks for. While `cut` holds, the room is unreachable: open sockets are closed and
 * new ones fail at once.
 */
async function liveEdge(wx: FakeWx, server: FastifyInstance) {
  await server.listen({ port: 0, host: '127.0.0.1' })
  const address = server.server.address()
  if (!address || typeof address === 'string') throw new Error('the server did not bind a port')
  const sockets: WebSocket[] = []
  let down = false
  wx.connectSocket = jest.fn((options: { url: string; success?: Listener }) => {
    const on = { open: [] as Listener[], message: [] as Listener[], close: [] as Listener[], error: [] as Listener[] }
    let socket: WebSocket | undefined
    const task = {
      onOpen: (f: Listener) => void on.open.push(f),
      onMessage: (f: Listener) => void on.message.push(f),
      onClose: (f: Listener) => void on.close.push(f),
      onError: (f: Listener) => void on.error.push(f),
      send: ({ data }: { data: string }) => socket?.send(data),
      close: () => socket?.close(),
    }
    setTimeout(() => {
      options.success?.({ errMsg: 'connectSocket:ok' })
      if (down) {
        setTimeout(() => {
          for (const f of on.error) f({ errMsg: 'connectSocket:fail' })
          for (const f of on.close) f({ code: 1006, reason: '' })
        }, 0)
        return
      }
      const ws = new WebSocket(options.url.replace(/^wss?:\/\/[^/]+/, `ws://127.0.0.1:${address.port}`))
      socket = ws
      sockets.push(ws)
      ws.onopen = () => on.open.forEach((f) => f({}))
      ws.onmessage = (event: MessageEvent) => on.message.forEach((f) => f({ data: event.data as string }))
      ws.onclose = (event: CloseEvent) => on.close.forEach((f) => f({ code: event.code, reason: event.reason }))
      ws.onerror = () => on.error.forEach((f) => f({ errMsg: 'socket error' }))
    }, 0)
    return task
  })
  const stops = jest.fn()
  wx.createVideoContext = jest.fn(() => ({ play: jest.fn(), pause: jest.fn(), stop: stops, seek: jest.fn(), playbackRate: jest.fn() }))
  return {
    /** sockets connecting or open */
    open: () => sockets.filter((s) => s.readyState === WebSocket.CONNECTING || s.readyState === WebSocket.OPEN).length,
    stops,
    cut(): void {
      down = true
      for (const s of sockets) s.close()
    },
    restore(): void {
      down = false
    },
  }
}

/**
 * The intervals the mini-program's code (dist/weapp) starts and has not cleared: the watch count, the
 * room client's heartbeat. The server shares this process; its own timers are not the page's.
 */
function intervals() {
  const running = new Set<unknown>()
  const set = globalThis.setInterval
  const clear = globalThis.clearInterval
  const setSpy = jest.spyOn(globalThis, 'setInterval').mockImplementation(((handler: () => void, ms?: number) => {
    const id = set(handler, ms)
    if (new Error().stack?.includes(DIST)) running.add(id)
    return id
  }))
  const clearSpy = jest.spyOn(globalThis, 'clearInterval').mockImplementation((id) => {
    running.delete(id)
    clear(id)
  })
  return {
    running: () => running.size,
    restore: () => {
      setSpy.mockRestore()
      clearSpy.mockRestore()
    },
  }
}

/** The page's own onHide / onShow, as the mini-program calls them when a page covers it and leaves. */
const lifecycle = (name: 'onHide' | 'onShow') => {
  const pages = (globalThis as unknown as { getCurrentPages: () => Record<string, unknown>[] }).getCurrentPages()
  const current = pages[pages.length - 1]
  ;(current[name] as () => void).call(current)
}

describe('the live viewer in the compiled mini-program (dist/weapp)', () => {
  let page: LoadedPage | undefined
  let timers: ReturnType<typeof intervals> | undefined
  afterEach(async () => {
    timers?.restore()
    timers = undefined
    await page?.close()
    page = undefined
  })

  it('after 直播流异常 and 确定, the page left under /refresh keeps no player, socket or timer; shown again it plays once (issue 30.1)', async () => {
    timers = intervals()
    let edge: Awaited<ReturnType<typeof liveEdge>> | undefined
    page = await loadPage(routeByName('LiveHome').page, { courseData: 'live-now' }, async (wx, server) => {
      asBuyer(wx)
      edge = await liveEdge(wx, server)
    })
    const p = page
    const e = edge as Awaited<ReturnType<typeof liveEdge>>
    const t = timers
    await p.waitFor(() => count(p, '.live-player__video') === 1 && count(p, '.live-chat__text') > 0, 20000)
    expect(e.open()).toBe(1)
    expect(t.running()).toBeGreaterThan(0)

    // the stream fails and does not recover: the dialog, then 确定 opens /refresh over the page
    all(p, '.live-player__video')[0].dispatchEvent('error', { detail: { errMsg: 'MEDIA_ERR_NETWORK' } })
    await p.waitFor(() => p.text().includes('直播流异常，请重新进入'), 10000)
    await tap(all(p, '.ui-dialog__button')[0])
    await p.waitFor(() => p.wx.navigateTo.mock.calls.length === 1)
    expect((optionsOf(p.wx.navigateTo)[0] as { url: string }).url).toContain('refresh')
    lifecycle('onHide')
    await p.waitFor(() => count(p, '.live-player__video') === 0 && e.open() === 0 && t.running() === 0)
    expect(e.stops).toHaveBeenCalled()

    // shown again: one player and one connection, not a second stream over the first
    lifecycle('onShow')
    await p.waitFor(() => count(p, '.live-player__video') === 1 && count(p, '.live-chat__text') > 0, 20000)
    expect(e.open()).toBe(1)

    // left for good: nothing runs
    await p.close()
    page = undefined
    expect(e.open()).toBe(0)
    expect(t.running()).toBe(0)
  })

  it('a comment typed while the room is down keeps its text with 重发, and goes out by itself once the room is back, once (issue 30.2)', async () => {
    let edge: Awaited<ReturnType<typeof liveEdge>> | undefined
    page = await loadPage(routeByName('LiveHome').page, { courseData: 'live-now' }, async (wx, server) => {
      asBuyer(wx)
      edge = await liveEdge(wx, server)
    })
    const p = page
    const e = edge as Awaited<ReturnType<typeof liveEdge>>
    await p.waitFor(() => count(p, '.live-chat__text') > 0, 20000)
    const typed = '断网时写的评论'
    const stored = async () => Number((await p.server.db.one<{ n: number }>('SELECT count(*) AS n FROM chatroom_messages WHERE body LIKE ?', [`%${typed}%`]))?.n)

    e.cut()
    await p.waitFor(() => p.text().includes('评论区重新连接中'), 10000)
    await typeInto(all(p, '.live-chat__field .ui-field__input')[0], typed)
    await tap(all(p, '.live-chat__button')[0])
    await p.waitFor(() => count(p, '.live-chat__row--failed') === 1)
    const failed = all(p, '.live-chat__row--failed')[0]
    expect(failed.dom?.textContent).toContain(typed)
    expect(failed.dom?.textContent).toContain('发送失败')
    expect(count(p, '.live-chat__resend')).toBe(1)
    expect(await stored()).toBe(0)

    // back: it goes out by itself, once (a tap on 重发 racing it: the unit and Chromium tests)
    e.restore()
    await p.waitFor(() => count(p, '.live-chat__row--failed') === 0 && count(p, '.live-chat__state') === 0, 30000)
    await simulate.sleep(1000)
    expect(await stored()).toBe(1)
    expect(all(p, '.live-chat__text').filter((row) => row.dom?.textContent === typed)).toHaveLength(1)
  })
})

/** Defaults of WeChat's built-in components that the layout depends on. */
const COMPONENT_DEFAULTS = `
  wx-view, wx-button, wx-input, wx-scroll-view { display: block; }
  wx-text { display: inline; white-space: pre-wrap; }
  wx-image { display: inline-block; overflow: hidden; width: 320px; height: 240px; }
  wx-video { display: inline-block; width: 300px; height: 225px; }
  wx-page-meta { display: none; }
`

/** A compiled wxss file as browser CSS: its imports inlined, rpx as px at 375 px, `page` as the body. */
function browserCss(file: string): string {
  return fs
    .readFileSync(file, 'utf8')
    .replace(/@import\s+"([^"]+)";/g, (_, imported: string) => browserCss(path.resolve(path.dirname(file), imported)))
    .replace(/(-?\d*\.?\d+)rpx/g, (_, n: string) => `${Number(n) / 2}px`)
    .replace(/(^|[},\s])page(?=[\s{,])/g, '$1body')
}

/** The rendered page laid out by Chromium at 375x812 with the build's wxss (standard font size). */
function boxes(p: LoadedPage, selectors: string[]): Boxes {
  // the simulator scopes class names to the page component (`main--x`); the wxss knows them as `x`
  const html = (p.root.dom?.outerHTML ?? '').replace(/\bmain--/g, '')
  const css = [browserCss(path.join(DIST, 'app.wxss')), browserCss(path.join(DIST, `${routeByName('LiveHome').page}.wxss`))].join('\n')
  const document = `<!DOCTYPE html><html style="font-size:16px"><head><style>body { margin: 0 } ${COMPONENT_DEFAULTS}${css}</style></head><body>${html}</body></html>`
  const run = spawnSync(path.resolve(__dirname, '../../node_modules/.bin/tsx'), [path.join(__dirname, 'boxesInBrowser.ts')], {
    input: JSON.stringify({ html: document, selectors }),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (run.status !== 0) throw new Error(`boxesInBrowser failed: ${run.stderr}`)
  return JSON.parse(run.stdout) as Boxes
}

describe('the live viewer\'s layout in the compiled mini-program, laid out by Chromium at 375x812', () => {
  let page: LoadedPage | undefined
  afterEach(async () => {
    await page?.close()
    page = undefined
  })

  async function watching(courseData: string): Promise<LoadedPage> {
    page = await loadPage(routeByName('LiveHome').page, { courseData }, async (wx, server) => {
      asBuyer(wx)
      await liveEdge(wx, server)
    })
    const p = page
    await p.waitFor(() => count(p, '.live-player__video') === 1 && count(p, '.live-chat__text') + count(p, '.live-chat__empty') > 0, 20000)
    return p
  }

  it('the chat fills the screen down to the send bar, which ends at the bottom (issue 30.5)', async () => {
    const p = await watching('live-now')
    const found = boxes(p, ['.live-home', '.live-head', '.live-chat__list', '.live-chat__send'])
    const [home, head, list, send] = ['.live-home', '.live-head', '.live-chat__list', '.live-chat__send'].map((s) => {
      const box = found[s]
      if (!box) throw new Error(`${s} is not on the page`)
      return box
    })
    expect(Math.round(home.bottom)).toBe(812)
    expect(Math.round(send.bottom)).toBe(812)
    expect(Math.abs(list.bottom - send.top)).toBeLessThanOrEqual(1)
    expect(list.top).toBeGreaterThan(head.bottom)
    expect(list.bottom - list.top).toBeGreaterThan(300)
  })

  it('an audio live\'s picture is hidden and its cover takes the whole player, so nothing of the stream shows at its edge (issue 30.4)', async () => {
    const p = await watching('live-audio')
    const found = boxes(p, ['.live-player', '.live-player__video', '.live-player__cover'])
    const player = found['.live-player']
    const video = found['.live-player__video']
    const cover = found['.live-player__cover']
    if (!player || !video || !cover) throw new Error('the audio player is not on the page')
    expect(video.opacity === 0 || video.visibility === 'hidden').toBe(true)
    expect([cover.top, cover.left, cover.bottom, cover.right]).toEqual([player.top, player.left, player.bottom, player.right])
    await p.close()

    // a video live shows its picture
    const q = await watching('live-now')
    const shown = boxes(q, ['.live-player__video'])['.live-player__video']
    expect(shown?.opacity).toBe(1)
    expect(shown?.visibility).toBe('visible')
  })
})
