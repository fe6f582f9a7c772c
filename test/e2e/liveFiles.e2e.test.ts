/**
 * Issue 34 item 6, one journey in Chromium at 375x812 (H5) against the real server: a logged-in
 * viewer of the live sends an image, an audio recording and a document through the chat's buttons
 * and the browser's file chooser; they go up in chunks to the media store, and the host sees the
 * image as a thumbnail that opens a preview, the audio in an audio element and the document with its
 * name and size. A file the room cannot take is refused at once. Each screenshot is an axe audit.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { STORAGE, seedStorage, shown } from './browserState'
import { startE2E, type E2E } from './harness'

jest.setTimeout(300000)

const BUYER = { loginData: 'login-buyer', token: 'token-buyer', userid: 'wm_buyer', nickname: '学员阿杰' }
const TEACHER = { loginData: 'login-teacher', token: 'token-teacher', userid: 'wm_teacher', nickname: '林老师' }

const asUser = (page: Page, user: typeof BUYER) =>
  seedStorage(page, {
    [STORAGE.session]: JSON.stringify({ token: user.token, userid: user.userid, encryptKey: '' }),
    [STORAGE.loginData]: JSON.stringify({ ...user, isWeMaiUser: 1 }),
  })

/** A PNG of w x h pixels in one colour, written here (signature, IHDR, IDAT, IEND with their CRCs). */
function png(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(w, 0)
  header.writeUInt32BE(h, 4)
  header.set([8, 2, 0, 0, 0], 8)
  // each row: filter 0, then RGB pixels
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => [0x2e, 0x7d, 0x32]).flat())])
  const pixels = deflateSync(Buffer.concat(Array.from({ length: h }, () => row)))
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))])
}
const PNG = png(600, 400)

async function choose(page: Page, button: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: button }).click()])
  await chooser.setFiles(file)
}

describe('files in the live chat (H5, 375x812)', () => {
  const store = mkdtempSync(join(tmpdir(), 'e2e-media-'))
  const before = process.env.MEDIA_STORE_DIR
  let e2e: E2E
  beforeAll(async () => {
    process.env.MEDIA_STORE_DIR = store
    e2e = await startE2E()
  })
  afterAll(async () => {
    await e2e?.close()
    process.env.MEDIA_STORE_DIR = before
    rmSync(store, { recursive: true, force: true })
  })

  it('a viewer sends an image, audio and a document; the host sees, plays and opens them', async () => {
    const buyer = await e2e.newPage()
    const teacher = await e2e.newPage()
    await asUser(buyer, BUYER)
    await asUser(teacher, TEACHER)
    await buyer.goto('/liveHome?courseData=live-now')
    await teacher.goto('/liveHome?courseData=live-now')
    for (const page of [buyer, teacher]) await shown(page, '.live-chat__text').first().waitFor()

    await choose(buyer, '发送图片', { name: '板书.png', mimeType: 'image/png', buffer: PNG })
    await shown(teacher, '.live-file__thumb').waitFor()
    expect(await teacher.locator('.live-file__thumb').getAttribute('aria-label')).toBe(`查看${BUYER.nickname}发送的图片`)
    await choose(buyer, '发送音频', { name: '朗读.mp3', mimeType: 'audio/mpeg', buffer: Buffer.concat([Buffer.from('ID3'), Buffer.alloc(4000, 1)]) })
    await choose(buyer, '发送文件', { name: '讲义.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1500, 32)]) })
    await shown(teacher, '.live-file__doc').waitFor()
    expect(await shown(teacher, '.live-file__name').innerText()).toBe('讲义.pdf')
    expect(await shown(teacher, '.live-file__size').innerText()).toBe('1.5 KB')
    const audio = shown(teacher, '.live-file__audio')
    await audio.waitFor()
    expect(await audio.getAttribute('src')).toMatch(/\/media\/store\/[0-9a-f]{2}\/[0-9a-f]{64}\.mp3$/)
    // the sender's own rows are sent, not pending
    await shown(buyer, '.live-file__doc').waitFor()
    expect(await buyer.locator('.live-file__progress').count()).toBe(0)
    await e2e.screenshot(teacher, 'live-files-chat')

    await teacher.locator('.live-file__thumb').click()
    const preview = teacher.getByRole('dialog', { name: '图片预览' })
    await preview.waitFor()
    // the picture fills the preview: the screen's width, most of its height
    const picture = await preview.locator('.live-file__preview-image img').boundingBox()
    expect([Math.round(picture?.width ?? 0), Math.round(picture?.height ?? 0)]).toEqual([375, 250])
    await e2e.screenshot(teacher, 'live-files-preview')
    await teacher.keyboard.press('Escape')
    await preview.waitFor({ state: 'detached' })

    // a page renamed .pdf is refused by the server: the row says so
    await choose(buyer, '发送文件', { name: '伪装.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html><script>1</script></html>') })
    await shown(buyer, '.live-file__error').filter({ hasText: '文件内容与文件类型不符' }).waitFor()
  })
})
