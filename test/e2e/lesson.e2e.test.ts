import fs from 'fs'
import path from 'path'
import type { Page } from 'playwright-core'
import { APP_ROWS, scrollToBottom, scrollUntil, startE2E, type E2E } from './harness'
import launcherZh from '../../src/locales/zh-CN/launcher'

jest.setTimeout(60000)

/** V8's explicit compile hint, the first line of each script a page starts with (config/compileHints.ts). */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

describe('lesson viewer in Chromium (H5, 375x812)', () => {
  let e2e: E2E
  beforeAll(async () => {
    e2e = await startE2E()
  })
  afterAll(async () => {
    await e2e?.close()
  })

  const rows = (page: Page) => page.locator('.message-row')

  it('opens the seeded lesson by its legacy URL, shows the first page, and loads the next on scroll', async () => {
    const page = await e2e.newPage()
    await page.goto('/lesson/1?data=legacy-open')
    await rows(page).first().waitFor()
    // an old link pages by 10 (spec 000 §9)
    await page.waitForFunction(() => document.querySelectorAll('.message-row').length >= 10)
    expect(await rows(page).count()).toBe(10)
    expect(await page.locator('.lesson__created').textContent()).toMatch(/创建于 \d{4}-\d{2}-\d{2}/)
    await page.waitForFunction(() => document.title.length > 0 && document.title !== '课程')
    const title = await page.title()
    expect(title).toContain('英语口语')
    await e2e.screenshot(page, 'lesson-first-page')

    await scrollToBottom(page)
    await page.waitForFunction(() => document.querySelectorAll('.message-row').length > 10)
    expect(await rows(page).count()).toBe(20)

    // Scroll to the end: the footer says the content was exported from the app.
    await scrollUntil(page, async () => (await page.locator('.lesson-footer--end').count()) > 0)
    // past 50 rows the list mounts only those near the screen: the last ones, here
    await page.locator('.message-row[data-msg-id="demo-open-065"]').waitFor()
    expect(await rows(page).count()).toBeLessThanOrEqual(50)
    await e2e.screenshot(page, 'lesson-end')
  })

  it('renders hostile message text as text, never as HTML', async () => {
    const page = await e2e.newPage()
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    await page.goto('/lesson?courseData=demo-open')
    await page.locator(APP_ROWS).first().waitFor()
    await scrollUntil(page, async () => (await page.getByText('<img src=x onerror=alert(1)>').count()) > 0)
    await page.getByText('<img src=x onerror=alert(1)>').waitFor({ state: 'visible' })
    expect(await page.locator('.lesson img[src="x"]').count()).toBe(0)
    expect(dialogs).toEqual([])
  })

  it('says the course does not exist for an unknown lesson', async () => {
    const page = await e2e.newPage()
    await page.goto('/lesson?courseData=no-such-lesson')
    await page.locator('.state-view__title', { hasText: '课程不存在' }).waitFor()
    expect(await rows(page).count()).toBe(0)
    // the error state titles the page (issue 17 item 4)
    await page.waitForFunction(() => document.title === '课程不存在')
  })

  it("starts with every script V8 compiles eagerly (compile hint), and only those: lazy parts stay lazy", async () => {
    const page = await e2e.newPage()
    const scripts: Promise<[string, string]>[] = []
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text().then((body) => [new URL(response.url()).pathname, body]))
    })
    await page.goto('/lesson?courseData=demo-open')
    // the app's own rows (the server's first screen shows rows before any script runs)
    await page.locator(APP_ROWS).first().waitFor()
    const started = await Promise.all(scripts)
    // the entry's scripts and the lesson page's chunks (config/compileHints.ts)
    expect(started.length).toBeGreaterThanOrEqual(3)
    expect(started.filter(([, body]) => !body.startsWith(COMPILE_HINT)).map(([file]) => file)).toEqual([])
    const seen = new Set(started.map(([file]) => path.basename(file)))
    const lazy = fs
      .readdirSync(path.join(__dirname, '../../dist/h5/js'))
      .filter((file) => file.endsWith('.js') && !seen.has(file))
      .filter((file) => !fs.readFileSync(path.join(__dirname, '../../dist/h5/js', file), 'utf8').startsWith(COMPILE_HINT))
    expect(lazy.length).toBeGreaterThan(0)
  })

  describe("the server's first screen (server/lesson/firstScreen.ts)", () => {
    /** The first rows' boxes and texts: where a reader sees them. */
    const rowBoxes = (page: Page, scope: string) =>
      page.locator(`${scope} .message-row`).evaluateAll((els) =>
        els.slice(0, 5).map((el) => {
          const box = el.getBoundingClientRect()
          return { top: Math.round(box.top), height: Math.round(box.height), width: Math.round(box.width), text: el.textContent }
        }),
      )

    it('shows the opening rows before any script runs, where and as the app then draws them', async () => {
      const alone = await e2e.newPage()
      // the app's scripts never arrive: what the reader sees until they have run
      await alone.route(/\/js\/.*\.js$/, (route) => route.abort())
      await alone.goto('/lesson?courseData=demo-open')
      await alone.locator('#first-screen .message-row').first().waitFor()
      await alone.waitForFunction(() => Array.from(document.images).every((img) => img.complete))
      const before = await rowBoxes(alone, '#first-screen')
      expect(before).toHaveLength(5)
      expect(await alone.locator('#first-screen .lesson__created').textContent()).toMatch(/^创建于 \d{4}-\d{2}-\d{2}$/)
      await e2e.screenshot(alone, 'lesson-first-screen')

      const page = await e2e.newPage()
      await page.goto('/lesson?courseData=demo-open')
      await page.locator(APP_ROWS).first().waitFor()
      expect(await page.locator('#first-screen').count()).toBe(0)
      expect(await rowBoxes(page, '#app')).toEqual(before)
    })

    it('keeps the place of a reader who scrolled it before the app replaced it', async () => {
      const page = await e2e.newPage()
      let scrolled: () => void = () => undefined
      const ready = new Promise<void>((resolve) => (scrolled = resolve))
      // the app's entry arrives only once the reader has scrolled the first screen
      await page.route(/\/js\/app\.[0-9a-f]+\.js$/, async (route) => {
        await ready
        await route.continue()
      })
      await page.goto('/lesson?courseData=demo-open', { waitUntil: 'commit' })
      await page.locator('#first-screen .message-row').nth(4).waitFor()
      await page.locator('#first-screen').evaluate((el) => el.scrollTo(0, 300))
      const seen = await page.locator('#first-screen .message-row').evaluateAll((rows) =>
        rows.map((row) => ({ id: row.getAttribute('data-msg-id'), top: Math.round(row.getBoundingClientRect().top) })).filter((row) => row.top >= 0 && row.top < 400),
      )
      expect(seen.length).toBeGreaterThan(0)
      scrolled()
      await page.locator(APP_ROWS).first().waitFor()
      expect(await page.locator('#first-screen').count()).toBe(0)
      for (const row of seen) {
        const box = await page.locator(`${APP_ROWS}[data-msg-id="${row.id}"]`).boundingBox()
        expect(Math.round(box?.y ?? NaN)).toBe(row.top)
      }
    })

    it("waits for none of the page's stylesheets: the rules it uses come inline, the app loads each file once", async () => {
      const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../dist/h5/first-screen.json'), 'utf8')) as { style: string }
      expect(manifest.style).toContain('.message-row{')
      const page = await e2e.newPage()
      const requested: string[] = []
      page.on('request', (request) => requested.push(new URL(request.url()).pathname))
      const response = await page.goto('/lesson?courseData=demo-open')
      const html = (await response?.text()) ?? ''
      expect(html).toContain(`<style>${manifest.style}`)
      // the shell's own stylesheet only
      expect(html.match(/rel="stylesheet"/g)).toHaveLength(1)
      await page.locator(APP_ROWS).first().waitFor()
      const stylesheets = requested.filter((p) => p.endsWith('.css'))
      expect(stylesheets.length).toBeGreaterThan(1)
      expect(new Set(stylesheets).size).toBe(stylesheets.length)
    })

    it('is not written for a lesson not every reader sees: the password lock shows alone', async () => {
      const page = await e2e.newPage()
      await page.goto('/lesson?courseData=demo-password')
      await page.locator('.password-lock').waitFor()
      expect(await page.locator('#first-screen').count()).toBe(0)
      expect(await rows(page).count()).toBe(0)
    })
  })

  it('shows a not-found page with a way home for an unknown path', async () => {
    const page = await e2e.newPage()
    await page.goto('/no/such/page')
    await page.locator('.state-view__title', { hasText: '页面不存在' }).waitFor()
    await page.locator('.state-view__action').click()
    await page.locator('.launcher').waitFor()
    // the launcher adds its own labels when it loads (src/locales/launcherStrings.ts): text, never keys
    const text = (await page.locator('.launcher').textContent()) ?? ''
    expect(text).toContain(launcherZh['launcher.section.live'])
    expect(text).not.toMatch(/launcher\.[a-z]/)
    await e2e.screenshot(page, 'launcher')
  })
})
