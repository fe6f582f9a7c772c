/**
 * Resume on any device (issue 35 item 4) in Chromium: the same listener in two browser contexts,
 * a phone and a desktop browser. The phone plays the all-types lesson's first voice (005, intro.mp3,
 * 7 s) and pauses it; its place reaches the server; the desktop browser, which never played the
 * lesson, opens it and offers "continue from 0:02 (from your phone)", which plays voice 005 from there.
 */
import type { Page } from 'playwright-core'
import { loggedInAs, seedStorage } from './browserState'
import { startE2E, type E2E } from './harness'
import { audioState, voiceCell, waitUntilAdvancing } from './media'

jest.setTimeout(60000)

const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36'
const BUYER = loggedInAs({ loginData: 'login-buyer', token: 'token-buyer', userid: 'wm_buyer' })
const VOICE = 'demo-all-types-005'
const LESSON = '/lesson?courseData=demo-all-types'

describe('resume across two browsers of the same listener', () => {
  let e2e: E2E
  let phone: Page
  let desktop: Page

  beforeAll(async () => {
    e2e = await startE2E()
    phone = await e2e.newPage()
    await seedStorage(phone, BUYER)
    desktop = await e2e.newPage({ userAgent: DESKTOP_UA })
    await seedStorage(desktop, BUYER)
  })
  afterAll(async () => {
    await e2e?.close()
  })

  it('the phone\'s place reaches the server a little behind where it stopped', async () => {
    await phone.goto(LESSON)
    await voiceCell(phone, VOICE).waitFor()
    await voiceCell(phone, VOICE).tap()
    await waitUntilAdvancing(phone, /\/media\/voice\/intro\.mp3$/, 4.5)
    // the panel's pause: the place goes at once
    await phone.locator('.audio-panel__toggle--pause').tap()
    const heard = (await audioState(phone))?.currentTime ?? 0
    const place = async () =>
      e2e.server.db.one<{ msgId: string; position: number; device: string }>(
        `SELECT r.msg_id AS "msgId", r.position, r.device FROM resume_places r JOIN lessons l ON l.id = r.lesson_id
         WHERE r.wmid = 'wm_buyer' AND l.course_data = 'demo-all-types'`,
      )
    let saved = await place()
    for (let i = 0; i < 50 && (saved === undefined || saved.position === 0); i++) {
      await phone.waitForTimeout(100)
      saved = await place()
    }
    expect(saved).toMatchObject({ msgId: VOICE, device: 'phone' })
    expect(saved?.position).toBeGreaterThanOrEqual(1)
    expect(saved?.position).toBeLessThanOrEqual(Math.floor(heard))
  })

  it('the desktop browser offers to continue there, from the phone, and plays from that place', async () => {
    const saved = await e2e.server.db.one<{ position: number }>(`SELECT position FROM resume_places WHERE wmid = 'wm_buyer'`)
    await desktop.goto(LESSON)
    const bar = desktop.locator('.resume-bar--remote')
    await bar.waitFor({ timeout: 15000 })
    expect(await bar.locator('.resume-bar__text').textContent()).toBe(`从 0:0${saved?.position ?? 0} 继续（来自手机）`)
    await e2e.screenshot(desktop, 'resume-remote-offer')
    await bar.locator('.resume-bar__action').click()
    const state = await waitUntilAdvancing(desktop, /\/media\/voice\/intro\.mp3$/)
    expect(state.currentTime).toBeGreaterThanOrEqual(saved?.position ?? 0)
    expect(await desktop.locator('.resume-bar--remote').count()).toBe(0)
  })
})
