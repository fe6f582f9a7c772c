import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import { MEDIA_DIR } from '../../server/app'
import { registerWeb } from '../../server/core/web'
import { testApp } from './helpers'

/** Every file under a folder, as paths relative to it with forward slashes. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(join(dir, name)).isFile())
    .map((name) => name.split('\\').join('/'))
    .sort()
}

const extension = (name: string): string => name.slice(name.lastIndexOf('.') + 1)

/** What each format must be answered as, and the bytes its files must start with. */
const FORMATS: Record<string, { type: string; starts: (bytes: Buffer) => boolean }> = {
  mp3: { type: 'audio/mpeg', starts: (b) => b[0] === 0xff && (b[1] & 0xe0) === 0xe0 },
  m4a: { type: 'audio/mp4', starts: (b) => b.toString('latin1', 4, 8) === 'ftyp' },
  amr: { type: 'audio/amr', starts: (b) => b.toString('latin1', 0, 6) === '#!AMR\n' },
  mp4: { type: 'video/mp4', starts: (b) => b.toString('latin1', 4, 8) === 'ftyp' },
  gif: { type: 'image/gif', starts: (b) => b.toString('latin1', 0, 6) === 'GIF89a' },
  png: { type: 'image/png', starts: (b) => b.readUInt32BE(0) === 0x89504e47 },
  jpg: { type: 'image/jpeg', starts: (b) => b.readUInt16BE(0) === 0xffd8 },
  pdf: { type: 'application/pdf', starts: (b) => b.toString('latin1', 0, 5) === '%PDF-' },
  docx: {
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    starts: (b) => b.readUInt32LE(0) === 0x04034b50,
  },
  // the speech stand-in's recordings (server/speech/recordings.ts)
  wav: { type: 'audio/wav', starts: (b) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WAVE' },
  txt: { type: 'text/plain', starts: (b) => b.length > 0 && !b.toString('utf8').includes('\ufffd') },
}

const MEDIA_FILES = filesUnder(MEDIA_DIR).filter((name) => extension(name) !== 'sh')
const count = (folder: string, ext: string): number =>
  MEDIA_FILES.filter((name) => name.startsWith(`${folder}/`) && extension(name) === ext).length

describe('committed media', () => {
  it('has the voice clips, video, pictures, faces and files the all-types lesson needs', () => {
    expect(count('voice', 'mp3')).toBeGreaterThanOrEqual(3)
    expect(count('voice', 'm4a')).toBeGreaterThanOrEqual(2)
    expect(count('voice', 'amr')).toBeGreaterThanOrEqual(2)
    expect(MEDIA_FILES).toEqual(
      expect.arrayContaining([
        'video/demo.mp4',
        'video/demo.poster.jpg',
        'face/wink.gif',
        'face/custom.png',
        'file/handout.pdf',
        'file/exercises.docx',
        'file/notes.txt',
        'file/listening.mp3',
      ]),
    )
    expect(count('image', 'jpg') + count('image', 'png')).toBeGreaterThanOrEqual(4)
  })

  it('is under 5 MB in all', () => {
    const total = filesUnder(MEDIA_DIR).reduce((sum, name) => sum + statSync(join(MEDIA_DIR, name)).size, 0)
    expect(total).toBeLessThan(5 * 1024 * 1024)
  })

  it('holds real files of each format, by their leading bytes', () => {
    for (const name of MEDIA_FILES) {
      const format = FORMATS[extension(name)]
      expect([name, format !== undefined && format.starts(readFileSync(join(MEDIA_DIR, name)))]).toEqual([name, true])
    }
  })

  it('has a docx holding the parts Word needs and an AMR-NB clip at 8 kHz mono', () => {
    const docx = readFileSync(join(MEDIA_DIR, 'file/exercises.docx')).toString('latin1')
    for (const part of ['[Content_Types].xml', '_rels/.rels', 'word/document.xml']) expect(docx).toContain(part)
    // AMR-NB is 8 kHz mono by definition: its single-channel magic is "#!AMR\n" (not "#!AMR-WB" or "_MC1.0")
    const amr = readFileSync(join(MEDIA_DIR, 'voice/homework.amr'))
    expect(amr.toString('latin1', 0, 6)).toBe('#!AMR\n')
    // the first frame header: mode 7 (12.2 kbit/s), quality bit set
    expect(amr[6]).toBe(0x3c)
  })
})

describe('serving /media/', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await testApp()
  })
  afterAll(() => app.close())

  it('answers each file with its bytes and the content type of its format', async () => {
    for (const name of MEDIA_FILES) {
      const res = await app.inject({ method: 'GET', url: `/media/${name}` })
      expect([name, res.statusCode, String(res.headers['content-type']).split(';')[0]]).toEqual([
        name,
        200,
        FORMATS[extension(name)].type,
      ])
      expect(res.rawPayload.equals(readFileSync(join(MEDIA_DIR, name)))).toBe(true)
    }
  })

  it.each(['video/demo.mp4', 'voice/intro.mp3'])('answers a range of %s with 206 and those bytes', async (name) => {
    const whole = readFileSync(join(MEDIA_DIR, name))
    const res = await app.inject({ method: 'GET', url: `/media/${name}`, headers: { range: 'bytes=0-99' } })
    expect(res.statusCode).toBe(206)
    expect(res.headers['content-range']).toBe(`bytes 0-99/${whole.length}`)
    expect(res.headers['content-length']).toBe('100')
    expect(res.rawPayload.equals(whole.subarray(0, 100))).toBe(true)
    expect(res.headers['access-control-expose-headers']).toContain('content-range')
  })

  it.each(['t_1000', 't_0'])('answers an OSS snapshot (%s) of the video with its committed poster', async (offset) => {
    const res = await app.inject({
      method: 'GET',
      url: `/media/video/demo.mp4?x-oss-process=video/snapshot,${offset},f_jpg,m_fast`,
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/jpeg')
    expect(res.rawPayload.equals(readFileSync(join(MEDIA_DIR, 'video/demo.poster.jpg')))).toBe(true)
  })

  it('makes the poster the first frame at the video size', () => {
    const poster = readFileSync(join(MEDIA_DIR, 'video/demo.poster.jpg'))
    const sof = poster.indexOf(Buffer.from([0xff, 0xc0]))
    expect({ height: poster.readUInt16BE(sof + 5), width: poster.readUInt16BE(sof + 7) }).toEqual({ width: 320, height: 240 })
  })

  it('answers the video itself for other processing or none', async () => {
    for (const query of ['', '?x-oss-process=image/resize,w_100', '?t=1']) {
      const res = await app.inject({ method: 'GET', url: `/media/video/demo.mp4${query}` })
      expect([query, res.headers['content-type']]).toEqual([query, 'video/mp4'])
    }
  })
})

