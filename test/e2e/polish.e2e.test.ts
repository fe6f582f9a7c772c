/**
 * Issue 17 items 14-17 at 375x812: pictures in the viewer centred and fitted, floating controls
 * that never cover content at any scroll position, tap targets of at least 44x44 CSS px, one
 * rounding rule for voice durations, and the m4a page's total before the first play.
 */
import type { Locator, Page } from 'playwright-core'
import { seedStorage, shown } from './browserState'
import { startE2E, type E2E } from './harness'
import { pageSettled, scrollPageTo, touchDrag, voiceCell } from './media'

jest.setTimeout(90000)

const ALL_TYPES = '/lesson?courseData=demo-all-types'
const row = (page: Page, n: number): Locator => page.locator(`.message-row[data-msg-id="demo-all-types-${String(n).padStart(3, '0')}"]`)
/** The smallest tap target (the accessibility rule of every screen). */
const TAP = 44

interface Rect {
  left: number
  top: number
  right: number
  bottom: number
}

interface Drawn {
  /** the slide's picture element */
  box: Rect
  /** the picture inside it */
  picture: Rect
}

/**
 * Where the viewer draws the picture of the slide in view: the <img> box, letterboxed as its
 * object-fit says (the only values the viewer could use are 'fill' and 'contain').
 */
function drawnPicture(page: Page): Promise<Drawn> {
  return page.evaluate(() => {
    const img = Array.from(document.querySelectorAll<HTMLImageElement>('.gallery__image img')).find((el) => {
      const r = el.getBoundingClientRect()
      return r.left > -2 && r.left < window.innerWidth - 2 && el.naturalWidth > 0
    })
    if (!img) throw new Error('no loaded picture in view')
    const r = img.getBoundingClientRect()
    const box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom }
    const style = getComputedStyle(img)
    if (style.objectFit !== 'contain') return { box, picture: box }
    if (style.objectPosition !== '50% 50%') throw new Error(`unexpected object-position ${style.objectPosition}`)
    const scale = Math.min(r.width / img.naturalWidth, r.height / img.naturalHeight)
    const width = img.naturalWidth * scale
    const height = img.naturalHeight * scale
    const left = r.left + (r.width - width) / 2
    const top = r.top + (r.height - height) / 2
    return { box, picture: { left, top, right: left + width, bottom: top + height } }
  })
}

/** The slide fills the 375x812 screen; the picture sits in its middle and touches two opposite edges. */
function expectCentredAndFitted({ box, picture }: Drawn): void {
  expect(Math.abs(box.right - box.left - 375) + Math.abs(box.bottom - box.top - 812)).toBeLessThanOrEqual(1)
  expect(Math.abs(picture.left - box.left - (box.right - picture.right))).toBeLessThanOrEqual(1)
  expect(Math.abs(picture.top - box.top - (box.bottom - picture.bottom))).toBeLessThanOrEqual(1)
  expect(Math.max(picture.right - picture.left - 375, picture.bottom - picture.top - 812)).toBeGreaterThanOrEqual(-1)
}

async function waitForPicture(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLImageElement>('.gallery__image img')).some((el) => {
      const r = el.getBoundingClientRect()
      return el.complete && el.naturalWidth > 0 && r.left > -1 && r.left < window.innerWidth - 1
    }),
  )
}

/**
 * The content boxes on screen: each message's body column and the footer's and tip's text (a
 * full-width block's text, not its box). Text is measured through a Range over its characters.
 */
function contentRects(page: Page): Promise<Rect[]> {
  return page.evaluate(() => {
    const pages = document.querySelectorAll<HTMLElement>('.taro_page_show')
    const current = pages[pages.length - 1]
    const rects: Rect[] = []
    const add = (r: DOMRect): void => {
      if (r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight) rects.push({ left: r.left, top: r.top, right: r.right, bottom: r.bottom })
    }
    current.querySelectorAll('.message-row__main, .message-row__notice').forEach((el) => add(el.getBoundingClientRect()))
    current.querySelectorAll('.lesson-footer, .lesson__created').forEach((el) => {
      const range = document.createRange()
      range.selectNodeContents(el)
      Array.from(range.getClientRects()).forEach(add)
    })
    return rects
  })
}

async function boxOf(target: Locator): Promise<Rect> {
  const box = await target.boundingBox()
  if (!box) throw new Error('the control is not on screen')
  return { left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height }
}

