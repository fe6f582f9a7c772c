/**
 * Importing a chat export as a lesson (server/content, docs/EXPORT_FORMAT.md), on each engine:
 * what a reader then gets through the lesson calls, the media store, the re-import in place, and
 * every hostile export refused with its place named and nothing written.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { ExportError } from '../../server/content/format'
import { importExport, type ImportOptions } from '../../server/content/importer'
import { MediaStore } from '../../server/content/mediaStore'
import { setIllegal, setViewLimit } from '../../server/content/lessonEdits'
import { parseImportArguments, yuanToFen } from '../../server/content/arguments'
import type { ArrayData, ObjectData } from '../../types/api'
import type { LessonInfo, WireMessage } from '../../types/lesson'
import {
  EXPORT_AUTHOR,
  STUDENT_SENDER,
  header,
  mediaMessages,
  message,
  tempDir,
  writeJsonExport,
  writeJsonLinesExport,
  type Json,
} from '../fixtures/contentExport'
import { engineLocations } from './engines'
import { FREE_LIST, V2_INFO, V2_LIST, post } from './helpers'
import { ENGLISH_LOCALE } from './operatorLocale'

const ROOT = join(__dirname, '..', '..')
const MEDIA = join(ROOT, 'server', 'media')

describe.each(engineLocations())('importing an export on %s', (_engine, location) => {
  let app: FastifyInstance
  let storeDir: string
  let store: MediaStore

  beforeAll(async () => {
    storeDir = tempDir()
    process.env.MEDIA_STORE_DIR = storeDir
    app = await buildApp({ database: await location(), staticDir: '/nonexistent-static-dir' })
    store = new MediaStore({ dir: storeDir, publicBase: '/media/store', maxBytes: 1024 * 1024 })
  })
  afterAll(async () => {
    await app.close()
    delete process.env.MEDIA_STORE_DIR
    rmSync(storeDir, { recursive: true, force: true })
  })

  const run = (file: string, options: Partial<ImportOptions> = {}) =>
    importExport(app.db, store, file, { author: EXPORT_AUTHOR, media: 'files', ...options })

  const info = async (courseData: string) => (await post<ObjectData<LessonInfo>>(app, V2_INFO, { courseData })).body.data.object
  const page = async (courseData: string, fields: Record<string, string | number> = {}) =>
    (await post<ArrayData<WireMessage>>(app, V2_LIST, { courseData, page: 1, pageSize: 20, ...fields })).body

  /** Everything an import writes: rows of its tables and files of the store. */
  async function footprint(): Promise<string> {
    const count = async (table: string) => (await app.db.one<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))?.n
    const files = readdirSync(storeDir, { recursive: true }).length
    return JSON.stringify({
      lessons: await count('lessons'),
      messages: await count('messages'),
      users: await count('users'),
      imports: await count('content_imports'),
      files,
    })
  }

  it('makes one lesson a reader opens: title, cover, author, every message in order, media from the store', async () => {
    const result = await run(writeJsonExport())
    expect(result).toMatchObject({ created: true, messages: 7, mediaFiles: 7 })
    const lesson = await info(result.courseData)
    expect(lesson).toMatchObject({ courseName: '导入的课程：日常寒暄', privacyStatus: 1, nickname: '导入老师', wmid: EXPORT_AUTHOR })
    expect(lesson.coursePic).toMatch(/^http:\/\/localhost(:\d+)?\/media\/store\/[0-9a-f]{2}\/[0-9a-f]{64}\.jpg$/)

    const { data, code } = await page(result.courseData)
    expect(code).toBe(200)
    expect(data.array.map((m) => [m.msgId, m.msgType])).toEqual([
      ['m-1', 1000],
      ['m-2', 1002],
      ['m-3', 1002],
      ['m-4', 1002],
      ['m-5', 1001],
      ['m-6', 1003],
      ['m-7', 1000],
    ])
    // each voice's file is in the store and served with its own bytes, whatever its format
    for (const [msgId, source] of [
      ['m-2', 'voice/intro.mp3'],
      ['m-3', 'voice/weekend.m4a'],
      ['m-4', 'voice/homework.amr'],
      ['m-6', 'video/demo.mp4'],
    ]) {
      const obj = JSON.parse(String(data.array.find((m) => m.msgId === msgId)?.obj)) as { url: string }
      const path = new URL(obj.url).pathname
      expect(path).toMatch(new RegExp(`^/media/store/.+\\.${source.split('.')[1]}$`))
      const served = await app.inject({ method: 'GET', url: path })
      expect(served.statusCode).toBe(200)
      expect(served.rawPayload.equals(readFileSync(join(MEDIA, source)))).toBe(true)
    }
    // another sender keeps their name and face, as the author's own copy of them
    const student = data.array.find((m) => m.msgId === 'm-7')
    expect(student?.senderUserInfo?.nickname).toBe(STUDENT_SENDER.nickname)
  })

  it('stores HTML and script in a text as text: the reader gets the characters back, never markup of the server', async () => {
    const result = await run(writeJsonExport(header({ exportId: 'html-text' })))
    const { data } = await page(result.courseData)
    const text = JSON.parse(String(data.array.find((m) => m.msgId === 'm-7')?.obj)) as { content: string }
    expect(text.content).toBe('<script>alert(1)</script><img src=x onerror=alert(2)>')
  })

  it('sets password, paid, price in fen, free preview and share reward as the operator says', async () => {
    const args = parseImportArguments(['x.json', '--author', EXPORT_AUTHOR, '--paid', '9.90', '--free', '2', '--share-reward', '1.5'])
    const paid = await run(writeJsonExport(header({ exportId: 'paid' })), { overrides: args.overrides })
    expect(await info(paid.courseData)).toMatchObject({ privacyStatus: 3, fee: 990, isCheckedFreeCount: 1, freeCount: 2, isCheckedShareRecash: 1, shareRecash: 150 })
    // a visitor who has not paid reads only the free preview
    const preview = await post<ArrayData<WireMessage>>(app, FREE_LIST, { courseData: paid.courseData, page: 1, pageSize: 20 })
    expect(preview.body.data.array.map((m) => m.msgId)).toEqual(['m-1', 'm-2'])

    const locked = await run(writeJsonExport(header({ exportId: 'locked', privacyStatus: 'password', password: 'abc123' })))
    expect((await info(locked.courseData)).privacyStatus).toBe(2)
    expect((await page(locked.courseData)).code).not.toBe(200)
    expect((await page(locked.courseData, { coursePass: 'abc123' })).data.array).toHaveLength(7)
  })

  it('imports the same export again in place: same link, new messages, and readers never see half of it', async () => {
    const dir = tempDir()
    const first = await run(writeJsonExport(header({ exportId: 'again' }), mediaMessages(), dir))
    expect((await page(first.courseData)).data.array).toHaveLength(7)
    const before = await footprint()

    const longer = [...mediaMessages(), ...Array.from({ length: 1200 }, (_, i) => message(100 + i, 1000, { content: `第二版 ${i}` }))]
    const file = writeJsonExport(header({ exportId: 'again', courseName: '第二版' }), longer, dir)
    const seen = new Set<number>()
    let importing = true
    const reads = (async () => {
      while (importing) {
        const row = await app.db.one<{ n: number }>('SELECT count(*) AS n FROM messages WHERE lesson_id = ?', [first.lessonId])
        // the old lesson (7 messages) or the new one (1207), never a part
        seen.add(Number(row?.n))
        await new Promise((resolve) => setImmediate(resolve))
      }
    })()
    const second = await run(file)
    importing = false
    await reads
    expect([...seen].filter((n) => n !== 7 && n !== 1207)).toEqual([])

    expect(second).toMatchObject({ created: false, courseData: first.courseData, lessonId: first.lessonId, messages: 1207 })
    expect((await info(first.courseData)).courseName).toBe('第二版')
    // the page this worker had cached for the old version is not answered again
    expect((await page(first.courseData)).data.array).toHaveLength(20)
    expect((await page(first.courseData, { page: 61 })).data.array.map((m) => m.msgId)).toEqual(Array.from({ length: 7 }, (_, i) => `m-${1293 + i}`))
    const after = JSON.parse(await footprint()) as Record<string, number>
    expect(after.lessons).toBe((JSON.parse(before) as Record<string, number>).lessons)
  })

  it('answers the new text after a re-import that keeps every msgId and the count: the cached page is not found again', async () => {
    const dir = tempDir()
    const first = await run(writeJsonExport(header({ exportId: 'same-shape' }), mediaMessages(), dir))
    const text = async () => JSON.parse(String((await page(first.courseData)).data.array[0].obj)) as { content: string }
    expect((await text()).content).toBe('大家好，这是一节导入的课。')
    const edited = mediaMessages().map((m, i) => (i === 0 ? { ...m, obj: { content: '改过的第一条' } } : m))
    await run(writeJsonExport(header({ exportId: 'same-shape' }), edited, dir))
    expect((await text()).content).toBe('改过的第一条')
  })

  it('streams a JSON-lines export of 100,000 messages with memory flat', async () => {
    const lines = function* (): Generator<Json> {
      for (let n = 1; n <= 100_000; n += 1) yield message(n, 1000, { content: `第 ${n} 条：${'练习'.repeat(20)}` })
    }
    const file = writeJsonLinesExport(header({ exportId: 'large' }), lines())
    global.gc?.()
    const heapBefore = process.memoryUsage().heapUsed
    let peak = heapBefore
    const result = await run(file, { onProgress: () => (peak = Math.max(peak, process.memoryUsage().heapUsed)) })
    expect(result.messages).toBe(100_000)
    expect((await page(result.courseData, { page: 5000 })).data.array.map((m) => m.msgId).at(-1)).toBe('m-100000')
    // the file is about 10 MB: holding it, or its messages as objects, would cost several times that
    expect(peak - heapBefore).toBeLessThan(64 * 1024 * 1024)
  }, 120_000)

  it("takes the administrator's illegal flag and view limit (npm run lesson) on an imported lesson", async () => {
    const { courseData } = await run(writeJsonExport(header({ exportId: 'admin' })))
    // opening the lesson (its info call) is a view
    const opened = async () => (await post(app, V2_INFO, { courseData })).body.code
    await setViewLimit(app.db, courseData, 1)
    expect(await opened()).toBe(200)
    expect(await opened()).toBe(8)
    await setViewLimit(app.db, courseData, null)
    expect(await opened()).toBe(200)
    await setIllegal(app.db, courseData, true)
    expect(await info(courseData)).toEqual({ illegal: 1, courseName: '导入的课程：日常寒暄' })
    // an import again keeps the administrator's decisions
    await run(writeJsonExport(header({ exportId: 'admin' })))
    expect((await info(courseData)).illegal).toBe(1)
    await expect(setIllegal(app.db, 'no-such-lesson', true)).rejects.toThrow(/no lesson/)
  })

  describe('a hostile export is refused with its place named, and nothing is written', () => {
    const refused = async (file: string, options: Partial<ImportOptions> = {}): Promise<ExportError> => {
      const before = await footprint()
      const error = await run(file, options).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(ExportError)
      expect(await footprint()).toBe(before)
      return error as ExportError
    }

    it('a file that is not JSON', async () => {
      const file = writeJsonLinesExport(header({ exportId: 'broken' }), [message(1, 1000, { content: 'ok' }), '{"msgId": "m-2", "msgType": 10'])
      const error = await refused(file)
      expect(error.place).toMatchObject({ at: 'line 3', field: '(record)' })
      expect(error.message).toMatch(/line 3.*not valid JSON/)
    })

    it('an unknown msgType', async () => {
      const error = await refused(writeJsonExport(header({ exportId: 'unknown' }), [...mediaMessages(), message(8, 1099, { content: '?' })]))
      expect(error.place).toEqual({ at: 'messages[7]', msgId: 'm-8', field: 'msgType' })
    })

    it('a media file missing beside the export', async () => {
      const error = await refused(writeJsonExport(header({ exportId: 'missing' }), [message(1, 1002, { url: 'media/voice/gone.mp3', duration: 3 })]))
      expect(error.place).toEqual({ at: 'messages[0]', msgId: 'm-1', field: 'obj.url' })
      expect(error.reason).toMatch(/missing/)
    })

    it('a media file over the size limit', async () => {
      const dir = tempDir()
      const file = writeJsonExport(header({ exportId: 'large-media' }), [message(1, 1003, { url: 'media/huge.mp4', width: 1, height: 1 })], dir)
      writeFileSync(join(dir, 'media', 'huge.mp4'), Buffer.alloc(1024 * 1024 + 1))
      const error = await refused(file)
      expect(error.place).toMatchObject({ msgId: 'm-1', field: 'obj.url' })
      expect(error.reason).toMatch(/over the limit/)
    })

    it.each([['../../etc/passwd.jpg'], ['media/../../secret.jpg'], ['/etc/hosts.jpg'], ['media\\..\\x.jpg'], ['file:///etc/x.jpg'], ['.hidden/x.jpg']])(
      'a path trick in a file name: %s',
      async (name) => {
        // the file the name reaches exists: only the name rules can refuse it
        const dir = join(tempDir(), 'a', 'b')
        if (!name.includes(':') && !name.startsWith('/')) {
          mkdirSync(dirname(resolve(dir, name.replace(/\\/g, '/'))), { recursive: true })
          writeFileSync(resolve(dir, name.replace(/\\/g, '/')), 'x')
        }
        const error = await refused(writeJsonExport(header({ exportId: 'trick' }), [message(1, 1001, { url: name, width: 1, height: 1 })], dir))
        expect(error.place).toEqual({ at: 'messages[0]', msgId: 'm-1', field: 'obj.url' })
        expect(error.reason).not.toMatch(/missing/)
      },
    )

    it('a script link in a payload', async () => {
      const error = await refused(writeJsonExport(header({ exportId: 'js-link' }), [message(1, 1009, { title: 'x', url: 'javascript:alert(1)' })]))
      expect(error.place).toEqual({ at: 'messages[0]', msgId: 'm-1', field: 'obj.url' })
    })

    it('a bad message deep in a large JSON-lines export', async () => {
      const lines = function* (): Generator<Json> {
        for (let n = 1; n <= 20_000; n += 1) yield n === 19_999 ? message(n, 1000, { text: 'no content' }) : message(n, 1000, { content: `${n}` })
      }
      const error = await refused(writeJsonLinesExport(header({ exportId: 'deep' }), lines()))
      expect(error.place).toEqual({ at: 'line 20000', msgId: 'm-19999', field: 'obj.content' })
    })

    it('more messages than a lesson may hold, and a msgId used twice', async () => {
      expect((await refused(writeJsonExport(header({ exportId: 'many' })), { maxMessages: 6 })).place).toEqual({ at: 'messages[6]', msgId: 'm-7', field: '(message)' })
      const twice = [...mediaMessages(), message(1, 1000, { content: 'again' })]
      expect((await refused(writeJsonExport(header({ exportId: 'twice' }), twice))).place).toEqual({ at: 'messages[7]', msgId: 'm-1', field: 'msgId' })
    })

    it('a header that does not say what the lesson is, or a paid lesson without a price', async () => {
      expect((await refused(writeJsonExport({ ...header(), format: 'other' }))).place).toEqual({ at: 'the header', field: 'format' })
      expect((await refused(writeJsonExport(header({ privacyStatus: 3 })))).place).toEqual({ at: 'the header', field: 'fee' })
      expect((await refused(writeJsonExport(header({ privacyStatus: 2 })))).place).toEqual({ at: 'the header', field: 'password' })
      expect((await refused(writeJsonExport(header({ privacyStatus: 3, fee: 100, shareRecash: 200 })))).place).toEqual({ at: 'the header', field: 'shareRecash' })
    })

    it('a message the write pass finds broken undoes the whole transaction', async () => {
      const dir = tempDir()
      const file = writeJsonExport(header({ exportId: 'changed' }), mediaMessages(), dir)
      const before = await footprint()
      // the file is changed after the check: the transaction's own reading refuses it
      const sneaky = new MediaStore({ ...store.settings })
      const original = sneaky.putFile.bind(sneaky)
      let swapped = false
      sneaky.putFile = async (path, extension) => {
        if (!swapped) {
          swapped = true
          writeFileSync(file, JSON.stringify({ ...header({ exportId: 'changed' }), messages: [...mediaMessages(), message(9, 1099, {})] }))
        }
        return original(path, extension)
      }
      await expect(importExport(app.db, sneaky, file, { author: EXPORT_AUTHOR, media: 'files' })).rejects.toBeInstanceOf(ExportError)
      const now = JSON.parse(await footprint()) as Record<string, number>
      const then = JSON.parse(before) as Record<string, number>
      expect([now.lessons, now.messages, now.imports]).toEqual([then.lessons, then.messages, then.imports])
    })
  })
})

