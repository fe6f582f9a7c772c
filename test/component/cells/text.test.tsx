import TestUtils from '@tarojs/test-utils-react'
import { cellMenu } from '../../../src/features/lesson/cellMenu'
import { LONG_PRESS_MS } from '../../../src/features/lesson/cells/useLongPress'
import { $, touchAt, HOSTILE, mountMessage, wire } from './support'
import { fakeClock, until } from '../act'
import { recordToasts } from '../toasts'

/** The browser's clipboard API (the platform edge; jsdom has none): a fake writeText. */
function fakeSystemClipboard(writeText: (text: string) => Promise<void>): jest.Mock {
  const fake = jest.fn(writeText)
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: fake }, configurable: true })
  return fake
}

describe('TextCell', () => {
  let utils: TestUtils
  beforeEach(() => {
    utils = new TestUtils()
    cellMenu.close()
  })
  afterEach(() => {
    utils.unmout()
    jest.useRealTimers()
    jest.restoreAllMocks()
    Reflect.deleteProperty(navigator, 'clipboard')
  })

  it('shows markup as text, never as HTML (XSS)', async () => {
    await mountMessage(utils, wire(1000, { content: HOSTILE }))
    expect($('.cell-text').textContent).toBe(HOSTILE)
    expect(document.querySelector('.cell-text img')).toBeNull()
  })

  it('is selectable', async () => {
    await mountMessage(utils, wire(1000, { content: 'hello' }))
    expect($('.bubble__text').getAttribute('user-select')).toBe('true')
  })

  it('opens the copy menu after a 500 ms press, not before, and copies the text', async () => {
    const writeText = fakeSystemClipboard(() => Promise.resolve())
    await mountMessage(utils, wire(1000, { content: 'copy me' }))
    fakeClock()
    utils.fireEvent.touchStart($('.bubble--text'), touchAt(10, 10))
    utils.act(() => jest.advanceTimersByTime(LONG_PRESS_MS - 1))
    expect(document.querySelector('.cell-menu')).toBeNull()
    utils.act(() => jest.advanceTimersByTime(1))
    utils.fireEvent.touchEnd($('.bubble--text'))
    utils.fireEvent.click($('.cell-menu__item'))
    expect(writeText).toHaveBeenCalledWith('copy me')
    expect(document.querySelector('.cell-menu')).toBeNull()
  })

  it('says so when the browser refuses the copy both ways', async () => {
    fakeSystemClipboard(() => Promise.reject(new Error('denied')))
    const toasts = recordToasts()
    await mountMessage(utils, wire(1000, { content: 'copy me' }))
    fakeClock()
    utils.fireEvent.touchStart($('.bubble--text'), touchAt(10, 10))
    utils.act(() => jest.advanceTimersByTime(LONG_PRESS_MS))
    utils.fireEvent.touchEnd($('.bubble--text'))
    utils.fireEvent.click($('.cell-menu__item'))
    // jsdom has no execCommand('copy'): the fallback refuses too
    jest.useRealTimers()
    await until(() => expect(toasts.texts()).toEqual(['复制失败']))
    toasts.stop()
  })

  it('does not open the menu when the finger moves away (a scroll)', async () => {
    await mountMessage(utils, wire(1000, { content: 'scroll' }))
    fakeClock()
    utils.fireEvent.touchStart($('.bubble--text'), touchAt(10, 10))
    utils.fireEvent.touchMove($('.bubble--text'), touchAt(10, 60))
    utils.act(() => jest.advanceTimersByTime(LONG_PRESS_MS * 2))
    expect(document.querySelector('.cell-menu')).toBeNull()
  })

  it('keeps only one cell menu open at a time', async () => {
    await mountMessage(utils, [wire(1000, { content: 'first' }), wire(1000, { content: 'second' })])
    const [first, second] = Array.from(document.querySelectorAll('.bubble--text'))
    fakeClock()
    const longPress = (bubble: Element) => {
      utils.fireEvent.touchStart(bubble, touchAt(0, 0))
      utils.act(() => jest.advanceTimersByTime(LONG_PRESS_MS))
      utils.fireEvent.touchEnd(bubble)
    }
    longPress(first)
    expect(document.querySelectorAll('.cell-menu')).toHaveLength(1)
    expect(first.parentElement?.querySelector('.cell-menu')).not.toBeNull()
    longPress(second)
    expect(document.querySelectorAll('.cell-menu')).toHaveLength(1)
    expect(second.parentElement?.querySelector('.cell-menu')).not.toBeNull()
  })

  it('closes the menu on a tap outside it', async () => {
    const message = wire(1000, { content: 'x' })
    await mountMessage(utils, message)
    utils.act(() => cellMenu.open(`text-${message.id}-${message.msgId}`))
    utils.fireEvent.click($('.cell-menu__mask'))
    expect(document.querySelector('.cell-menu')).toBeNull()
    expect(cellMenu.openKey).toBeNull()
  })
})
