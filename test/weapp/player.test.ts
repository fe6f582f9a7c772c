/**
 * @jest-environment jsdom
 */
import { loadPage, optionsOf, type FakeWx, type LoadedPage } from './harness'
import { all, tap, type SimNode } from './taroTree'
import player from '../../src/locales/zh-CN/player'

/**
 * The lesson player on the compiled mini-program: WeChat's BackgroundAudioManager, faked as an
 * object that records every property write in order and keeps the registered callbacks.
 */

const ALL_TYPES = 'demo-all-types'
/** The voices of the all-types lesson (server/lesson/seedAllTypes.ts), in order. */
const FIRST_VOICE = `${ALL_TYPES}-005`
const VOICE_PATHS = ['/media/voice/intro.mp3', '/media/voice/greeting.mp3', '/media/voice/weekend.m4a']
const LESSON_TITLE = '全类型消息演示课'

const FIELDS = ['title', 'epname', 'singer', 'coverImgUrl', 'src', 'startTime', 'playbackRate'] as const
type Field = (typeof FIELDS)[number]
const EVENTS = ['onPlay', 'onPause', 'onStop', 'onEnded', 'onTimeUpdate', 'onError', 'onCanplay', 'onWaiting', 'onNext', 'onPrev'] as const
type EventName = (typeof EVENTS)[number]

interface FakeAudioManager {
  manager: Record<string, unknown>
  /** every property write, in order */
  writes: Array<{ field: Field; value: unknown }>
  value(field: Field): unknown
  /** how often each event's registration function was called */
  registrations(event: EventName): number
  fire(event: EventName): void
  play: jest.Mock
  pause: jest.Mock
  stop: jest.Mock
  seek: jest.Mock
}

function fakeAudioManager(): FakeAudioManager {
  const values = new Map<Field, unknown>()
  const writes: FakeAudioManager['writes'] = []
  const callbacks = new Map<EventName, Array<() => void>>()
  const manager: Record<string, unknown> = { currentTime: 0, duration: 0, paused: true }
  for (const field of FIELDS) {
    Object.defineProperty(manager, field, {
      enumerable: true,
      get: () => values.get(field),
      set: (value: unknown) => {
        values.set(field, value)
        writes.push({ field, value })
      },
    })
  }
  for (const event of EVENTS) {
    manager[event] = jest.fn((callback: () => void) => callbacks.set(event, [...(callbacks.get(event) ?? []), callback]))
  }
  const controls = { play: jest.fn(), pause: jest.fn(), stop: jest.fn(), seek: jest.fn() }
  Object.assign(manager, controls)
  return {
    manager,
    writes,
    value: (field) => values.get(field),
    registrations: (event) => (manager[event] as jest.Mock).mock.calls.length,
    fire: (event) => callbacks.get(event)?.forEach((callback) => callback()),
    ...controls,
  }
}

const absolute = /^https?:\/\/[^/]+(\/.*)$/
function pathOf(url: unknown): string {
  const match = typeof url === 'string' ? absolute.exec(url) : null
  if (!match) throw new Error(`not an absolute URL: ${String(url)}`)
  return match[1]
}

/** The writes of `field`, in order. */
function written(audio: FakeAudioManager, field: Field): unknown[] {
  return audio.writes.filter((w) => w.field === field).map((w) => w.value)
}

