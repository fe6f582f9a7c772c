/**
 * Text scales with the reader's text size without clipping or overlapping (issue 18): Chromium's
 * default font size preference at 150% (CDP `Page.setFontSizes`, 16 -> 24 px, what the browser's
 * text-size setting changes), at 375x812, on the lesson and the pay page.
 */
import type { Page } from 'playwright-core'
import { APP_ROWS, startE2E, type E2E } from './harness'

jest.setTimeout(60000)

const STANDARD_FONT_PX = 16

/** A page whose browser says the reader's text is `scale` times the standard size. */
async function pageWithTextSize(e2e: E2E, scale: number): Promise<Page> {
  const page = await e2e.newPage()
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: STANDARD_FONT_PX * scale } })
  return page
}

interface TextBox {
  what: string
  rect: { left: number; top: number; right: number; bottom: number }
  clipped: boolean
  fontPx: number
}

/**
 * Every laid-out element of the page holding text of its own (the lesson's mounted rows, on and
 * off the screen): its box, its font size, and whether its text is cut off (content taller or
 * wider than a box that hides overflow).
 */
function textBoxes(page: Page): Promise<TextBox[]> {
  return page.evaluate(() => {
    const shown = document.querySelectorAll('.taro_page_show')
    const root = shown[shown.length - 1] ?? document.body
    const boxes: TextBox[] = []
    for (const el of Array.from(root.querySelectorAll<HTMLElement>('*'))) {
      const own = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '')
      if (!own) continue
      const style = getComputedStyle(el)
      const r = el.getBoundingClientRect()
      if (style.visibility === 'hidden' || r.width === 0 || r.height === 0) continue
      const hides = (v: string) => v !== 'visible'
      // a preview cut to its first lines with an ellipsis (a circle post's card, whose page shows it all) is by design
      const preview = style.getPropertyValue('-webkit-line-clamp') !== 'none'
      const clipped =
        !preview &&
        ((hides(style.overflowY) && el.scrollHeight > el.clientHeight + 1) || (hides(style.overflowX) && el.scrollWidth > el.clientWidth + 1))
      boxes.push({
        what: `${el.className || el.tagName}: ${(el.textContent ?? '').trim().slice(0, 30)}`,
        rect: { left: r.left, top: r.top, right: r.right, bottom: r.bottom },
        clipped,
        fontPx: parseFloat(style.fontSize),
      })
    }
    return boxes
  })
}

function overlaps(a: TextBox['rect'], b: TextBox['rect']): boolean {
  const slack = 1
  return a.left < b.right - slack && b.left < a.right - slack && a.top < b.bottom - slack && b.top < a.bottom - slack
}

async function expectReadable(page: Page): Promise<TextBox[]> {
  const boxes = await textBoxes(page)
  expect(boxes.length).toBeGreaterThan(3)
  expect(boxes.filter((b) => b.clipped).map((b) => b.what)).toEqual([])
  const overlapping: string[] = []
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => overlaps(a.rect, b.rect) && overlapping.push(`${a.what} / ${b.what}`)))
  expect(overlapping).toEqual([])
  // nothing grows out of the screen's side (the page's own scroller would clip it)
  const outside = await page.evaluate(() => {
    const shown = document.querySelectorAll('.taro_page_show')
    const root = shown[shown.length - 1] ?? document.body
    return Array.from(root.querySelectorAll<HTMLElement>('*'))
      // Taro's aspectFill image overflows its own clipping box by design
      .filter((el) => !el.matches('taro-image-core > img'))
      .filter((el) => {
        const r = el.getBoundingClientRect()
        return r.width > 0 && r.height > 0 && (r.left < -1 || r.right > innerWidth + 1)
      })
      .map((el) => String(el.className || el.tagName))
  })
  expect(outside).toEqual([])
  return boxes
}

const medianFont = (boxes: TextBox[]) => boxes.map((b) => b.fontPx).sort((x, y) => x - y)[Math.floor(boxes.length / 2)]

describe('text at 150% (H5, 375x812)', () => {
  let e2e: E2E
  beforeAll(async () => {
    e2e = await startE2E()
  })
  afterAll(async () => {
    await e2e?.close()
  })

  it('the lesson: message text grows by half and nothing is clipped or overlaps', async () => {
    const standard = await e2e.newPage()
    await standard.goto('/lesson?courseData=demo-all-types')
    await standard.locator(APP_ROWS).nth(5).waitFor()
    const standardFont = medianFont(await textBoxes(standard))

    const page = await pageWithTextSize(e2e, 1.5)
    await page.goto('/lesson?courseData=demo-all-types')
    await page.locator(APP_ROWS).nth(5).waitFor()
    await page.waitForTimeout(500)
    const boxes = await expectReadable(page)
    expect(medianFont(boxes) / standardFont).toBeCloseTo(1.5, 1)
    await e2e.screenshot(page, 'text-150-lesson')
  })

  it('the pay page: nothing is clipped or overlaps', async () => {
    const page = await pageWithTextSize(e2e, 1.5)
    await page.goto('/lessonPay/share/demo-paid/1')
    await page.locator('.lesson-pay__name').first().waitFor()
    await page.waitForTimeout(500)
    await expectReadable(page)
    await e2e.screenshot(page, 'text-150-pay')
  })
})
