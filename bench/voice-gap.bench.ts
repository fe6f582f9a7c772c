/**
 * Silence between voices in auto-next (target <= 100 ms): in Chromium, on the all-types lesson,
 * the time from one voice's `ended` to the next one's `playing` on the one H5 audio element.
 * Transitions: 005 mp3 -> 007 mp3 -> 009 m4a -> 010 amr -> 011 amr -> 039 mp3 (on the next page,
 * so it includes loading that page) -> 040 m4a. Each voice plays 1.5 s (long enough for the
 * player to prepare the next one, as it would in use), is then moved to 0.3 s before its end and
 * plays out by itself. Needs dist/h5. `npx tsx bench/voice-gap.bench.ts`
 */
import type { Page } from 'playwright-core'
import { startE2E } from '../test/e2e/harness'
import { AUDIO_ID } from '../test/e2e/media'
import { median, runWhenMain, withDeadline } from './figures'

const ROUNDS = 3
const PLAY_BEFORE_SEEK_MS = 1500
const TAIL_SECONDS = 0.3
/** The voices in list order and what kind of file each is. */
const CHAIN: ReadonlyArray<readonly [msgId: string, kind: string]> = [
  ['005', 'mp3'],
  ['007', 'mp3'],
  ['009', 'm4a'],
  ['010', 'amr'],
  ['011', 'amr'],
  ['039', 'mp3 (next page)'],
  ['040', 'm4a'],
]

interface Transition {
  label: string
  gapMs: number
}

/** Records `ended` and `playing` times (page clock) on the audio element, from its creation on. */
async function instrument(page: Page): Promise<void> {
  await page.addInitScript((audioId) => {
    const marks: Array<{ type: string; at: number }> = []
    Object.assign(window, { benchMarks: marks })
    new MutationObserver((_, observer) => {
      const el = document.getElementById(audioId)
      if (!el) return
      observer.disconnect()
      for (const type of ['ended', 'playing']) el.addEventListener(type, () => marks.push({ type, at: performance.now() }))
    }).observe(document, { childList: true, subtree: true })
  }, AUDIO_ID)
}

const marks = (page: Page): Promise<Array<{ type: string; at: number }>> =>
  page.evaluate(() => (window as unknown as { benchMarks: Array<{ type: string; at: number }> }).benchMarks.slice())

async function oneRound(page: Page): Promise<Transition[]> {
  await page.goto('/lesson?courseData=demo-all-types')
  const first = page.locator(`#voice-demo-all-types-${CHAIN[0][0]}`)
  await first.waitFor({ timeout: 10000 })
  await first.tap()
  const transitions: Transition[] = []
  for (let i = 0; i < CHAIN.length; i++) {
    const [msgId] = CHAIN[i]
    await page.locator(`#voice-demo-all-types-${msgId}.voice-cell--playing`).waitFor({ timeout: 15000 })
    if (i > 0) {
      const all = await marks(page)
      const ended = all.filter((m) => m.type === 'ended').at(-1)
      const playing = all.filter((m) => m.type === 'playing').at(-1)
      if (!ended || !playing || playing.at < ended.at) throw new Error(`no ended -> playing pair for ${msgId}`)
      transitions.push({ label: `${CHAIN[i - 1][1]} -> ${CHAIN[i][1]}`, gapMs: playing.at - ended.at })
    }
    if (i === CHAIN.length - 1) break
    await page.waitForTimeout(PLAY_BEFORE_SEEK_MS)
    await page.evaluate(
      ({ audioId, tail }) => {
        const el = document.getElementById(audioId) as HTMLAudioElement
        el.currentTime = Math.max(0, el.duration - tail)
      },
      { audioId: AUDIO_ID, tail: TAIL_SECONDS },
    )
  }
  return transitions
}

export async function measure(): Promise<Record<string, string>> {
  const e2e = await startE2E()
  try {
    return await withDeadline(180_000, 'voice gap', async () => {
      const all: Transition[] = []
      for (let round = 0; round < ROUNDS; round++) {
        const page = await e2e.newPage()
        await instrument(page)
        all.push(...(await oneRound(page)))
        await page.close()
      }
      const figures: Record<string, string> = {}
      for (const label of [...new Set(all.map((t) => t.label))]) {
        const gaps = all.filter((t) => t.label === label).map((t) => t.gapMs)
        figures[`voice gap ${label}`] = `median ${median(gaps).toFixed(0)} ms, max ${Math.max(...gaps).toFixed(0)} ms`
      }
      const gaps = all.map((t) => t.gapMs)
      figures['voice gap, all transitions'] =
        `median ${median(gaps).toFixed(0)} ms, max ${Math.max(...gaps).toFixed(0)} ms (${gaps.length} transitions, target <= 100 ms)`
      return figures
    })
  } finally {
    await e2e.close()
  }
}

runWhenMain(__filename, measure)
