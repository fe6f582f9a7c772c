/**
 * Issue 4: voice playback with real audio in Chromium (the harness starts it with
 * --autoplay-policy=no-user-gesture-required). One journey on the all-types lesson, whose first
 * page (20 rows) holds the voices 005 mp3, 007 mp3, 009 m4a, 010 amr, 011 amr and whose second
 * page holds 039 mp3 and 040 m4a (server/lesson/seedAllTypes.ts), so auto-next from 011 has to load
 * the next page itself. Seeking is done the user's way, by dragging the panel's bar; the steps
 * run in order on one page.
 */
import type { JSHandle, Page } from 'playwright-core'
import { startE2E, type E2E } from './harness'
import { AUDIO_ID, audioState, dragSeekBar, inViewport, pageSettled, scrollPageTo, voiceCell, waitUntilAdvancing } from './media'

jest.setTimeout(60000)

const id = (n: number): string => `demo-all-types-${String(n).padStart(3, '0')}`
/** The list's first page: 20 messages, all of which draw a row. */
const FIRST_PAGE_ROWS = 20

/** Waits for voice `n`'s cell to show the playing state while the element's clock moves. */
async function expectPlaying(page: Page, n: number, src: RegExp): Promise<void> {
  await page.locator(`#voice-${id(n)}.voice-cell--playing[aria-pressed="true"]`).waitFor({ timeout: 15000 })
  await waitUntilAdvancing(page, src)
  expect(await page.locator('.voice-cell--playing').count()).toBe(1)
}

/** The element's events, in order, from now on: what the store did with it. */
async function recordEvents(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate((audioId) => {
    const el = document.getElementById(audioId) as HTMLAudioElement
    const log: string[] = []
    Object.assign(window, { e2eAudioEvents: log })
    for (const type of ['pause', 'play', 'playing', 'ended']) el.addEventListener(type, () => log.push(type))
  }, AUDIO_ID)
  return () => page.evaluate(() => (window as unknown as { e2eAudioEvents: string[] }).e2eAudioEvents.slice())
}

const sameElement = (page: Page, element: JSHandle<HTMLElement | null>): Promise<boolean> =>
  page.evaluate(([el, audioId]) => el === document.getElementById(audioId), [element, AUDIO_ID] as const)

