/**
 * @jest-environment jsdom
 */
/**
 * The admin and complaint viewers and /iatTest in the compiled mini-program (issue 14). wx.request
 * goes to the real server; the recorder and the socket (wx.getRecorderManager, wx.connectSocket)
 * are faked at the wx edge.
 */
import { loadPage, type LoadedPage } from './harness'
import { all, tap } from './taroTree'

type Listener = (arg: unknown) => void
type RequestOptions = { url: string; header?: Record<string, string> }

const link = (userid: string, token: string, data: string) => encodeURIComponent(JSON.stringify({ token, userid, data }))

describe('compiled admin and complaint viewers', () => {
  let page: LoadedPage | undefined
  afterEach(async () => {
    await page?.close()
    page = undefined
  })

  it("/lessonAdmin reads the lesson with the link's token as the session headers, 10 rows", async () => {
    page = await loadPage('packages/misc/pages/lessonAdmin/index', { data: link('wm_admin', 'token-admin', 'legacy-paid') })
    const loaded = page
    // the first page of a fresh app loads slowly on a busy machine
    await loaded.waitFor(() => loaded.root.querySelectorAll('.message-row').length === 10, 20000)
    const calls = loaded.wx.request.mock.calls.map(([options]: [RequestOptions]) => options)
    const list = calls.find((options) => options.url.endsWith('/wmim/course/admin/message/query/list.do'))
    expect(list?.header).toMatchObject({ userid: 'wm_admin', token: 'token-admin' })
  })

  it('/lessonComplain says a refused token is refused', async () => {
    page = await loadPage('packages/misc/pages/lessonComplain/index', { data: link('wm_complainant', 'token-complaint-open', 'legacy-paid') })
    const loaded = page
    await loaded.waitFor(() => loaded.text().includes('无权查看此课程'))
    expect(loaded.root.querySelectorAll('.message-row')).toHaveLength(0)
  })

  it('/complaint reads the complaint list from its query', async () => {
    page = await loadPage('packages/misc/pages/complaint/index', { data: link('wm_complainant', 'token-complaint-open', 'legacy-open') })
    const loaded = page
    await loaded.waitFor(() => loaded.root.querySelectorAll('.message-row').length === 10)
  })
})

describe('compiled /iatTest', () => {
  let page: LoadedPage | undefined
  afterEach(async () => {
    await page?.close()
    page = undefined
  })

  it('records PCM at 16 kHz with the RecorderManager and streams frames over the socket', async () => {
    const recorder: Record<string, Listener> = {}
    const start = jest.fn(() => recorder.onStart?.({}))
    const sent: string[] = []
    const socket: Record<string, Listener> = {}
    const connectSocket = jest.fn((options: { url: string; success?: (res: unknown) => void }) => {
      const task = {
        onOpen: (fn: Listener) => (socket.onOpen = fn),
        onMessage: (fn: Listener) => (socket.onMessage = fn),
        onClose: (fn: Listener) => (socket.onClose = fn),
        onError: (fn: Listener) => (socket.onError = fn),
        send: jest.fn(({ data }: { data: string }) => void sent.push(data)),
        close: jest.fn(),
      }
      options.success?.({ errMsg: 'connectSocket:ok' })
      return task
    })
    page = await loadPage('packages/misc/pages/iatTest/index', {}, (wx) => {
      wx.connectSocket = connectSocket
      wx.getRecorderManager = () => ({
        start,
        stop: jest.fn(),
        onStart: (fn: Listener) => (recorder.onStart = fn),
        onStop: (fn: Listener) => (recorder.onStop = fn),
        onError: (fn: Listener) => (recorder.onError = fn),
        onFrameRecorded: (fn: Listener) => (recorder.onFrameRecorded = fn),
      })
    })
    const loaded = page
    await loaded.waitFor(() => loaded.root.querySelectorAll('.speech__button').length === 1)
    await tap(all(loaded, '.speech__button')[0])
    await loaded.waitFor(() => connectSocket.mock.calls.length === 1)
    expect(new URL(connectSocket.mock.calls[0][0].url).pathname).toBe('/speech/iat')
    socket.onOpen?.({})
    await loaded.waitFor(() => start.mock.calls.length === 1)
    expect(start.mock.calls[0]).toEqual([expect.objectContaining({ format: 'PCM', sampleRate: 16000, numberOfChannels: 1 })])
    recorder.onFrameRecorded?.({ frameBuffer: new Int16Array(1600).fill(3000).buffer })
    await loaded.waitFor(() => sent.length >= 2)
    const frames = sent.map((raw) => JSON.parse(raw) as { data: { status: number }; business?: { language: string } })
    expect(frames.map((f) => f.data.status).slice(0, 2)).toEqual([0, 1])
    expect(frames[0].business?.language).toBe('zh_cn')
    socket.onMessage?.({ data: JSON.stringify({ code: 0, message: 'success', sid: 's', data: { status: 2, result: { sn: 1, ls: true, bg: 0, ed: 0, ws: [{ bg: 0, cw: [{ w: '你好', sc: 0 }] }] } } }) })
    await loaded.waitFor(() => loaded.text().includes('你好'))
  })
})
