/**
 * /iatTest in Chromium with a fake microphone playing a seeded recording (issue 14): the page
 * records, resamples to 16 kHz, streams frames to the server's speech stand-in and shows the
 * transcript; the recording's end is followed by silence, which ends the session by itself.
 * Also the admin and complaint viewers' screens (each screenshot is an axe audit).
 */
import path from 'node:path'
import { MEDIA_DIR } from '../../server/app'
import { shown } from './browserState'
import { startE2E, type E2E } from './harness'

jest.setTimeout(120000)

const WEATHER_WAV = path.join(MEDIA_DIR, 'speech', 'weather.wav')

describe('speech recognition with a fake microphone (H5, 375x812)', () => {
  let e2e: E2E
  beforeAll(async () => {
    e2e = await startE2E({
      chromiumArgs: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-audio-capture=${WEATHER_WAV}%noloop`],
    })
  })
  afterAll(async () => {
    await e2e?.close()
  })

  it('shows the seeded recording transcript, then is ready again', async () => {
    const page = await e2e.newPage()
    await page.goto('/iatTest')
    await shown(page, '.speech__button').filter({ hasText: '开始识别' }).waitFor()
    await e2e.screenshot(page, 'speech-idle')
    await shown(page, '.speech__button').click()
    await shown(page, '.speech__status').filter({ hasText: '正在听' }).waitFor()
    await shown(page, '.speech__text').filter({ hasText: '今天天气' }).waitFor({ timeout: 20000 })
    await e2e.screenshot(page, 'speech-listening')
    // the recording's end, then 5 s of silence: the session ends by itself with the whole text
    await shown(page, '.speech__button').filter({ hasText: '开始识别' }).waitFor({ timeout: 30000 })
    expect(await shown(page, '.speech__text').textContent()).toBe('今天天气真好，对吧？')
    await e2e.screenshot(page, 'speech-done')
  })
})

describe('the admin and complaint viewers (H5, 375x812)', () => {
  let e2e: E2E
  beforeAll(async () => {
    e2e = await startE2E()
  })
  afterAll(async () => {
    await e2e?.close()
  })

  const link = (userid: string, token: string, data: string) => encodeURIComponent(JSON.stringify({ token, userid, data }))

  it("an admin reads a paid lesson's messages, 10 a page", async () => {
    const page = await e2e.newPage()
    await page.goto(`/lessonAdmin/${link('wm_admin', 'token-admin', 'legacy-paid')}`)
    await shown(page, '.message-row').first().waitFor()
    expect(await page.locator('.message-row').count()).toBeGreaterThanOrEqual(10)
    await e2e.screenshot(page, 'review-admin')
  })

  it("a complainant's token for another lesson is refused in words", async () => {
    const page = await e2e.newPage()
    await page.goto(`/lessonComplain/${link('wm_complainant', 'token-complaint-open', 'legacy-paid')}`)
    await shown(page, '.state-view__title').filter({ hasText: '无权查看此课程' }).waitFor()
    await e2e.screenshot(page, 'review-refused')
  })
})
