import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { LONG_PRESS_MS } from '../../../src/features/lesson/cells/useLongPress'
import { fitMedia, IMAGE_MAX, MEDIA_MIN } from '../../../src/features/lesson/cells/mediaBox'
import { videoPlayback } from '../../../src/features/lesson/cells/videoPlayback'
import { $, touchAt, mountMessage, wire } from './support'
import { fakeClock, until } from '../act'

const IMG = 'https://cdn.example.com/slide.png'
const VIDEO = 'https://cdn.example.com/clip.mp4'

beforeAll(() => {
  // jsdom has no media playback; the player only needs these not to throw
  jest.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined)
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined)
})

describe('fitMedia (5.86 rem = 440 design px)', () => {
  it('scales the longer side down to the maximum and keeps the ratio', () => {
    expect(fitMedia(1600, 1200)).toEqual({ width: IMAGE_MAX, height: 330 })
    expect(fitMedia(900, 1600)).toEqual({ width: 248, height: IMAGE_MAX })
  })

  it('never enlarges a small picture, and keeps slivers tappable', () => {
    expect(fitMedia(200, 100)).toEqual({ width: 200, height: 100 })
    expect(fitMedia(4000, 20)).toEqual({ width: IMAGE_MAX, height: MEDIA_MIN })
  })

  it.each([
    [0, 100],
    [100, 0],
    [Number.NaN, 10],
    [Number.POSITIVE_INFINITY, 10],
  ])('has no box for an unknown size %p x %p', (w, h) => {
    expect(fitMedia(w, h)).toBeNull()
  })
})

describe('ImageCell', () => {
  let utils: TestUtils
  beforeEach(() => {
    utils = new TestUtils()
  })
  afterEach(() => {
    utils.unmout()
    jest.useRealTimers()
  })

  it('reserves the box from the payload size so the list does not jump', async () => {
    await mountMessage(utils, wire(1001, { url: IMG, width: 1600, height: 1200 }))
    const cell = $('.cell-image') as HTMLElement
    expect(cell.style.width).toBe(Taro.pxTransform(440))
    expect(cell.style.height).toBe(Taro.pxTransform(330))
    expect($('.cell-image taro-image-core').getAttribute('src')).toBe(IMG)
  })

  it('takes the full width and its own height when the size is unknown', async () => {
    await mountMessage(utils, wire(1001, { url: IMG }))
    expect($('.cell-image').classList.contains('cell-image--unsized')).toBe(true)
    expect($('.cell-image taro-image-core').getAttribute('mode')).toBe('widthFix')
  })

  it('opens the gallery at this picture on tap', async () => {
    const open = jest.fn()
    const message = wire(1001, { url: IMG, width: 10, height: 10 })
    await mountMessage(utils, message, { open })
    utils.fireEvent.click($('.cell-image'))
    expect(open).toHaveBeenCalledWith({ id: message.id, url: IMG })
  })

  it('offers to save after a 500 ms press and does not open the gallery then', async () => {
    const sheet = jest.spyOn(Taro, 'showActionSheet').mockRejectedValue(new Error('cancel'))
    const open = jest.fn()
    await mountMessage(utils, wire(1001, { url: IMG, width: 10, height: 10 }), { open })
    fakeClock()
    utils.fireEvent.touchStart($('.cell-image'), touchAt(0, 0))
    utils.act(() => jest.advanceTimersByTime(LONG_PRESS_MS - 1))
    expect(sheet).not.toHaveBeenCalled()
    utils.act(() => jest.advanceTimersByTime(1))
    utils.fireEvent.touchEnd($('.cell-image'))
    utils.fireEvent.click($('.cell-image'))
    // the menu's module loads on first use (a promise, not a timer)
    jest.useRealTimers()
    await until(() => expect(sheet).toHaveBeenCalledWith({ itemList: ['保存图片'] }))
    expect(open).not.toHaveBeenCalled()
    sheet.mockRestore()
  })

  it('a short press is a tap', async () => {
    const sheet = jest.spyOn(Taro, 'showActionSheet')
    const open = jest.fn()
    await mountMessage(utils, wire(1001, { url: IMG, width: 10, height: 10 }), { open })
    fakeClock()
    utils.fireEvent.touchStart($('.cell-image'), touchAt(0, 0))
    utils.act(() => jest.advanceTimersByTime(200))
    utils.fireEvent.touchEnd($('.cell-image'))
    utils.fireEvent.click($('.cell-image'))
    utils.act(() => jest.advanceTimersByTime(LONG_PRESS_MS))
    expect(open).toHaveBeenCalledTimes(1)
    expect(sheet).not.toHaveBeenCalled()
    sheet.mockRestore()
  })
})

