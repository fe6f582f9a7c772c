/**
 * @jest-environment jsdom
 */
import { loadPage, type LoadedPage } from './harness'
import { tap, type SimNode } from './taroTree'

/**
 * The sleep timer on the compiled mini-program (issue 35 item 2), with the screen off: WeChat
 * freezes the page and its timers while BackgroundAudioManager plays on and keeps reporting its
 * time. The manager is faked at the platform edge (wx.getBackgroundAudioManager): an object with
 * its properties and callbacks, whose time reports the test fires. The page's setTimeout is
 * frozen for the whole stretch the timer runs, and the wall clock moves with the reports.
 */

const ALL_TYPES = 'demo-all-types'
const FIRST_VOICE = `${ALL_TYPES}-005`
const EVENTS = ['onPlay', 'onPause', 'onStop', 'onEnded', 'onTimeUpdate', 'onError', 'onCanplay', 'onWaiting', 'onNext', 'onPrev'] as const
type EventName = (typeof EVENTS)[number]

function fakeAudioManager() {
  const callbacks = new Map<EventName, Array<() => void>>()
  const manager: Record<string, unknown> = { currentTime: 0, duration: 0, paused: true, play: jest.fn(), pause: jest.fn(), stop: jest.fn(), seek: jest.fn() }
  for (const event of EVENTS) manager[event] = jest.fn((callback: () => void) => callbacks.set(event, [...(callbacks.get(event) ?? []), callback]))
  return {
    manager,
    fire: (event: EventName) => callbacks.get(event)?.forEach((callback) => callback()),
    pause: manager.pause as jest.Mock,
    stop: manager.stop as jest.Mock,
  }
}

describe('the sleep timer in the compiled mini-program (dist/weapp)', () => {
  let page: LoadedPage | undefined
  afterEach(async () => {
    jest.restoreAllMocks()
    await page?.close()
    page = undefined
  })

  it('with the screen off, background play goes on through the fade and stops when the 15 minutes are up', async () => {
    const audio = fakeAudioManager()
    page = await loadPage('pages/lesson/index', { courseData: ALL_TYPES }, (wx) => {
      wx.getBackgroundAudioManager = jest.fn(() => audio.manager)
      // the listener picks the first item of the sleep timer menu: 15 minutes
      wx.showActionSheet = jest.fn((options: { itemList: string[]; success?: (res: { tapIndex: number }) => void; complete?: () => void }) => {
        expect(options.itemList).toEqual(['15 分钟', '30 分钟', '60 分钟', '播完当前语音', '播完本课', '不开启'])
        options.success?.({ tapIndex: 0 })
        options.complete?.()
      })
    })
    const loaded = page
    await loaded.waitFor(() => loaded.root.querySelectorAll('.message-row').length >= 20)
    await tap(loaded.root.querySelector(`#voice-${FIRST_VOICE}`) as SimNode)
    await loaded.waitFor(() => audio.manager.src !== undefined)
    audio.fire('onPlay')
    await loaded.waitFor(() => loaded.root.querySelectorAll('.listening-tools__button').length > 0)
    await tap(loaded.root.querySelector('.listening-tools__button') as SimNode)
    await loaded.waitFor(() => loaded.root.querySelector('.listening-tools__button--active')?.dom?.textContent === '15 分钟')

    // the screen goes off: the page's timers stop, only the manager's reports arrive
    const realNow = Date.now()
    let wall = realNow
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => wall)
    const frozen = jest.spyOn(globalThis, 'setTimeout').mockImplementation((() => 0) as unknown as typeof setTimeout)
    const report = (seconds: number): void => {
      audio.manager.currentTime = seconds
      audio.manager.duration = 2000
      wall = realNow + seconds * 1000
      audio.fire('onTimeUpdate')
    }
    report(0)
    for (let at = 30; at <= 870; at += 30) report(at)
    // the fade: the last 10 seconds play on (the manager has no volume: WeChat's follows the system's)
    for (let at = 871; at <= 899; at += 1) report(at)
    expect(audio.pause).not.toHaveBeenCalled()
    expect(audio.stop).not.toHaveBeenCalled()
    report(900)
    expect(audio.pause).toHaveBeenCalledTimes(1)
    expect(audio.stop).not.toHaveBeenCalled()
    frozen.mockRestore()
    clock.mockRestore()
    // the screen comes back on: the panel shows the pause and the timer gone
    audio.fire('onPause')
    await loaded.waitFor(() => loaded.root.querySelectorAll('.audio-panel__toggle--play').length > 0)
    expect(loaded.root.querySelectorAll('.listening-tools__button--active')).toHaveLength(0)
    expect(loaded.root.querySelector('.listening-tools__button')?.dom?.textContent).toBe('定时关闭')
  })
})
