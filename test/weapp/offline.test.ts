/**
 * @jest-environment jsdom
 */
import type { FastifyInstance } from 'fastify'
import { loadPage, type FakeWx, type LoadedPage } from './harness'
import { all, tap } from './taroTree'
import resume from '../../src/locales/zh-CN/resume'
import player from '../../src/locales/zh-CN/player'

/**
 * Lessons offline in the compiled mini-program (issue 35 item 5). The download runs on the lesson
 * page against the real server (wx.request through fastify.inject); wx.downloadFile fetches each
 * file from the same server and the file system manager keeps it in memory (the platform edge).
 * Then the downloaded lesson opens with every request failing and plays through WeChat's
 * BackgroundAudioManager from the kept files, one voice after another.
 */

interface Kept {
  files: Map<string, { bytes: number; text?: string }>
}

/** wx.downloadFile, the file system manager and wx.env over `kept`, shared by the two pages. */
function fileSystem(wx: FakeWx, server: FastifyInstance, kept: Kept): void {
  let next = 0
  wx.env = { USER_DATA_PATH: 'wxfile://usr' }
  wx.downloadFile = jest.fn((options: { url: string; success?: (r: unknown) => void; fail?: (e: unknown) => void }) => {
    const progress: Array<(u: unknown) => void> = []
    void server.inject({ method: 'GET', url: new URL(options.url).pathname }).then((res) => {
      const bytes = res.rawPayload.length
      progress.forEach((cb) => cb({ progress: 100, totalBytesWritten: bytes, totalBytesExpectedToWrite: bytes }))
      const tempFilePath = `http://tmp/${next++}`
      kept.files.set(tempFilePath, { bytes })
      if (res.statusCode === 200) options.success?.({ statusCode: 200, tempFilePath })
      else options.success?.({ statusCode: res.statusCode, tempFilePath: '' })
    })
    return { onProgressUpdate: (cb: (u: unknown) => void) => progress.push(cb), abort: jest.fn() }
  })
  type Cb = { success?: (r: unknown) => void; fail?: (e: unknown) => void; complete?: (r: unknown) => void }
  const done = (options: Cb, result: unknown) => {
    options.success?.(result)
    options.complete?.(result)
  }
  const fail = (options: Cb, errMsg: string) => {
    options.fail?.({ errMsg })
    options.complete?.({ errMsg })
  }
  wx.getFileSystemManager = () => ({
    saveFile: (options: Cb & { tempFilePath: string }) => {
      const temp = kept.files.get(options.tempFilePath)
      if (!temp) return fail(options, 'saveFile:fail no such file')
      const savedFilePath = `wxfile://usr/saved-${next++}`
      kept.files.delete(options.tempFilePath)
      kept.files.set(savedFilePath, temp)
      done(options, { savedFilePath })
    },
    getFileInfo: (options: Cb & { filePath: string }) => {
      const file = kept.files.get(options.filePath)
      if (file) done(options, { size: file.bytes })
      else fail(options, 'getFileInfo:fail no such file')
    },
    writeFile: (options: Cb & { filePath: string; data: string }) => {
      kept.files.set(options.filePath, { bytes: Buffer.byteLength(options.data), text: options.data })
      done(options, {})
    },
    readFile: (options: Cb & { filePath: string }) => {
      const file = kept.files.get(options.filePath)
      if (file?.text !== undefined) done(options, { data: file.text })
      else fail(options, 'readFile:fail no such file')
    },
    unlink: (options: Cb & { filePath: string }) => {
      kept.files.delete(options.filePath)
      done(options, {})
    },
  })
}

/** WeChat's BackgroundAudioManager: what was set, and its callbacks to fire. */
function audioManager() {
  const sources: string[] = []
  const callbacks = new Map<string, Array<() => void>>()
  const manager: Record<string, unknown> = { currentTime: 0, duration: 0, paused: true, play: jest.fn(), pause: jest.fn(), stop: jest.fn(), seek: jest.fn() }
  Object.defineProperty(manager, 'src', { get: () => sources[sources.length - 1], set: (value: string) => void sources.push(value) })
  for (const event of ['onPlay', 'onPause', 'onStop', 'onEnded', 'onTimeUpdate', 'onError', 'onCanplay', 'onWaiting', 'onNext', 'onPrev']) {
    manager[event] = (cb: () => void) => callbacks.set(event, [...(callbacks.get(event) ?? []), cb])
  }
  return { manager, sources, fire: (event: string) => callbacks.get(event)?.forEach((cb) => cb()) }
}

describe('a lesson downloaded in the mini-program', () => {
  const storage = new Map<string, unknown>()
  const kept: Kept = { files: new Map() }
  let page: LoadedPage | undefined
  afterEach(async () => {
    await page?.close()
    page = undefined
  })

  /** The pages share one device: its storage and its files. */
  const device = (wx: FakeWx, server: FastifyInstance) => {
    wx.getStorageSync = (key: string) => storage.get(key) ?? ''
    wx.setStorageSync = (key: string, value: unknown) => void storage.set(key, value)
    wx.removeStorageSync = (key: string) => void storage.delete(key)
    fileSystem(wx, server, kept)
  }

  it('downloads after a size estimate, with its progress, into the file storage', async () => {
    const loaded = (page = await loadPage('pages/lesson/index', { courseData: 'demo-all-types' }, device))
    await loaded.waitFor(() => loaded.text().includes(resume['offline.download']))
    await tap(all(loaded, '.download-lesson__button')[0])
    await loaded.waitFor(() => loaded.text().includes('下载后没有网络也能听'))
    expect(loaded.wx.downloadFile).not.toHaveBeenCalled()
    await tap(all(loaded, '.download-lesson__button')[0])
    await loaded.waitFor(() => loaded.text().includes('已下载 ·'), 15000)
    const downloaded = (loaded.wx.downloadFile as jest.Mock).mock.calls.map(([options]: [{ url: string }]) => new URL(options.url).pathname)
    expect(downloaded).toContain('/media/voice/intro.mp3')
    expect(new Set(downloaded).size).toBe(downloaded.length)
    expect([...kept.files.keys()].filter((path) => path.startsWith('wxfile://usr/')).length).toBe(downloaded.length + 1)
    expect(typeof storage.get('offlineLessons')).toBe('string')
  })

  it('plays with every request failing: the kept files, one voice after another', async () => {
    const audio = audioManager()
    const loaded = (page = await loadPage('pages/offlineLesson/index', { courseData: 'demo-all-types' }, (wx, server) => {
      device(wx, server)
      wx.getBackgroundAudioManager = jest.fn(() => audio.manager)
      wx.request = jest.fn((options: { fail?: (e: unknown) => void; complete?: (e: unknown) => void }) => {
        options.fail?.({ errMsg: 'request:fail -101 no network' })
        options.complete?.({ errMsg: 'request:fail' })
        return { abort: jest.fn() }
      })
    }))
    await loaded.waitFor(() => loaded.text().includes(player['player.backgroundPlay']))
    await tap(all(loaded, '.offline-lesson__play')[0])
    await loaded.waitFor(() => audio.sources.length > 0)
    expect(audio.sources[0]).toMatch(/^wxfile:\/\/usr\/saved-/)
    audio.fire('onPlay')
    audio.fire('onEnded')
    await loaded.waitFor(() => audio.sources.length > 1)
    expect(audio.sources[1]).toMatch(/^wxfile:\/\/usr\/saved-/)
    expect(audio.sources[1]).not.toBe(audio.sources[0])
  })
})
