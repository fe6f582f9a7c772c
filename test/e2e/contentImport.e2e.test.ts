/**
 * Issue 32: a chat export imported as a lesson (the code `npm run import` runs), then opened in
 * Chromium (H5 build) as a reader would: texts (one full of HTML and script, shown as the
 * characters written), voices in mp3, m4a and amr, an image and a video, every file served from
 * the media store. The first voice is tapped and plays; when it ends the next one plays by itself,
 * and the amr one after it.
 */
import { rmSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { importExport } from '../../server/content/importer'
import { MediaStore } from '../../server/content/mediaStore'
import { EXPORT_AUTHOR, tempDir, writeJsonExport } from '../fixtures/contentExport'
import { APP_ROWS, startE2E, type E2E } from './harness'
import { dragSeekBar, voiceCell, waitUntilAdvancing } from './media'

jest.setTimeout(90000)

const STORE = /\/media\/store\/[0-9a-f]{2}\/[0-9a-f]{64}/

async function expectPlaying(page: Page, msgId: string, extension: string): Promise<void> {
  await page.locator(`#voice-${msgId}.voice-cell--playing[aria-pressed="true"]`).waitFor({ timeout: 15000 })
  await waitUntilAdvancing(page, new RegExp(`${STORE.source}\\.${extension}(\\?|$)`))
  expect(await page.locator('.voice-cell--playing').count()).toBe(1)
}

describe('an imported chat export, read in Chromium', () => {
  let e2e: E2E
  let page: Page
  let storeDir: string
  const dialogs: string[] = []
  const failed: string[] = []

  beforeAll(async () => {
    storeDir = tempDir()
    process.env.MEDIA_STORE_DIR = storeDir
    e2e = await startE2E()
    const store = new MediaStore({ dir: storeDir, publicBase: '/media/store', maxBytes: 10 * 1024 * 1024 })
    const { courseData } = await importExport(e2e.server.db, store, writeJsonExport(), { author: EXPORT_AUTHOR, media: 'files' })
    page = await e2e.newPage()
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`)
    })
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    await page.goto(`/lesson?courseData=${courseData}`)
    await page.locator(APP_ROWS).first().waitFor()
  })
  afterAll(async () => {
    await e2e?.close()
    delete process.env.MEDIA_STORE_DIR
    rmSync(storeDir, { recursive: true, force: true })
  })

  it('shows every message, the HTML text as its characters, the image and video from the store', async () => {
    await voiceCell(page, 'm-2').waitFor()
    expect(await page.locator(APP_ROWS).count()).toBe(7)
    // the other sender's own name and face above their message
    await page.getByText('学员小王').waitFor()
    await page.locator('#app .cell-video').waitFor()
    await page.getByText('<script>alert(1)</script><img src=x onerror=alert(2)>').waitFor()
    expect(await page.locator('#app script:not([src])').count()).toBe(0)
    const image = page.locator(`#app img[src*="/media/store/"]`).first()
    await image.waitFor()
    await page.waitForFunction((el) => el !== null && (el as HTMLImageElement).naturalWidth > 0, await image.elementHandle())
    expect(dialogs).toEqual([])
    expect(failed).toEqual([])
    await e2e.screenshot(page, 'content-import-lesson')
  })

  it('plays the first voice (mp3) when tapped, then the m4a and the amr one by themselves', async () => {
    await voiceCell(page, 'm-2').tap()
    await expectPlaying(page, 'm-2', 'mp3')
    // the user's way to the end of a voice: the panel's bar dragged to its end
    await dragSeekBar(page, 1)
    await expectPlaying(page, 'm-3', 'm4a')
    await dragSeekBar(page, 1)
    // amr is decoded in the page and played from an object URL of the stored file's bytes
    await expectPlaying(page, 'm-4', 'amr')
    expect(dialogs).toEqual([])
  })
})
