import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { MEDIA_DIR } from '../../server/app'
import { ALL_TYPES_COURSE_DATA } from '../../server/lesson/seedAllTypes'
import { MsgType, parseMessage } from '../../src/domain/message'
import type { LessonMessage } from '../../src/domain/message'
import type { ArrayData, ObjectData } from '../../types/api'
import type { LessonInfo, PictureListData, WireMessage } from '../../types/lesson'
import { OLD_LIST, PICTURES, V2_INFO, V2_LIST, post, testApp } from './helpers'
import { stringContaining } from '../matchers'

const ORIGIN = 'http://lesson.test:8080'
const AT_ORIGIN = { host: 'lesson.test:8080' }
const KNOWN_CODES = Object.values(MsgType)

let app: FastifyInstance
let wire: WireMessage[]
let messages: LessonMessage[]

async function readList(url: string, fields: Record<string, string>): Promise<WireMessage[]> {
  const all: WireMessage[] = []
  for (let page = 1; ; page += 1) {
    const { body } = await post<ArrayData<WireMessage>>(app, url, { ...fields, page, pageSize: 20 }, AT_ORIGIN)
    if (body.code === 404) return all
    expect(body.code).toBe(200)
    all.push(...body.data.array)
  }
}

beforeAll(async () => {
  app = await testApp()
  wire = await readList(V2_LIST, { courseData: ALL_TYPES_COURSE_DATA })
  messages = wire.map(parseMessage)
})
afterAll(() => app.close())

function only<K extends LessonMessage['kind']>(kind: K): Extract<LessonMessage, { kind: K }>[] {
  return messages.filter((m): m is Extract<LessonMessage, { kind: K }> => m.kind === kind)
}

const byMsgId = (n: number): LessonMessage => {
  const msgId = `${ALL_TYPES_COURSE_DATA}-${String(n).padStart(3, '0')}`
  const found = messages.find((m) => m.msgId === msgId)
  if (found === undefined) throw new Error(`no message ${msgId}`)
  return found
}

