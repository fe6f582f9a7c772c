/**
 * Issue 18: the lesson viewer and the pay flow with the keyboard only (Tab, Shift+Tab, Enter,
 * Space, Escape), in Chromium at 375x812. Every step reads what a screen reader would: the focused
 * element's role, name and state. The harness audits each screenshot with axe-core.
 */
import type { Page } from 'playwright-core'
import { startE2E, type E2E } from './harness'
import { loggedInAs, seedStorage, shown } from './browserState'
import { AUDIO_ID } from './media'

jest.setTimeout(90000)

/** What the focused element is, for assertions and for failure messages. */
interface Focused {
  selector: string
  role: string | null
  name: string | null
  checked: string | null
  inDialog: boolean
}

function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement
    if (!el) return { selector: '', role: null, name: null, checked: null, inDialog: false }
    const classes = typeof el.className === 'string' ? el.className.trim().split(/\s+/).filter(Boolean) : []
    return {
      selector: [el.tagName.toLowerCase(), el.id ? `#${el.id}` : '', ...classes.map((c) => `.${c}`)].join(''),
      role: el.getAttribute('role'),
      name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? null,
      checked: el.getAttribute('aria-checked'),
      inDialog: el.closest('[role="dialog"]') !== null,
    }
  })
}

/** Presses Tab until the focused element matches `selector`; fails after `max` presses. */
async function tabTo(page: Page, selector: string, max = 60): Promise<Focused> {
  const seen: string[] = []
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return focused(page)
    seen.push((await focused(page)).selector)
  }
  throw new Error(`Tab never reached ${selector}; it visited:\n${seen.join('\n')}`)
}

describe('keyboard only (H5, Chromium)', () => {
  let e2e: E2E
  beforeAll(async () => {
    e2e = await startE2E()
  })
  afterAll(async () => {
    await e2e?.close()
  })

  it('plays the first voice, changes the rate and closes the panel', async () => {
    const page = await e2e.newPage()
    await page.goto('/lesson?courseData=demo-all-types')
    const firstVoice = '#voice-demo-all-types-005'
    await page.locator(firstVoice).waitFor()

    const voice = await tabTo(page, '.voice-cell')
    expect(voice.selector).toContain(firstVoice)
    expect(voice.role).toBe('button')
    expect(voice.name).toMatch(/^语音，\d+ 秒，来自 林老师，未播放$/)

    await page.keyboard.press('Enter')
    await page.locator(`${firstVoice}.voice-cell--playing`).waitFor({ timeout: 15000 })
    expect((await focused(page)).name).toMatch(/，正在播放$/)
    await page.locator('.audio-panel').waitFor()
    await e2e.screenshot(page, 'keyboard-voice-playing')

    const chip = await tabTo(page, '.audio-panel__rate:not(.audio-panel__rate--active)')
    expect(chip.role).toBe('radio')
    expect(chip.checked).toBe('false')
    expect(await page.locator('.audio-panel__rates[role="radiogroup"]').getAttribute('aria-label')).toBe('倍速')
    await page.keyboard.press(' ')
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-checked') === 'true')
    const rate = Number(chip.name?.replace(/X$/i, ''))
    await page.waitForFunction(
      ([audioId, expected]) => (document.getElementById(audioId as string) as HTMLAudioElement).playbackRate === expected,
      [AUDIO_ID, rate] as const,
    )

    const slider = await page.locator('.seek-bar[role="slider"]').evaluate((el) => ({
      name: el.getAttribute('aria-label'),
      text: el.getAttribute('aria-valuetext'),
    }))
    expect(slider.name).toBe('播放进度')
    expect(slider.text).toMatch(/^\d+:\d{2}，共 \d+:\d{2}$/)

    const close = await tabTo(page, '.audio-panel__close')
    expect(close).toMatchObject({ role: 'button', name: '关闭' })
    await page.keyboard.press('Enter')
    await page.locator('.audio-panel').waitFor({ state: 'detached' })
  })

  it("opens a paid lesson's pay dialog, keeps focus in it, and confirms it", async () => {
    const page = await e2e.newPage()
    await seedStorage(page, loggedInAs({ loginData: 'login-buyer', token: 'token-buyer', userid: 'wm_buyer' }))
    await page.goto('/lesson/1?courseData=demo-paid')
    await shown(page, '.lesson-preview-bar__button').waitFor()

    const open = await tabTo(page, '.lesson-preview-bar__button')
    expect(open).toMatchObject({ role: 'button', name: '查看完整课程' })
    await page.keyboard.press('Enter')
    const dialog = shown(page, '.pay-dialog[role="dialog"]')
    await dialog.waitFor()
    expect(await dialog.getAttribute('aria-modal')).toBe('true')
    await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') !== null)
    await e2e.screenshot(page, 'keyboard-pay-dialog')

    // Escape closes it and gives focus back to the button that opened it
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await page.waitForFunction(() => document.activeElement?.matches('.lesson-preview-bar__button') ?? false)

    await page.keyboard.press('Enter')
    await dialog.waitFor()
    await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') !== null)
    // Tab cycles through the dialog's two buttons and never leaves it
    const stops: Focused[] = []
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab')
      stops.push(await focused(page))
    }
    expect(stops.every((stop) => stop.inDialog && stop.role === 'button')).toBe(true)
    expect(new Set(stops.map((stop) => stop.name))).toEqual(new Set(['再看看', '去支付']))
    await page.keyboard.press('Shift+Tab')
    expect((await focused(page)).inDialog).toBe(true)

    await tabTo(page, '.pay-dialog__go-pay', 3)
    await page.keyboard.press('Enter')
    // a product user goes on to the safety confirmation, focused in turn
    const confirm = shown(page, '.pay-confirm__pay')
    await confirm.waitFor()
    await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') !== null)
    const pay = await tabTo(page, '.pay-confirm__pay', 3)
    expect(pay).toMatchObject({ role: 'button', name: '确认支付', inDialog: true })
    await page.keyboard.press('Enter')
    // the order is placed: the payment sheet takes over (here the reference server's sandbox)
    await shown(page, '.taro-modal__content').locator('.taro-modal__title', { hasText: '模拟支付（开发环境）' }).waitFor()
  })
})