describe('lesson player in the compiled mini-program (dist/weapp)', () => {
  let page: LoadedPage | undefined
  let audio: FakeAudioManager
  afterEach(async () => {
    await page?.close()
    page = undefined
  })

  async function open(courseData: string, setupWx?: (wx: FakeWx) => void): Promise<LoadedPage> {
    audio = fakeAudioManager()
    page = await loadPage('pages/lesson/index', { courseData }, (wx) => {
      wx.getBackgroundAudioManager = jest.fn(() => audio.manager)
      setupWx?.(wx)
    })
    const loaded = page
    await loaded.waitFor(() => loaded.root.querySelectorAll('.message-row').length >= 20)
    return loaded
  }

  function voiceCell(loaded: LoadedPage, msgId: string): SimNode {
    const cell = loaded.root.querySelector(`#voice-${msgId}`)
    if (!cell) throw new Error(`no voice cell ${msgId}`)
    return cell as SimNode
  }

  it('plays a tapped voice through the one BackgroundAudioManager, metadata before src', async () => {
    const loaded = await open(ALL_TYPES)
    expect(loaded.wx.getBackgroundAudioManager).not.toHaveBeenCalled()
    await tap(voiceCell(loaded, FIRST_VOICE))
    await loaded.waitFor(() => audio.value('src') !== undefined)

    expect(loaded.wx.getBackgroundAudioManager).toHaveBeenCalledTimes(1)
    expect(pathOf(audio.value('src'))).toBe(VOICE_PATHS[0])
    expect(audio.value('title')).toBe(LESSON_TITLE)
    // the singer is the voice's sender
    expect(audio.value('singer')).toBe('林老师')
    expect(audio.value('playbackRate')).toBe(1)
    expect(audio.value('startTime')).toBe(0)
    // setting src starts playback with whatever is set by then: the metadata must come first
    const srcAt = audio.writes.findIndex((w) => w.field === 'src')
    for (const field of ['title', 'singer', 'coverImgUrl', 'playbackRate'] as const) {
      const at = audio.writes.findIndex((w) => w.field === field)
      expect(at).toBeGreaterThanOrEqual(0)
      expect(at).toBeLessThan(srcAt)
    }
    // the 50 MB rule asked the server for the size first, with a HEAD of the same URL
    const requests = optionsOf(loaded.wx.request) as { method?: string; url: string }[]
    const head = requests.find((options) => options.method === 'HEAD')
    expect(head?.url).toBe(audio.value('src'))
    // the cell shows it is loading until the manager reports sound (the render follows setData)
    await loaded.waitFor(() => loaded.root.querySelectorAll('.voice-cell--loading').length === 1)
    expect(loaded.root.querySelectorAll('.voice-cell--playing')).toHaveLength(0)
    audio.fire('onPlay')
    await loaded.waitFor(() => loaded.root.querySelectorAll('.voice-cell--playing').length === 1)
    expect(voiceCell(loaded, FIRST_VOICE).dom?.className).toContain('voice-cell--playing')
  })

  it('goes on with the next voice when one ends, registering the listeners only once', async () => {
    const loaded = await open(ALL_TYPES)
    await tap(voiceCell(loaded, FIRST_VOICE))
    await loaded.waitFor(() => audio.value('src') !== undefined)
    audio.fire('onPlay')

    audio.fire('onEnded')
    await loaded.waitFor(() => written(audio, 'src').length === 2)
    expect(pathOf(audio.value('src'))).toBe(VOICE_PATHS[1])
    expect(audio.value('singer')).toBe('助教小雨')

    audio.fire('onEnded')
    await loaded.waitFor(() => written(audio, 'src').length === 3)
    // an m4a is asked for as audio (stores often serve it as a download)
    const third = String(audio.value('src'))
    expect(pathOf(third.split('?')[0])).toBe(VOICE_PATHS[2])
    expect(third).toContain('response-content-type=audio/mp4')

    expect(loaded.wx.getBackgroundAudioManager).toHaveBeenCalledTimes(1)
    for (const event of ['onPlay', 'onPause', 'onStop', 'onEnded', 'onTimeUpdate', 'onError', 'onCanplay', 'onWaiting'] as const) {
      expect(audio.registrations(event)).toBe(1)
    }
  })

  it('changes the rate from the audio panel, pausing and resuming', async () => {
    const loaded = await open(ALL_TYPES)
    await tap(voiceCell(loaded, FIRST_VOICE))
    await loaded.waitFor(() => audio.value('src') !== undefined)
    audio.fire('onPlay')
    await loaded.waitFor(() => loaded.root.querySelectorAll('.audio-panel__rate').length > 0)

    const rates = all(loaded, '.audio-panel__rate')
    expect(rates.map((r) => r.dom?.textContent)).toEqual(['0.75X', '1.0X', '1.2X', '1.5X', '2.0X'])
    expect(all(loaded, '.audio-panel__rate--active').map((r) => r.dom?.textContent)).toEqual(['1.0X'])

    await tap(rates[3])
    await loaded.waitFor(() => audio.value('playbackRate') === 1.5)
    expect(audio.pause).toHaveBeenCalled()
    await loaded.waitFor(() => audio.play.mock.calls.length > 0)
    await loaded.waitFor(() => all(loaded, '.audio-panel__rate--active')[0].dom?.textContent === '1.5X')
    // the floating rate button follows
    expect(all(loaded, '.rate-button')[0].dom?.textContent).toBe('1.5X')

    // the next voice keeps the chosen rate
    audio.fire('onEnded')
    await loaded.waitFor(() => written(audio, 'src').length === 2)
    const secondSrcAt = audio.writes.map((w) => w.field).lastIndexOf('src')
    const ratesBefore = audio.writes.slice(0, secondSrcAt).filter((w) => w.field === 'playbackRate')
    expect(ratesBefore.at(-1)?.value).toBe(1.5)
  })

  it('refuses a voice over 50 MB without handing it to the manager', async () => {
    const loaded = await open(ALL_TYPES, (wx) => {
      const forward: (options: object) => unknown = wx.request
      wx.request = jest.fn((options: { method?: string; success?: (res: unknown) => void; complete?: (res: unknown) => void }) => {
        if (options.method !== 'HEAD') return forward(options)
        const res = { statusCode: 200, data: '', header: { 'Content-Length': String(50 * 1024 * 1024 + 1) }, errMsg: 'request:ok' }
        options.success?.(res)
        options.complete?.(res)
        return { abort: jest.fn() }
      })
    })
    await tap(voiceCell(loaded, FIRST_VOICE))
    await loaded.waitFor(() => loaded.wx.showToast.mock.calls.length > 0)
    expect(loaded.wx.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: player['player.audioTooLarge'] }))
    expect(written(audio, 'src')).toEqual([])
    expect(loaded.root.querySelectorAll('.voice-cell--loading, .voice-cell--playing')).toHaveLength(0)
  })

  it('offers background continuous play on a list with voice, starting at its first voice', async () => {
    const loaded = await open(ALL_TYPES)
    const [button] = all(loaded, '.background-play')
    expect(button.dom?.textContent).toBe(player['player.backgroundPlay'])
    await tap(button)
    await loaded.waitFor(() => audio.value('src') !== undefined)
    expect(pathOf(audio.value('src'))).toBe(VOICE_PATHS[0])
  })

  it('has no background continuous play on a lesson without voice', async () => {
    const loaded = await open('demo-open')
    expect(loaded.root.querySelectorAll('.voice-cell')).toHaveLength(0)
    expect(loaded.root.querySelectorAll('.background-play')).toHaveLength(0)
    expect(loaded.text()).not.toContain(player['player.backgroundPlay'])
  })
})
