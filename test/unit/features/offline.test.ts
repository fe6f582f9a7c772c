/**
 * Lessons offline, the download (src/features/offline): the real store and api over a faked
 * request and a faked file storage (the platform edge). A size estimate first, a refusal past the
 * 200 MB budget before and during the download, nothing left behind by a failed one, and the kept
 * messages pointing at the kept files.
 */
import { createClient } from '../../../src/api/client'
import { createOfflineApi } from '../../../src/api/offline'
import { OFFLINE_BUDGET_BYTES, UNKNOWN_FILE_BYTES, checkBudget, estimateBytes } from '../../../src/domain/offline'
import { STORAGE_KEYS } from '../../../src/domain/storageKeys'
import { OfflineStore } from '../../../src/features/offline/model'
import type { FileStorage, KeptFile } from '../../../src/platform/fileStorage/types'
import type { OfflineLessonFiles } from '../../../types/offline'
import { memoryStorage } from '../../fixtures/storage'

const MB = 1024 * 1024
const VOICE = 'https://api.example/media/voice/intro.mp3'
const PICTURE = 'https://api.example/media/slide-1.png'

function lessonFiles(sizes: { voice: number; picture: number }): OfflineLessonFiles {
  return {
    courseName: '全类型演示课',
    coursePic: PICTURE,
    messages: [
      { id: 1, msgId: 'm1', msgType: 1002, sendTime: 1, obj: JSON.stringify({ url: VOICE, duration: 7 }) },
      { id: 2, msgId: 'm2', msgType: 1001, sendTime: 2, obj: JSON.stringify({ url: PICTURE }) },
    ],
    files: [
      { url: VOICE, bytes: sizes.voice },
      { url: PICTURE, bytes: sizes.picture },
    ],
  }
}

class FakeFiles implements FileStorage {
  supported = true
  kept = new Map<string, string>()
  /** the real size each URL turns out to have when downloaded */
  realSizes = new Map<string, number>()
  failOn: string | undefined
  save(url: string): Promise<KeptFile> {
    if (url === this.failOn) return Promise.reject(new Error('downloadFile:fail'))
    const path = `wxfile://usr/${this.kept.size}-${url.split('/').pop() ?? ''}`
    this.kept.set(path, url)
    return Promise.resolve({ path, bytes: this.realSizes.get(url) ?? 1000 })
  }
  writeText(name: string, text: string): Promise<KeptFile> {
    const path = `wxfile://usr/${name}`
    this.kept.set(path, text)
    return Promise.resolve({ path, bytes: text.length })
  }
  readText(path: string): Promise<string> {
    const text = this.kept.get(path)
    return text === undefined ? Promise.reject(new Error('no file')) : Promise.resolve(text)
  }
  remove(path: string): Promise<void> {
    this.kept.delete(path)
    return Promise.resolve()
  }
}

function setUp(answer: { code: number; data: OfflineLessonFiles | null }, storage = memoryStorage()) {
  const { post } = createClient({
    baseUrl: () => '',
    request: async () => ({ statusCode: 200, data: { code: answer.code, msg: 'refused', data: answer.data ? { object: answer.data } : null } }),
    toast: () => undefined,
    goProfile: () => {
      throw new Error('a refused download must not open /profile')
    },
    goVipAlert: () => undefined,
    sessionHeaders: () => ({}),
    clearSession: () => undefined,
    messages: { networkError: () => 'network', timeout: () => 'timeout', badResponse: () => 'bad' },
  })
  const files = new FakeFiles()
  const store = new OfflineStore(createOfflineApi(post), files, storage, () => 42)
  return { store, files, storage }
}

describe('the storage budget', () => {
  it('fits up to exactly 200 MB and refuses a byte more', () => {
    expect(checkBudget(150 * MB, 50 * MB)).toEqual({ fits: true, after: OFFLINE_BUDGET_BYTES })
    expect(checkBudget(150 * MB, 50 * MB + 1)).toEqual({ fits: false, after: OFFLINE_BUDGET_BYTES + 1, over: 1 })
  })

  it('frees the lesson being downloaded again first', () => {
    expect(checkBudget(190 * MB, 20 * MB, 15 * MB).fits).toBe(true)
    // a replaced lesson cannot free more than is used
    expect(checkBudget(5 * MB, 201 * MB, 500 * MB).fits).toBe(false)
  })

  it.each([
    ['a negative use', -1, 1],
    ['NaN', NaN, 1],
    ['Infinity', 0, Infinity],
    ['a string', '5', 1],
    ['a fraction', 0, 1.5],
    ['an unsafe count', 0, 2 ** 60],
  ])('refuses %s', (_, used, adding) => {
    expect(checkBudget(used, adding).fits).toBe(false)
  })

  it('estimates unknown sizes as a whole file each', () => {
    expect(estimateBytes([100, 0, 'x', -5, null])).toEqual({ bytes: 100 + 4 * UNKNOWN_FILE_BYTES, unknownFiles: 4 })
  })
})

