/**
 * @jest-environment jsdom
 */
import { routeByName } from '../../src/domain/routes'
import { loadPage, type FakeWx, type LoadedPage } from './harness'
import { all, tap } from './taroTree'

jest.setTimeout(60000)

const count = (p: LoadedPage, selector: string): number => p.root.querySelectorAll(selector).length

/** Socket tasks as `wx.connectSocket` hands them out, and the video contexts the page asks for (the platform edge). */
function media(wx: FakeWx) {
  const tasks: { closed: boolean }[] = []
  wx.connectSocket = jest.fn(() => {
    const task: { closed: boolean; [api: string]: unknown } = { closed: false, onOpen: jest.fn(), onMessage: jest.fn(), onClose: jest.fn(), onError: jest.fn(), send: jest.fn(), close: jest.fn(() => void (task.closed = true)) }
    tasks.push(task)
    return task
  })
  const stops = jest.fn()
  wx.createVideoContext = jest.fn(() => ({ play: jest.fn(), pause: jest.fn(), stop: stops, playbackRate: jest.fn() }))
  return { open: () => tasks.filter((task) => !task.closed).length, stops }
}

/** The page's own onHide / onShow, as the mini-program calls them when a page covers it and leaves. */
const lifecycle = (name: 'onHide' | 'onShow') => {
  const pages = (globalThis as unknown as { getCurrentPages: () => Record<string, unknown>[] }).getCurrentPages()
  const current = pages[pages.length - 1]
  ;(current[name] as () => void).call(current)
}

describe('the live viewer in the compiled mini-program (dist/weapp)', () => {
  let page: LoadedPage | undefined
  afterEach(async () => {
    await page?.close()
    page = undefined
  })

  it('/liveHome hidden under another page keeps no player and no chat socket; shown again it plays (issue 30.1)', async () => {
    let running: ReturnType<typeof media> | undefined
    page = await loadPage(routeByName('LiveHome').page, { courseData: 'live-now' }, (wx) => void (running = media(wx)))
    const p = page
    const r = running as ReturnType<typeof media>
    await p.waitFor(() => count(p, '.live-identity') === 1, 20000)
    await tap(all(p, '.live-secondary')[0])
    await p.waitFor(() => count(p, '.live-player__video') === 1 && r.open() === 1)
    lifecycle('onHide')
    await p.waitFor(() => count(p, '.live-player__video') === 0 && r.open() === 0)
    expect(r.stops).toHaveBeenCalled()
    lifecycle('onShow')
    await p.waitFor(() => count(p, '.live-player__video') === 1 && r.open() === 1)
  })
})
