/**
 * Issue 35 items 1-2 in Chromium with real audio: the transcript page follows the playing voice
 * and a tap on a sentence plays from there; the sleep timer set to "end of this voice" fades the
 * voice out, stops it there instead of going on, and shows in the Media Session (lock screen).
 * The all-types lesson's voice 009 (weekend.m4a) carries a two-sentence transcription and 005
 * (intro.mp3) a one-sentence one (server/lesson/seedAllTypes.ts).
 *
 * The counted timers (15/30/60 minutes) count the audio's own progress, so no clock faked in the
 * page could make a 6 s voice play for 15 minutes: they are proved on the store
 * (test/unit/stores/player/sleepTimerStore.test.ts) and in the mini-program with the background
 * audio's reported time (test/weapp/listeningSleepTimer.test.ts). This journey uses the real
 * end-of-voice timer, which needs no test-only seam.
 */
import type { Page } from 'playwright-core'
import { startE2E, type E2E } from './harness'
import { AUDIO_ID, audioState, voiceCell, waitUntilAdvancing } from './media'

jest.setTimeout(60000)

const id = (n: number): string => `demo-all-types-${String(n).padStart(3, '0')}`
const WEEKEND = /\/media\/voice\/weekend\.m4a(\?|$)/
const INTRO = /\/media\/voice\/intro\.mp3$/

/** The transcript's sentence buttons of voice `n`. */
const sentences = (page: Page, n: number) => page.locator(`[id^="sentence-${id(n)}-"]`)

const albumLine = (page: Page): Promise<string | null> => page.evaluate(() => navigator.mediaSession.metadata?.album ?? null)

describe('listening tools in Chromium (H5, real audio)', () => {
  let e2e: E2E
  let page: Page

  beforeAll(async () => {
    e2e = await startE2E()
    page = await e2e.newPage()
    await page.goto('/lesson?courseData=demo-all-types')
    await voiceCell(page, id(9)).waitFor()
  })
  afterAll(async () => {
    await e2e?.close()
  })

  it('the transcript highlights the sentence being played, moves on with the voice, and a tap plays from a sentence', async () => {
    await voiceCell(page, id(9)).tap()
    await waitUntilAdvancing(page, WEEKEND)
    await page.locator('.listening-tools__button', { hasText: '文稿' }).tap()
    await page.waitForURL(/\/transcript/)
    const weekend = sentences(page, 9)
    await weekend.first().waitFor()
    expect(await weekend.allTextContents()).toEqual([expect.stringContaining('周末有什么安排吗？'), expect.stringContaining('回答时多给一点细节。')])
    // each sentence is a named button; the times are marked as estimates
    expect(await weekend.first().getAttribute('role')).toBe('button')
    expect(await weekend.first().getAttribute('aria-label')).toMatch(/^从 ≈0:00 播放：周末有什么安排吗？$/)
    expect(await page.locator('.transcript-voice__hint', { hasText: '估算' }).count()).toBeGreaterThan(0)
    // the voice goes on into its second sentence: the highlight and the polite announcement follow it
    await page.locator(`#sentence-${id(9)}-1[aria-current="true"]`).waitFor({ timeout: 10000 })
    expect(await page.locator('.transcript-sentence--playing').count()).toBe(1)
    expect(await page.locator('.transcript__live[aria-live="polite"]').textContent()).toBe('正在播放：回答时多给一点细节。')
    const before = await audioState(page)
    expect(before?.currentTime).toBeGreaterThan(1)
    await e2e.screenshot(page, 'listening-transcript-following')

    // a tap on the first sentence plays from its start
    await weekend.first().tap()
    await page.locator(`#sentence-${id(9)}-0[aria-current="true"]`).waitFor()
    const after = await waitUntilAdvancing(page, WEEKEND, 0.1)
    expect(after.currentTime).toBeLessThan(1.5)
    // a tap on a sentence of another voice plays that voice from there
    await sentences(page, 5).first().tap()
    await waitUntilAdvancing(page, INTRO)
    await page.locator(`#sentence-${id(5)}-0.transcript-sentence--playing`).waitFor()
  })

  it('the sleep timer at the end of this voice fades it out, stops there and says so on the lock screen', async () => {
    await page.goBack()
    await page.locator('.audio-panel').waitFor()
    await page.locator('.listening-tools__button', { hasText: '定时关闭' }).tap()
    await page.getByText('播完当前语音', { exact: true }).tap()
    await page.getByText('播完当前语音', { exact: true }).waitFor({ state: 'hidden' })
    await page.locator('.listening-tools__button--active', { hasText: '播完本条' }).waitFor()
    expect(await albumLine(page)).toBe('播完当前语音后停止')
    await e2e.screenshot(page, 'listening-sleep-timer-set')
    // intro.mp3 is shorter than the fade: its volume goes down while it still plays
    await page.waitForFunction((audioId) => {
      const el = document.getElementById(audioId) as HTMLAudioElement
      return !el.paused && el.volume < 0.9
    }, AUDIO_ID)
    // it ends and nothing follows: the element is paused on intro.mp3 at full volume again
    await page.waitForFunction((audioId) => (document.getElementById(audioId) as HTMLAudioElement).paused, AUDIO_ID, { timeout: 15000 })
    await page.waitForTimeout(1500)
    const state = await page.evaluate((audioId) => {
      const el = document.getElementById(audioId) as HTMLAudioElement
      return { paused: el.paused, source: el.getAttribute('data-source') ?? '', volume: el.volume }
    }, AUDIO_ID)
    expect(state.paused).toBe(true)
    expect(state.source).toMatch(INTRO)
    expect(state.volume).toBe(1)
    expect(await page.locator('.voice-cell--playing').count()).toBe(0)
    expect(await page.locator('.listening-tools__button--active').count()).toBe(0)
    expect(await albumLine(page)).toBe('')
  })

  it('a voice whose payload kept the speech service word times shows timed sentences, not estimates', async () => {
    await page.locator('.listening-tools__button', { hasText: '文稿' }).tap()
    await page.waitForURL(/\/transcript/)
    // 039 is on the lesson's second page, which the lesson may not have loaded yet
    if ((await page.locator('.transcript__more').count()) > 0) await page.locator('.transcript__more').tap()
    const weather = sentences(page, 39)
    await weather.first().waitFor()
    // the word times put the sentence where the speech starts, and say where the times come from
    expect(await weather.first().getAttribute('aria-label')).toBe('从 0:00 播放：今天天气真好，对吧？')
    expect(await page.locator('.transcript-voice', { has: weather.first() }).locator('.transcript-voice__hint').textContent()).toBe('句子时间来自语音识别')
  })

  it('opened with no lesson before it, the transcript says to open one first', async () => {
    const fresh = await e2e.newPage()
    await fresh.goto('/transcript')
    await fresh.getByText('先打开一节课，再来看它的文稿').waitFor()
    await e2e.screenshot(fresh, 'listening-transcript-no-lesson')
  })
})
