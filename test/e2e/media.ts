/**
 * Helpers for the media journeys: the lesson's one `<audio>` element observed from the page,
 * real touch gestures through the DevTools protocol (Taro's slider and the gallery's swiper
 * listen to touch events, which Playwright's mouse does not produce), and viewport checks.
 */
import type { Locator, Page } from 'playwright-core'

/** The id the H5 audio engine gives its element (src/platform/audio/index.h5.ts). */
export const AUDIO_ID = 'lesson-audio-engine'

/** Voice cells carry `voice-<msgId>` ids (src/features/player/scroll.ts). */
export const voiceCell = (page: Page, msgId: string): Locator => page.locator(`#voice-${msgId}`)

export interface AudioState {
  src: string
  currentTime: number
  duration: number
  paused: boolean
  playbackRate: number
}

/** The audio element's state; null while the engine has not created it yet. */
export function audioState(page: Page): Promise<AudioState | null> {
  return page.evaluate((id) => {
    const el = document.getElementById(id) as HTMLAudioElement | null
    if (!el) return null
    return {
      src: el.currentSrc || el.src,
      currentTime: el.currentTime,
      duration: el.duration,
      paused: el.paused,
      playbackRate: el.playbackRate,
    }
  }, AUDIO_ID)
}

/**
 * Waits until the element plays a source matching `src` and its clock has moved on by `by`
 * seconds from where it was when it was first seen playing that source: sound is coming out.
 */
export async function waitUntilAdvancing(page: Page, src: RegExp, by = 0.3, timeout = 15000): Promise<AudioState> {
  await page.waitForFunction(
    ({ id, pattern, flags, by }) => {
      const el = document.getElementById(id) as (HTMLAudioElement & { e2eMark?: { src: string; from: number } }) | null
      if (!el) return false
      // the engine names the file it plays: a prepared one plays from an object URL of its bytes
      const src = el.getAttribute('data-source') || el.currentSrc || el.src
      if (el.paused || !new RegExp(pattern, flags).test(src)) return false
      if (el.e2eMark?.src !== src || el.currentTime < el.e2eMark.from) el.e2eMark = { src, from: el.currentTime }
      return el.currentTime >= el.e2eMark.from + by
    },
    { id: AUDIO_ID, pattern: src.source, flags: src.flags, by },
    { timeout, polling: 100 },
  )
  const state = await audioState(page)
  if (!state) throw new Error('the audio element disappeared')
  return state
}

/** One finger: down at `from`, moved to `to` in `steps` moves, lifted. */
export async function touchDrag(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
  steps = 8,
): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  const point = (x: number, y: number) => [{ x: Math.round(x), y: Math.round(y), id: 1, radiusX: 4, radiusY: 4, force: 1 }]
  try {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from.x, from.y) })
    for (let i = 1; i <= steps; i++) {
      const x = from.x + ((to.x - from.x) * i) / steps
      const y = from.y + ((to.y - from.y) * i) / steps
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x, y) })
      await page.waitForTimeout(16)
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  } finally {
    await cdp.detach()
  }
}

/**
 * Drags the audio panel's seek bar handle to `fraction` (0..1) of the track: the user's way
 * to jump within a voice.
 */
export async function dragSeekBar(page: Page, fraction: number): Promise<void> {
  const track = await page.locator('.audio-panel .weui-slider__inner').boundingBox()
  const handle = await page.locator('.audio-panel .weui-slider__handler').boundingBox()
  if (!track || !handle) throw new Error('the audio panel has no seek bar')
  const y = handle.y + handle.height / 2
  await touchDrag(page, { x: handle.x + handle.width / 2, y }, { x: track.x + track.width * fraction, y })
}

/** True when some of the element's box lies inside the 375x812 viewport. */
export async function inViewport(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox()
  if (!box) return false
  const viewport = locator.page().viewportSize()
  if (!viewport) throw new Error('the page has no viewport size')
  return box.y + box.height > 0 && box.y < viewport.height && box.x + box.width > 0 && box.x < viewport.width
}

/** Scrolls the visible Taro page (it scrolls inside `.taro_page_show`, not the window). */
export async function scrollPageTo(page: Page, top: number): Promise<void> {
  await page.evaluate((top) => {
    const pages = document.querySelectorAll<HTMLElement>('.taro_page_show')
    const current = pages[pages.length - 1]
    if (!current) throw new Error('no visible Taro page')
    current.scrollTop = top
    current.dispatchEvent(new Event('scroll'))
  }, top)
}

/** Waits for the page transition (~300 ms slide) to end: the shown page sits at the left edge. */
export async function pageSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const pages = document.querySelectorAll<HTMLElement>('.taro_page_show')
    const current = pages[pages.length - 1]
    return current !== undefined && current.getBoundingClientRect().left === 0
  })
}