const overlaps = (a: Rect, b: Rect): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom

/** Every scroll position of the page in steps of `step` px, down to its end. */
async function eachScrollPosition(page: Page, step: number, check: (top: number) => Promise<void>): Promise<void> {
  const max = await page.evaluate(() => {
    const pages = document.querySelectorAll<HTMLElement>('.taro_page_show')
    const current = pages[pages.length - 1]
    return current.scrollHeight - current.clientHeight
  })
  for (let top = 0; ; top = Math.min(max, top + step)) {
    await scrollPageTo(page, top)
    await page.waitForTimeout(30)
    await check(top)
    if (top >= max) return
  }
}

async function loadWholeLesson(page: Page): Promise<void> {
  for (let i = 0; i < 10 && (await page.locator('.lesson-footer--end').count()) === 0; i++) {
    await page.evaluate(() => {
      const pages = document.querySelectorAll<HTMLElement>('.taro_page_show')
      const current = pages[pages.length - 1]
      current.scrollTop = Math.max(0, current.scrollHeight - current.clientHeight - 300)
      current.dispatchEvent(new Event('scroll'))
      current.scrollTop = current.scrollHeight
      current.dispatchEvent(new Event('scroll'))
    })
    await page.waitForTimeout(300)
  }
  await shown(page, '.lesson-footer--end').waitFor()
}

async function expectTapSized(target: Locator): Promise<void> {
  const box = await target.boundingBox()
  expect(box).not.toBeNull()
  expect([box?.width ?? 0, box?.height ?? 0].map((v) => v >= TAP - 0.5)).toEqual([true, true])
}

