/**
 * A long lesson in Chromium (issue 16): the list mounts only the rows near the screen while the
 * reader scrolls through many pages, and "locate current playback" brings back a voice whose
 * row was unmounted long ago, scrolled into view.
 */
import type { Page } from 'playwright-core'
import { seedLongLesson } from '../../server/lesson/seedLongLesson'
import { scrollUntil, startE2E, type E2E } from './harness'
import { inViewport } from './media'

jest.setTimeout(90000)

const COURSE = 'e2e-long'
const MESSAGES = 400
const MOUNTED_MAX = 50
const id = (n: number): string => `${COURSE}-${String(n).padStart(5, '0')}`

const mountedRows = (page: Page): Promise<number> => page.locator('.message-row').count()

describe('a 400-message lesson in Chromium', () => {
  let e2e: E2E
  beforeAll(async () => {
    e2e = await startE2E()
    await seedLongLesson(e2e.server.db, { courseData: COURSE, count: MESSAGES })
  })
  afterAll(async () => {
    await e2e?.close()
  })

  it('keeps the mounted rows bounded while scrolling through pages, and locates the playing voice', async () => {
    const page = await e2e.newPage()
    await page.goto(`/lesson?courseData=${COURSE}`)
    const first = page.locator(`#voice-${id(10)}`)
    await first.waitFor()
    await first.tap()
    await page.locator(`#voice-${id(10)}.voice-cell--playing, #voice-${id(10)}.voice-cell--loading`).waitFor()

    let most = await mountedRows(page)
    const lastMounted = (): Promise<number> =>
      page.evaluate(() => {
        const rows = document.querySelectorAll('.message-row[data-msg-id]')
        return Number(rows[rows.length - 1]?.getAttribute('data-msg-id')?.split('-').pop() ?? 0)
      })
    // seven pages further down, counting the rows mounted after every page
    await scrollUntil(
      page,
      async () => {
        most = Math.max(most, await mountedRows(page))
        return (await lastMounted()) >= 140
      },
      30,
    )
    // the playing voice's row is no longer mounted
    expect(await first.count()).toBe(0)
    expect(most).toBeLessThanOrEqual(MOUNTED_MAX)
    await e2e.screenshot(page, 'long-lesson-far-down')

    await page.locator('.audio-panel__locate').tap()
    await first.waitFor()
    await page.waitForFunction((selector) => {
      const box = document.querySelector(selector)?.getBoundingClientRect()
      return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight
    }, `#voice-${id(10)}`)
    expect(await inViewport(first)).toBe(true)
    expect(await mountedRows(page)).toBeLessThanOrEqual(MOUNTED_MAX)
    await e2e.screenshot(page, 'long-lesson-located')
  })
})