describe('downloading a lesson', () => {
  it('sizes it first, then keeps every file and its messages pointing at them', async () => {
    const { store, files, storage } = setUp({ code: 200, data: lessonFiles({ voice: 3 * MB, picture: MB }) })
    await store.estimate('demo-all-types')
    expect(store.download).toEqual({ kind: 'confirm', estimate: 4 * MB, used: 0 })
    expect(files.kept.size).toBe(0)
    await store.start()
    expect(store.download.kind).toBe('done')
    const [lesson] = store.lessons
    expect(lesson).toMatchObject({ courseData: 'demo-all-types', courseName: '全类型演示课', savedAt: 42 })
    expect(lesson.coverPath).toMatch(/^wxfile:\/\/usr\/.*slide-1\.png$/)
    const messages = await store.messages('demo-all-types')
    const urls = messages.map((m) => (m.kind === 'voice' || m.kind === 'image' ? m.url : ''))
    expect(urls).toEqual([lesson.files.find((f) => f.url === VOICE)?.path, lesson.files.find((f) => f.url === PICTURE)?.path])
    expect(urls.every((u) => u?.startsWith('wxfile://usr/'))).toBe(true)
    // the list survives a restart
    expect(new OfflineStore({ files: () => Promise.reject(new Error('not asked')) }, files, storage).lessons).toEqual(store.lessons)
    expect(storage.get(STORAGE_KEYS.offlineLessons)).toBeDefined()
  })

  it('refuses a lesson that would take the app past its budget before downloading anything', async () => {
    const { store, files } = setUp({ code: 200, data: lessonFiles({ voice: 150 * MB, picture: 60 * MB }) })
    await store.estimate('demo-all-types')
    expect(store.download).toEqual({ kind: 'overBudget', estimate: 210 * MB, used: 0 })
    await store.start()
    expect(files.kept.size).toBe(0)
    expect(store.lessons).toEqual([])
  })

  it('stops and removes what it kept when the real sizes pass the budget', async () => {
    const { store, files } = setUp({ code: 200, data: lessonFiles({ voice: MB, picture: MB }) })
    files.realSizes.set(VOICE, 150 * MB)
    files.realSizes.set(PICTURE, 60 * MB)
    await store.estimate('demo-all-types')
    await store.start()
    expect(store.download.kind).toBe('overBudget')
    expect(files.kept.size).toBe(0)
    expect(store.lessons).toEqual([])
  })

  it('leaves nothing behind when a file fails, and says why', async () => {
    const { store, files } = setUp({ code: 200, data: lessonFiles({ voice: MB, picture: MB }) })
    files.failOn = PICTURE
    await store.estimate('demo-all-types')
    await store.start()
    expect(store.download).toEqual({ kind: 'failed', reason: 'downloadFile:fail' })
    expect(files.kept.size).toBe(0)
  })

  it.each([601, 403])('a lesson the listener may not read whole (%p) is refused, never half-downloaded', async (code) => {
    const { store, files } = setUp({ code, data: null })
    await store.estimate('demo-paid')
    expect(store.download).toEqual({ kind: 'notEntitled' })
    await store.start()
    expect(files.kept.size).toBe(0)
  })

  it('deletes a downloaded lesson with all its files', async () => {
    const { store, files } = setUp({ code: 200, data: lessonFiles({ voice: MB, picture: MB }) })
    await store.estimate('demo-all-types')
    await store.start()
    expect(files.kept.size).toBe(3)
    await store.remove('demo-all-types')
    expect(files.kept.size).toBe(0)
    expect(store.lessons).toEqual([])
    expect(store.usedBytes).toBe(0)
  })
})