describe('visual polish in Chromium (H5, 375x812)', () => {
  let e2e: E2E
  beforeAll(async () => {
    e2e = await startE2E()
  })
  afterAll(async () => {
    await e2e?.close()
  })

  it('centres and fits pictures narrower than the screen in the gallery and the circle preview', async () => {
    const page = await e2e.newPage()
    await page.goto(ALL_TYPES)
    const wide = row(page, 4).locator('.cell-image')
    await wide.scrollIntoViewIfNeeded()
    await wide.tap()
    await page.locator('.gallery').waitFor()
    await waitForPicture(page)
    expectCentredAndFitted(await drawnPicture(page))
    // the second picture is tall (360x960): narrower than the screen once fitted to its height
    await touchDrag(page, { x: 320, y: 400 }, { x: 40, y: 400 })
    await page.waitForTimeout(400)
    await waitForPicture(page)
    const tall = await drawnPicture(page)
    expect(tall.picture.right - tall.picture.left).toBeLessThan(375)
    expectCentredAndFitted(tall)
    await e2e.screenshot(page, 'polish-gallery-tall')

    // a tap closes the viewer
    await page.touchscreen.tap(187, 406)
    await page.locator('.gallery').waitFor({ state: 'detached' })
    const post = row(page, 18).locator('.cell-material')
    await post.scrollIntoViewIfNeeded()
    await post.tap()
    await page.waitForURL(/\/wmCircleDetail\?/)
    await pageSettled(page)
    await page.locator('.circle__tile').first().tap()
    await page.locator('.gallery').waitFor()
    await waitForPicture(page)
    expectCentredAndFitted(await drawnPicture(page))
    await e2e.screenshot(page, 'polish-circle-preview')
  })

  it('keeps the rate button and the audio panel off the messages at every scroll position', async () => {
    const page = await e2e.newPage()
    await page.goto(ALL_TYPES)
    await page.locator('.rate-button').waitFor()
    await loadWholeLesson(page)
    const rate = await boxOf(page.locator('.rate-button'))
    await eachScrollPosition(page, 150, async (top) => {
      const covered = (await contentRects(page)).filter((r) => overlaps(r, rate))
      expect([top, covered]).toEqual([top, []])
    })
    await expectTapSized(page.locator('.rate-button'))

    // the panel: its controls are tap-sized, and nothing of the list is left under it
    await voiceCell(page, 'demo-all-types-040').scrollIntoViewIfNeeded()
    await voiceCell(page, 'demo-all-types-040').tap()
    await page.locator('.audio-panel').waitFor()
    await pageSettled(page)
    for (const control of await page.locator('.audio-panel__close, .audio-panel__rate, .audio-panel__locate, .audio-panel__toggle').all()) {
      await expectTapSized(control)
    }
    const panel = await boxOf(page.locator('.audio-panel'))
    const raised = await boxOf(page.locator('.rate-button'))
    expect(raised.bottom).toBeLessThanOrEqual(panel.top)
    await eachScrollPosition(page, 300, async () => undefined)
    const content = await contentRects(page)
    expect(Math.max(...content.map((r) => r.bottom))).toBeLessThanOrEqual(panel.top)
    expect(content.filter((r) => overlaps(r, raised))).toEqual([])
    await e2e.screenshot(page, 'polish-panel-end')
  })

  it('gives voice bubble and panel one rounding rule for the duration', async () => {
    const page = await e2e.newPage()
    await page.goto(ALL_TYPES)
    // 005 is intro.mp3: the payload says 7, the element reports 7.04 s (it showed 7″ beside 0:06)
    const bubble = voiceCell(page, 'demo-all-types-005')
    await bubble.waitFor()
    const said = (await bubble.locator('.voice-cell__duration').textContent())?.replace('″', '')
    expect(said).toBe('7')
    await bubble.tap()
    await page.waitForFunction(() => {
      const total = document.querySelector('.audio-panel .seek-bar__time--total')?.textContent
      return total !== undefined && total !== '0:00'
    })
    expect(await page.locator('.audio-panel .seek-bar__time--total').textContent()).toBe(`0:0${said}`)
  })

  it('keeps the free preview clear of its bar and places the reward tip in the flow, all tap-sized', async () => {
    const page = await e2e.newPage()
    await seedStorage(page, { loginData: JSON.stringify({ loginData: 'login-visitor', isWeMaiUser: 0 }) })
    await page.goto('/lesson?courseData=demo-paid')
    const bar = shown(page, '.lesson-preview-bar')
    await shown(page, '.lesson-footer--end').waitFor()
    await shown(page, '.share-reward').waitFor()
    await expectTapSized(shown(page, '.lesson-preview-bar__button'))
    await expectTapSized(shown(page, '.share-reward'))
    const barBox = await boxOf(bar)
    // the lesson's bottom padding is at least the bar's height: its end scrolls clear of the bar
    const padding = await shown(page, '.lesson').evaluate((el) => parseFloat(getComputedStyle(el).paddingBottom))
    expect(padding).toBeGreaterThanOrEqual(barBox.bottom - barBox.top)
    await eachScrollPosition(page, 100, async (top) => {
      const tip = await shown(page, '.share-reward').boundingBox()
      const tipRect = tip && { left: tip.x, top: tip.y, right: tip.x + tip.width, bottom: tip.y + tip.height }
      const covered = (await contentRects(page)).filter((r) => tipRect !== null && overlaps(r, tipRect))
      expect([top, covered]).toEqual([top, []])
    })
    const content = await contentRects(page)
    expect(Math.max(...content.map((r) => r.bottom))).toBeLessThanOrEqual(barBox.top)
    await e2e.screenshot(page, 'polish-preview-end')

    // the country picker's close, through the visitor's phone binding
    await shown(page, '.lesson-preview-bar__button').click()
    await shown(page, '.pay-dialog__go-pay').click()
    await shown(page, '.bind-dialog__country').click()
    await shown(page, '.country-picker__group-title').first().waitFor()
    await expectTapSized(shown(page, '.country-picker__close'))
  })

  it('shows the m4a file length before it is played, with the player laid out', async () => {
    const page = await e2e.newPage()
    await page.goto('/m4aPlayer?name=weekend.m4a&url=%2Fmedia%2Fvoice%2Fweekend.m4a&fileExtension=m4a')
    // weekend.m4a is 6.44 s long
    await shown(page, '.seek-bar__time--total').filter({ hasText: '0:06' }).waitFor()
    expect(await page.evaluate(() => (document.getElementById('lesson-audio-engine') as HTMLAudioElement | null)?.paused ?? true)).toBe(true)
    await expectTapSized(shown(page, '.audio-file__toggle'))
    const bar = await boxOf(shown(page, '.seek-bar'))
    expect(bar.bottom - bar.top).toBeLessThan(TAP)

    await page.goto('/audioPlayer?name=listening.mp3&url=%2Fmedia%2Ffile%2Flistening.mp3&fileExtension=mp3')
    const control = shown(page, '.audio-file__native audio')
    await control.waitFor()
    const download = await boxOf(shown(page, '.audio-file__download'))
    const native = await boxOf(control)
    expect([native.left, native.right]).toEqual([download.left, download.right])
  })
})