describe('voice playback in Chromium (H5, real audio)', () => {
  let e2e: E2E
  let page: Page

  beforeAll(async () => {
    e2e = await startE2E()
    page = await e2e.newPage()
    await page.goto('/lesson?courseData=demo-all-types')
    await voiceCell(page, id(5)).waitFor()
  })
  afterAll(async () => {
    await e2e?.close()
  })

  it('plays a tapped mp3 voice in one audio element outside the pages, with the panel', async () => {
    await voiceCell(page, id(5)).tap()
    await expectPlaying(page, 5, /\/media\/voice\/intro\.mp3$/)
    await page.locator('.audio-panel').waitFor()
    expect(await page.locator('.audio-panel__title').textContent()).toContain('林老师')
    expect(await page.locator(`audio#${AUDIO_ID}`).count()).toBe(1)
    expect(await page.locator(`#${AUDIO_ID}`).evaluate((el) => el.closest('.taro_page') === null)).toBe(true)
    expect((await audioState(page))?.playbackRate).toBe(1)
    await e2e.screenshot(page, 'player-playing')
  })

  it('changes the rate from the panel: pauses, resumes after 300 ms at 1.5x, keeps playing', async () => {
    const events = await recordEvents(page)
    await page.locator('.audio-panel__rate', { hasText: '1.5X' }).tap()
    await page.waitForFunction((audioId) => {
      const el = document.getElementById(audioId) as HTMLAudioElement
      return el.playbackRate === 1.5 && !el.paused
    }, AUDIO_ID)
    const log = await events()
    expect(log[0]).toBe('pause')
    expect(log.indexOf('play')).toBeGreaterThan(0)
    await waitUntilAdvancing(page, /\/media\/voice\/intro\.mp3$/)
    expect((await audioState(page))?.playbackRate).toBe(1.5)
    expect(await page.locator('.audio-panel__rate--active').textContent()).toBe('1.5X')
    expect(await page.locator('.rate-button').textContent()).toBe('1.5X')
  })

  it('jumps within the voice when the bar is dragged, then plays on', async () => {
    const before = await audioState(page)
    if (!before) throw new Error('no audio element')
    // how far the voice got depends on how long the earlier steps took (each screenshot is also an
    // axe audit): jump well away from wherever it is
    const fraction = before.currentTime < 0.5 * before.duration ? 0.85 : 0.15
    await dragSeekBar(page, fraction)
    const after = await waitUntilAdvancing(page, /\/media\/voice\/intro\.mp3$/, 0.1)
    expect(Math.abs(after.currentTime - before.currentTime)).toBeGreaterThan(1.5)
    expect(Math.abs(after.currentTime - fraction * after.duration)).toBeLessThan(1.5)
    await e2e.screenshot(page, 'player-seeked')
  })

  it('moves on by itself when a voice ends: mp3 -> mp3, at the chosen rate', async () => {
    // nothing is touched: intro.mp3 plays out from where the drag left it
    await expectPlaying(page, 7, /\/media\/voice\/greeting\.mp3$/)
    expect(await voiceCell(page, id(5)).getAttribute('class')).toContain('voice-cell--stopped')
    expect((await audioState(page))?.playbackRate).toBe(1.5)
  })

  it('goes on to the m4a voice, then to the amr one through the lazily loaded decoder', async () => {
    await dragSeekBar(page, 1)
    await expectPlaying(page, 9, /\/media\/voice\/weekend\.m4a(\?|$)/)

    await dragSeekBar(page, 1)
    await expectPlaying(page, 10, /\/media\/voice\/homework\.amr$/)
    const state = await audioState(page)
    expect(state?.src).toMatch(/^blob:http:\/\/127\.0\.0\.1:\d+\//)
    expect(state?.playbackRate).toBe(1.5)
    // the decoder came as its own chunk, after the page had loaded
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name))
    expect(scripts.some((name) => /\/js\/amr-decoder\.[0-9a-f]+\.js$/.test(name))).toBe(true)
  })

  it('crosses a page boundary: while 011 (the last loaded voice) plays it fetches the next page, then plays 039', async () => {
    expect(await voiceCell(page, id(39)).count()).toBe(0)
    await dragSeekBar(page, 1)
    await expectPlaying(page, 11, /\/media\/voice\/question\.amr$/)
    // nothing scrolled the list: the player itself loads the page holding the next voice, ahead of time
    await voiceCell(page, id(39)).waitFor({ state: 'attached' })
    expect(await page.locator('.message-row').count()).toBeGreaterThan(FIRST_PAGE_ROWS)
    expect((await audioState(page))?.src).toMatch(/^blob:/)

    await dragSeekBar(page, 1)
    await expectPlaying(page, 39, /\/media\/voice\/weather\.mp3$/)
    expect(await page.locator('.message-row').count()).toBeGreaterThan(FIRST_PAGE_ROWS)
  })

  it("stops after the lesson's last voice", async () => {
    await dragSeekBar(page, 1)
    await expectPlaying(page, 40, /\/media\/voice\/ending\.m4a(\?|$)/)
    await dragSeekBar(page, 1)
    await page.waitForFunction((audioId) => (document.getElementById(audioId) as HTMLAudioElement).paused, AUDIO_ID)
    await page.locator('.voice-cell--playing, .voice-cell--loading').waitFor({ state: 'detached' })
    // looking for a voice after 040 loaded the rest of the list
    await page.locator('.lesson-footer--end').waitFor({ state: 'attached' })
  })

  it('keeps the same element playing across a route change and back', async () => {
    // back to 1.0X so the 10 s voice outlasts the two page transitions
    await page.locator('.audio-panel__rate', { hasText: '1.0X' }).tap()
    await voiceCell(page, id(7)).scrollIntoViewIfNeeded()
    await voiceCell(page, id(7)).tap()
    await expectPlaying(page, 7, /\/media\/voice\/greeting\.mp3$/)
    expect((await audioState(page))?.playbackRate).toBe(1)
    const element = await page.evaluateHandle((audioId) => document.getElementById(audioId), AUDIO_ID)

    // another page: the circle post the lesson links to
    const circle = page.locator(`.message-row[data-msg-id="${id(18)}"] .cell-material`)
    await circle.scrollIntoViewIfNeeded()
    await circle.tap()
    await page.waitForURL(/\/wmCircleDetail\?/)
    await page.locator('.circle__text').waitFor()
    expect(await sameElement(page, element)).toBe(true)
    await waitUntilAdvancing(page, /\/media\/voice\/greeting\.mp3$/, 0.5)
    await pageSettled(page)
    await e2e.screenshot(page, 'player-other-page')

    await page.goBack()
    await page.locator('.lesson').waitFor()
    expect(await sameElement(page, element)).toBe(true)
    expect(await page.locator(`audio#${AUDIO_ID}`).count()).toBe(1)
    await expectPlaying(page, 7, /\/media\/voice\/greeting\.mp3$/)
  })

  it('scrolls back to the playing voice with "locate current playback"', async () => {
    const playing = voiceCell(page, id(7))
    await scrollPageTo(page, 4000)
    await page.waitForFunction((cellId) => (document.getElementById(cellId)?.getBoundingClientRect().bottom ?? 0) < 0, `voice-${id(7)}`)
    expect(await inViewport(playing)).toBe(false)
    await page.locator('.audio-panel__locate').tap()
    // in view, below the top and above the fixed panel
    await page.waitForFunction((cellId) => {
      const cell = document.getElementById(cellId)
      const panel = document.querySelector('.audio-panel')
      if (!cell || !panel) return false
      const box = cell.getBoundingClientRect()
      return box.top >= 0 && box.bottom <= panel.getBoundingClientRect().top
    }, `voice-${id(7)}`)
    expect(await playing.getAttribute('class')).toContain('voice-cell--playing')
    await e2e.screenshot(page, 'player-located')
  })
})