/** A served media URL as an inject path: absolute on the called host, or a same-origin path. */
function mediaPath(url: string): string {
  const path = url.startsWith(ORIGIN) ? url.slice(ORIGIN.length) : url
  expect(path).toMatch(/^\/media\//)
  return path
}

describe('the all-types lesson', () => {
  it('is an open lesson by wm_teacher, also under its old link handle', async () => {
    const info = await post<ObjectData<LessonInfo>>(app, V2_INFO, { courseData: ALL_TYPES_COURSE_DATA })
    expect(info.body.data.object).toMatchObject({ illegal: 0, privacyStatus: 1, wmid: 'wm_teacher' })
    const old = await readList(OLD_LIST, { data: 'legacy-all-types' })
    expect(old.map((m) => m.msgId)).toEqual(wire.map((m) => m.msgId))
  })

  it('holds about forty messages of one day from two senders, in time order', () => {
    expect(wire.length).toBeGreaterThanOrEqual(40)
    const days = new Set(wire.map((m) => new Date(m.sendTime + 8 * 3600_000).toISOString().slice(0, 10)))
    expect([...days]).toEqual(['2024-03-25'])
    expect(new Set(wire.map((m) => m.senderUserInfo?.nickname))).toEqual(new Set(['林老师', '助教小雨']))
    const times = wire.map((m) => m.sendTime)
    expect(new Set(times).size).toBe(times.length)
    expect([...times].sort((a, b) => a - b)).toEqual(times)
  })

  it('has every type code and one unknown code', () => {
    const codes = new Set(wire.map((m) => m.msgType))
    expect(KNOWN_CODES.filter((code) => !codes.has(code))).toEqual([])
    expect([...codes].filter((code) => !(KNOWN_CODES as number[]).includes(code))).toEqual([1099])
  })

  it('parses every message of a known type into its kind; only the unknown code is unsupported', () => {
    const unsupported = messages.filter((m) => m.kind === 'unsupported')
    expect(unsupported).toEqual([expect.objectContaining({ msgType: 1099, typeLabelKey: 'msg.type.unknown' })])
    expect(only('hidden')).toHaveLength(1)
  })
})

describe('payload variants', () => {
  it('keeps a long text and the markup text verbatim', () => {
    const texts = only('text').map((m) => m.text)
    expect(texts).toContain('<img src=x onerror=alert(1)>')
    expect(Math.max(...texts.map((t) => t.length))).toBeGreaterThan(200)
  })

  it('answers a double-encoded payload and still parses it', () => {
    const doubled = wire.filter((m) => typeof m.obj === 'string' && typeof JSON.parse(m.obj) === 'string')
    expect(doubled).toHaveLength(1)
    expect(parseMessage(doubled[0])).toMatchObject({ kind: 'image', url: `${ORIGIN}/media/image/square.png`, width: 480 })
  })

  it('lets resourceUrl override a stale obj.url', () => {
    const overridden = wire.filter((m) => m.resourceUrl !== undefined)
    expect(overridden).toHaveLength(1)
    const staleUrl = (JSON.parse(String(overridden[0].obj)) as { url: string }).url
    expect(overridden[0].resourceUrl).toBe(`${ORIGIN}/media/image/bars.jpg`)
    expect(staleUrl).not.toBe(overridden[0].resourceUrl)
    expect(parseMessage(overridden[0])).toMatchObject({ kind: 'image', url: overridden[0].resourceUrl })
  })

  it('has voices in mp3, m4a and amr, with and without a transcription, and one given by voiceUrl only', () => {
    const voices = only('voice')
    const extensions = voices.map((v) => v.url.slice(v.url.lastIndexOf('.') + 1))
    expect(extensions.filter((e) => e === 'mp3').length).toBeGreaterThanOrEqual(2)
    expect(extensions).toEqual(expect.arrayContaining(['mp3', 'm4a', 'amr']))
    expect(voices.some((v) => v.text !== undefined)).toBe(true)
    expect(voices.some((v) => v.text === undefined)).toBe(true)
    const byVoiceUrl = wire.filter((m) => m.msgType === MsgType.Voice && String(m.obj).includes('"voiceUrl"'))
    expect(byVoiceUrl).toHaveLength(1)
    expect(parseMessage(byVoiceUrl[0])).toMatchObject({ kind: 'voice', url: `${ORIGIN}/media/voice/question.amr` })
  })

  it('gives the video its size and an OSS snapshot poster', () => {
    expect(only('video')).toEqual([
      expect.objectContaining({
        url: `${ORIGIN}/media/video/demo.mp4`,
        width: 320,
        height: 240,
        posterUrl: `${ORIGIN}/media/video/demo.mp4?x-oss-process=video/snapshot,t_1000,f_jpg,m_fast`,
      }),
    ])
  })

  it('has a five-picture circle post, a group-space video post and a text-only post, all served here', () => {
    const posts = only('material')
    const circle = posts.find((m) => m.totalImages === 5)
    expect(circle).toMatchObject({ materialType: 0, isVideo: false })
    expect(circle?.images).toEqual([1, 2, 3, 4, 5].map((n) => `${ORIGIN}/media/circle/c${n}.jpg`))
    expect(posts.find((m) => m.isVideo)).toMatchObject({
      materialType: 1,
      videoUrl: `${ORIGIN}/media/video/demo.mp4`,
      posterUrl: `${ORIGIN}/media/video/demo.mp4?x-oss-process=video/snapshot,t_0,f_jpg,m_fast`,
    })
    expect(posts.filter((m) => m.totalImages === 0 && !m.isVideo)).toEqual([
      expect.objectContaining({ materialType: 0, content: stringContaining('只有文字') }),
    ])
  })

  it('has a custom face with its natural size, and web and chat-record links over https', () => {
    expect(only('customFace')).toEqual([
      expect.objectContaining({ emojiUrl: `${ORIGIN}/media/face/custom.png`, naturalSize: { width: 120, height: 120 } }),
    ])
    for (const link of [...only('web'), ...only('chatRecord')]) {
      expect(link.url).toMatch(/^https:\/\//)
      expect(link.title).not.toBe('')
    }
  })

  it('has pdf, docx, txt and mp3 files', () => {
    expect(only('file').map((f) => f.fileExtension).sort()).toEqual(['docx', 'mp3', 'pdf', 'txt'])
  })

  it('has replies quoting a text and an image of the lesson', () => {
    const longText = byMsgId(6)
    expect(longText.kind).toBe('text')
    const quoted = only('reply').map((r) => r.quoted)
    expect(quoted).toEqual([
      expect.objectContaining({ kind: 'text', msgId: longText.msgId, text: longText.kind === 'text' ? longText.text : '' }),
      expect.objectContaining({ kind: 'image', msgId: byMsgId(8).msgId, url: `${ORIGIN}/media/image/tall.jpg` }),
    ])
    expect(byMsgId(8)).toMatchObject({ kind: 'image', url: `${ORIGIN}/media/image/tall.jpg` })
  })
})

/** Width and height from a PNG's IHDR or a baseline/progressive JPEG's SOF marker. */
function pictureSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.readUInt32BE(0) === 0x89504e47) return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
  for (let at = 2; at < bytes.length; ) {
    const marker = bytes.readUInt16BE(at)
    if (marker === 0xffc0 || marker === 0xffc2) return { width: bytes.readUInt16BE(at + 7), height: bytes.readUInt16BE(at + 5) }
    at += 2 + bytes.readUInt16BE(at + 2)
  }
  throw new Error('not a PNG or JPEG')
}

/**
 * Seconds of the generated voice files: mp3 at the script's constant 32 kbit/s, AMR-NB 12.2
 * (32-byte frames of 20 ms after the 6-byte header), m4a from the mvhd box.
 */