describe('avatar thumbnails (spec 000 §9: 100, 64 or 80x100)', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await testApp()
  })
  afterAll(async () => {
    await app.close()
  })

  /** width and height from a PNG's IHDR */
  const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) })
  const get = (url: string) => app.inject({ method: 'GET', url })

  it.each([
    [100, 100],
    [64, 64],
    [80, 100],
  ])('answers the resize query the app sends with a %ix%i image', async (width, height) => {
    const res = await get(`/media/avatar-teacher.png?x-oss-process=image/resize,m_fill,w_${width},h_${height}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    expect(pngSize(res.rawPayload)).toEqual({ width, height })
  })

  it('answers the original for a size it has no thumbnail of, and for malformed queries', async () => {
    const original = readFileSync(join(MEDIA_DIR, 'avatar-teacher.png'))
    for (const query of ['w_33,h_33', 'w_64', 'w_-64,h_64', 'w_1e9,h_64', 'w_64,h_64.5', '']) {
      const res = await get(`/media/avatar-teacher.png?x-oss-process=image/resize,${query}`)
      expect([query, res.statusCode, res.rawPayload.equals(original)]).toEqual([query, 200, true])
    }
  })

  it('never leaves the media folder', async () => {
    for (const url of ['/media/../package.json?x-oss-process=image/resize,w_64,h_64', '/media/%2e%2e/avatar-teacher.png?x-oss-process=image/resize,w_64,h_64']) {
      const res = await get(url)
      expect(res.statusCode).toBe(404)
    }
  })
})

describe('the snapshot poster on another media folder', () => {
  let root: string
  let app: FastifyInstance
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'media-'))
    mkdirSync(join(root, 'media'))
    writeFileSync(join(root, 'media', 'bare.mp4'), 'not a real video')
    // a poster outside the media folder must stay out of reach
    writeFileSync(join(root, 'secret.poster.jpg'), 'secret')
    app = Fastify()
    await registerWeb(app, { staticDir: join(root, 'no-site'), mediaDir: join(root, 'media') })
  })
  afterAll(async () => {
    await app.close()
    rmSync(root, { recursive: true, force: true })
  })

  it('falls back to the video when it has no poster', async () => {
    const res = await app.inject({ method: 'GET', url: '/media/bare.mp4?x-oss-process=video/snapshot,t_0,f_jpg' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('video/mp4')
  })

  it.each(['/media/../secret.mp4', '/media/%2e%2e/secret.mp4', '/media/..%2fsecret.mp4'])(
    'does not leave the media folder for %s',
    async (path) => {
      const res = await app.inject({ method: 'GET', url: `${path}?x-oss-process=video/snapshot,t_0` })
      expect(res.body).not.toBe('secret')
    },
  )
})