describe('VideoCell', () => {
  let utils: TestUtils
  beforeEach(() => {
    utils = new TestUtils()
  })
  afterEach(() => utils.unmout())

  const state = (cell: Element) => cell.getAttribute('data-state')

  it('shows the poster frame at 1 s (native storage) with a play button, no player yet', async () => {
    await mountMessage(utils, wire(1003, { url: VIDEO, width: 1280, height: 720 }))
    const cell = $('.cell-video')
    expect(state(cell)).toBe('poster')
    expect($('.cell-video__poster-img').getAttribute('src')).toBe(`${VIDEO}?x-oss-process=video/snapshot,t_1000,f_jpg,m_fast`)
    expect(document.querySelector('.cell-video__play')).not.toBeNull()
    expect(document.querySelector('taro-video-core')).toBeNull()
  })

  it('goes playing -> paused -> playing -> complete', async () => {
    await mountMessage(utils, wire(1003, { url: VIDEO }))
    utils.fireEvent.click($('.cell-video__poster'))
    const cell = $('.cell-video')
    expect(state(cell)).toBe('playing')
    // on H5 the player's code arrives in a chunk of its own the first time a video plays
    await until(() => expect(document.querySelector('taro-video-core')).not.toBeNull())
    const player = $('taro-video-core')
    expect(player.getAttribute('src')).toBe(VIDEO)
    utils.act(() => void player.dispatchEvent(new Event('pause')))
    expect(state(cell)).toBe('paused')
    utils.act(() => void player.dispatchEvent(new Event('play')))
    expect(state(cell)).toBe('playing')
    utils.act(() => void player.dispatchEvent(new Event('ended')))
    expect(state(cell)).toBe('complete')
    expect(document.querySelector('taro-video-core')).toBeNull()
    expect(videoPlayback.activeKey).toBeNull()
  })

  it('starting one video stops the other', async () => {
    await mountMessage(utils, [wire(1003, { url: VIDEO }), wire(1003, { url: 'https://cdn.example.com/other.mp4' })])
    const [first, second] = Array.from(document.querySelectorAll('.cell-video'))
    utils.fireEvent.click(first.querySelector('.cell-video__poster') as Element)
    expect(state(first)).toBe('playing')
    utils.fireEvent.click(second.querySelector('.cell-video__poster') as Element)
    expect(state(second)).toBe('playing')
    expect(state(first)).toBe('poster')
    await until(() => expect(document.querySelectorAll('taro-video-core')).toHaveLength(1))
  })
})

describe('FaceCell', () => {
  let utils: TestUtils
  beforeEach(() => {
    utils = new TestUtils()
  })
  afterEach(() => utils.unmout())

  it('shows a GIF face at its size, stickers capped at 240', async () => {
    await mountMessage(utils, wire(1004, { url: 'https://cdn.example.com/wave.gif', width: 480, height: 480 }))
    const cell = $('.cell-face--face') as HTMLElement
    expect(cell.style.width).toBe(Taro.pxTransform(240))
    expect($('.cell-face taro-image-core').getAttribute('src')).toBe('https://cdn.example.com/wave.gif')
  })

  it('shows a custom face from emojiURL and naturalSize', async () => {
    await mountMessage(
      utils,
      wire(1010, { content: JSON.stringify({ emojiURL: 'https://cdn.example.com/e.png', naturalSize: { width: 160, height: 120 } }) }),
    )
    const cell = $('.cell-face--customFace') as HTMLElement
    expect(cell.style.width).toBe(Taro.pxTransform(160))
    expect(cell.style.height).toBe(Taro.pxTransform(120))
    expect($('.cell-face taro-image-core').getAttribute('src')).toBe('https://cdn.example.com/e.png')
  })
})