describe('the import command\'s arguments', () => {
  it('reads yuan as integer fen without floating point', () => {
    expect(yuanToFen('9.90', '--paid')).toBe(990)
    expect(yuanToFen('0.29', '--paid')).toBe(29)
    expect(yuanToFen('1000', '--paid')).toBe(100_000)
    for (const bad of ['9.999', '-1', '1e3', '', '9,90']) expect(() => yuanToFen(bad, '--paid')).toThrow(/yuan/)
  })

  it('takes one of --open, --password and --paid', () => {
    expect(() => parseImportArguments(['x.json', '--author', 'a', '--open', '--paid', '1'])).toThrow(/one of/)
    expect(() => parseImportArguments(['x.json'])).toThrow(/usage/)
    expect(parseImportArguments(['x.json', '--author', 'a', '--password', 'pw']).overrides).toEqual({ privacyStatus: 2, password: 'pw' })
  })
})

describe('the operator\'s commands, as a shell runs them', () => {
  const run = (script: string, args: string[], env: Record<string, string>) =>
    spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'server', 'content', script), ...args], {
      env: { ...process.env, ...ENGLISH_LOCALE, ...env },
      encoding: 'utf8',
      timeout: 60_000,
    })

  it('imports with npm run import, refuses a hostile export with exit 1 and its place, and writes a live with npm run lesson', () => {
    const dir = tempDir()
    const env = { DB_PATH: join(dir, 'prod.sqlite'), MEDIA_STORE_DIR: join(dir, 'store') }
    const ok = run('importCommand.ts', [writeJsonExport(), '--author', EXPORT_AUTHOR, '--paid', '9.90', '--free', '2'], env)
    expect(ok.status).toBe(0)
    expect(ok.stdout).toMatch(/^imported lesson \S+: 7 messages, 7 media files/)
    expect(ok.stderr).toMatch(/write .*7\/7/)

    const bad = run('importCommand.ts', [writeJsonExport(header({ exportId: 'bad' }), [message(1, 1002, { url: '../secret.mp3', duration: 1 })]), '--author', EXPORT_AUTHOR], env)
    expect(bad.status).toBe(1)
    expect(bad.stderr).toContain('nothing was written: messages[0] (msgId "m-1"), field obj.url')

    const liveFile = join(dir, 'live.json')
    writeFileSync(liveFile, JSON.stringify({ liveId: 'cli-live', title: '命令行直播', beginTime: Date.UTC(2026, 11, 2), fee: 500 }))
    const live = run('lessonCommand.ts', ['live', liveFile, '--author', EXPORT_AUTHOR], env)
    // the stream name the host pushes to at the stream origin: by default the live's courseData
    expect(live.stdout).toMatch(/^live: \{"courseData":"(l[\w-]+)","created":true,"streamName":"\1","link":"\/liveHome\?courseData=\1"/)
    rmSync(dir, { recursive: true, force: true })
  }, 120_000)
})
