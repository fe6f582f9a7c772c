/**
 * Issue 36 item 1: a tap on a voice of the server's first screen (server/lesson/firstScreen.ts),
 * before the app has taken over, is not lost. The app's scripts are held back 1.5 s by a route
 * delay, so the tap lands while only the server's rows exist; the voice plays once the app's
 * lesson page is up. A second tap on the same voice takes the first back.
 */
import type { Page } from 'playwright-core'
import { LessonRepository } from '../../server/lesson/data'
import { APP_ROWS, startE2E, type E2E } from './harness'
import { AUDIO_ID, waitUntilAdvancing } from './media'

jest.setTimeout(60000)

const COURSE_DATA = 'first-tap'
const VOICE = 'first-tap-voice'
/** How long the app's scripts are held back: long enough to tap before the app is there. */
const SCRIPT_DELAY_MS = 1500

/** An open lesson opening with a text and a voice: both on the server's first screen. */
async function addLesson(e2e: E2E): Promise<void> {
  const lesson = await e2e.server.db.one<{ id: number }>(
    `INSERT INTO lessons (course_data, wmid, course_name, privacy_status, create_timestamp)
     VALUES (?, 'wm_teacher', '首屏点播', 1, ?) RETURNING id`,
    [COURSE_DATA, Date.UTC(2024, 2, 8)],
  )
  if (!lesson) throw new Error('the lesson was not stored')
  await new LessonRepository(e2e.server.db).addMessages([
    { lessonId: lesson.id, msgId: 'first-tap-text', msgType: 1000, sendTime: Date.UTC(2024, 2, 9, 1, 0), sender: 'wm_teacher', obj: JSON.stringify({ content: '先听这段语音：' }) },
    {
      lessonId: lesson.id,
      msgId: VOICE,
      msgType: 1002,
      sendTime: Date.UTC(2024, 2, 9, 1, 1),
      sender: 'wm_teacher',
      obj: JSON.stringify({ url: '/media/voice/intro.mp3', duration: 7 }),
    },
  ])
}

/** A page whose scripts arrive SCRIPT_DELAY_MS late, opened on the lesson: the server's rows only. */
async function openWithSlowApp(e2e: E2E): Promise<Page> {
  const page = await e2e.newPage()
  await page.route(/\/js\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS))
    await route.continue()
  })
  await page.goto(`/lesson?courseData=${COURSE_DATA}`, { waitUntil: 'commit' })
  await page.locator(`#first-screen [data-first-voice="${VOICE}"]`).waitFor()
  return page
}

describe('a voice tapped on the server-written first screen', () => {
  let e2e: E2E

  beforeAll(async () => {
    e2e = await startE2E()
    await addLesson(e2e)
  })
  afterAll(async () => {
    await e2e?.close()
  })

  it('plays once the app has taken over', async () => {
    const page = await openWithSlowApp(e2e)
    const bubble = page.locator(`#first-screen [data-first-voice="${VOICE}"]`)
    await bubble.tap()
    // the tap landed before the app: none of its rows, and the bubble says it is on its way
    expect(await page.locator(APP_ROWS).count()).toBe(0)
    expect(await bubble.getAttribute('aria-pressed')).toBe('true')
    expect(await bubble.getAttribute('class')).toContain('voice-cell--loading')
    await page.locator(`#voice-${VOICE}.voice-cell--playing[aria-pressed="true"]`).waitFor({ timeout: 15000 })
    await waitUntilAdvancing(page, /\/media\/voice\/intro\.mp3$/)
    expect(await page.locator('#first-screen').count()).toBe(0)
    await page.context().close()
  })

  it('plays nothing when the same voice was tapped twice (the second tap stops it, as in the app)', async () => {
    const page = await openWithSlowApp(e2e)
    const bubble = page.locator(`#first-screen [data-first-voice="${VOICE}"]`)
    await bubble.tap()
    await bubble.tap()
    expect(await bubble.getAttribute('aria-pressed')).toBe('false')
    await page.locator(`#app #voice-${VOICE}`).waitFor()
    // the app has run its effects: give a played voice time to start, then look
    await page.waitForTimeout(500)
    expect(await page.locator('.voice-cell--playing, .voice-cell--loading').count()).toBe(0)
    const playing = await page.evaluate((id) => {
      const audio = document.getElementById(id) as HTMLAudioElement | null
      return audio !== null && !audio.paused
    }, AUDIO_ID)
    expect(playing).toBe(false)
    await page.context().close()
  })
})