function voiceSeconds(path: string, bytes: Buffer): number {
  if (path.endsWith('.mp3')) return (bytes.length * 8) / 32_000
  if (path.endsWith('.amr')) return ((bytes.length - 6) / 32) * 0.02
  // version-0 mvhd: type, version+flags, creation, modification, timescale, duration
  const mvhd = bytes.indexOf('mvhd')
  expect(bytes[mvhd + 4]).toBe(0)
  return bytes.readUInt32BE(mvhd + 20) / bytes.readUInt32BE(mvhd + 16)
}

describe('media of the lesson', () => {
  const CONTENT_TYPES: Record<string, string> = {
    mp3: 'audio/mpeg',
    m4a: 'audio/mp4',
    amr: 'audio/amr',
    mp4: 'video/mp4',
    gif: 'image/gif',
    png: 'image/png',
    jpg: 'image/jpeg',
    pdf: 'application/pdf',
    docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    txt: 'text/plain',
  }

  function mediaUrls(m: LessonMessage): string[] {
    const avatar = m.sender.faceIcon === undefined ? [] : [m.sender.faceIcon]
    switch (m.kind) {
      case 'image':
      case 'voice':
      case 'face':
      case 'file':
        return [...avatar, m.url]
      case 'video':
        return [...avatar, m.url, m.posterUrl]
      case 'customFace':
        return [...avatar, m.emojiUrl]
      case 'material':
        return [...avatar, ...m.images, ...(m.videoUrl ? [m.videoUrl] : []), ...(m.posterUrl ? [m.posterUrl] : [])]
      case 'contactCard':
      case 'groupInvite':
        return [...avatar, ...(m.avatar ? [m.avatar] : [])]
      case 'web':
      case 'chatRecord':
        return [...avatar, ...(m.icon ? [m.icon] : [])]
      case 'reply':
        return [...avatar, ...mediaUrls(m.quoted)]
      default:
        return avatar
    }
  }

  it('answers every media URL with 200 and the content type of its format', async () => {
    const urls = [...new Set(messages.flatMap(mediaUrls))]
    expect(urls.length).toBeGreaterThanOrEqual(25)
    for (const url of urls) {
      const path = mediaPath(url)
      const res = await app.inject({ method: 'GET', url: path })
      const extension = path.includes('x-oss-process=video/snapshot') ? 'jpg' : path.slice(path.lastIndexOf('.') + 1)
      expect([path, res.statusCode]).toEqual([path, 200])
      expect([path, String(res.headers['content-type']).split(';')[0]]).toEqual([path, CONTENT_TYPES[extension]])
    }
  })

  it('declares the real size of every picture and file', async () => {
    for (const m of only('image')) {
      const bytes = readFileSync(join(MEDIA_DIR, mediaPath(m.url).slice('/media/'.length)))
      expect([m.msgId, pictureSize(bytes)]).toEqual([m.msgId, { width: m.width, height: m.height }])
    }
    for (const f of only('file')) {
      const res = await app.inject({ method: 'GET', url: mediaPath(f.url) })
      expect([f.fileName, res.rawPayload.length]).toEqual([f.fileName, f.fileLength])
    }
  })

  it('declares voice durations of 3-12 s that match the files to the second', () => {
    for (const v of only('voice')) {
      const path = mediaPath(v.url)
      const seconds = voiceSeconds(path, readFileSync(join(MEDIA_DIR, path.slice('/media/'.length))))
      expect(seconds).toBeGreaterThanOrEqual(3)
      expect(seconds).toBeLessThanOrEqual(12)
      expect([path, Math.abs(seconds - v.duration) <= 1]).toEqual([path, true])
    }
  })
})

describe('picture list', () => {
  const pictures = async (msgTimestamp: number, pageSize?: number): Promise<PictureListData> => {
    const fields = { courseData: ALL_TYPES_COURSE_DATA, msgTimestamp, ...(pageSize ? { pageSize } : {}) }
    const { body } = await post<PictureListData>(app, PICTURES, fields, AT_ORIGIN)
    expect(body.code).toBe(200)
    return body.data
  }

  it('pages through the lesson images with the msgTimestamp cursor', async () => {
    const images = only('image')
    expect(images.length).toBeGreaterThan(8)
    const pages: PictureListData[] = []
    for (let cursor = 0; ; ) {
      const page = await pictures(cursor, 4)
      pages.push(page)
      if (page.isNextData === 0) break
      expect(page.msgTimestamp).toBeGreaterThan(cursor)
      cursor = page.msgTimestamp
    }
    expect(pages.map((p) => p.picArray.length)).toEqual([4, 4, images.length - 8])
    expect(pages.map((p) => p.isNextData)).toEqual([1, 1, 0])
    // the gallery shows exactly the URLs the cells show, double-encoded payloads included
    expect(pages.flatMap((p) => p.picArray)).toEqual(images.map((m) => ({ id: m.id, url: m.url })))
    expect(pages[0].msgTimestamp).toBe(images[3].sendTime)
  })

  it('answers every image on one page at the default page size of 40', async () => {
    const page = await pictures(0)
    expect(page.picArray).toHaveLength(only('image').length)
    expect(page.isNextData).toBe(0)
  })
})
