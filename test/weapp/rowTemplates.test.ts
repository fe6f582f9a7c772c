/**
 * @jest-environment jsdom
 */
import simulate from 'miniprogram-simulate'
import { loadPage, optionsOf, type LoadedPage } from './harness'
import { all, tap } from './taroTree'

/**
 * The lesson's rows in the mini-program draw their frame and their text bubbles from the app's own
 * templates (src/platform/components/messageFrameTemplate.ts, issue 36 item 4): what a reader sees
 * and does there works as it did from Taro's generic templates. Only wx is faked (harness).
 */
const LONG_PRESS_MS = 500

let page: LoadedPage | undefined
afterEach(async () => {
  await page?.close()
  page = undefined
})

describe('lesson rows drawn from the app’s templates', () => {
  it('show the sender, the send time and the text, and a long press on a text copies it', async () => {
    const loaded = await loadPage('pages/lesson/index', { courseData: 'demo-open' })
    page = loaded
    await loaded.waitFor(() => loaded.root.querySelectorAll('.bubble--text').length > 0)

    const first = all(loaded, '.message-row')[0]
    expect(all(loaded, '.message-row__nickname')[0].dom?.textContent).toBe('林老师')
    expect(first.dom?.querySelector('[class$="message-row__time"]')?.textContent).toMatch(/^\d{4}-\d{2}-\d{2} (上午|下午) \d{1,2}:\d{2}$/)
    // a compact row (the same sender again) shows its time only
    const compact = all(loaded, '.message-row__meta--compact')[0]
    expect(compact.dom?.textContent).toMatch(/^\d{4}-\d{2}-\d{2} /)

    const bubble = all(loaded, '.bubble--text')[0]
    const text = bubble.dom?.textContent ?? ''
    expect(text).toContain('欢迎来到')
    bubble.dispatchEvent('touchstart', { touches: [{ x: 10, y: 10 }] })
    await simulate.sleep(LONG_PRESS_MS + 100)
    bubble.dispatchEvent('touchend')
    await loaded.waitFor(() => loaded.root.querySelectorAll('.cell-menu__item').length > 0)
    await tap(all(loaded, '.cell-menu__item')[0])
    await loaded.waitFor(() => optionsOf(loaded.wx.setClipboardData).length > 0)
    expect(optionsOf(loaded.wx.setClipboardData)[0]).toMatchObject({ data: text })
  })

  it('a tap on a text bubble opens no menu', async () => {
    const loaded = await loadPage('pages/lesson/index', { courseData: 'demo-open' })
    page = loaded
    await loaded.waitFor(() => loaded.root.querySelectorAll('.bubble--text').length > 0)
    const bubble = all(loaded, '.bubble--text')[0]
    bubble.dispatchEvent('touchstart', { touches: [{ x: 10, y: 10 }] })
    bubble.dispatchEvent('touchend')
    await tap(bubble)
    await simulate.sleep(LONG_PRESS_MS + 100)
    expect(loaded.root.querySelectorAll('.cell-menu__item')).toHaveLength(0)
  })
})
