import Taro from '@tarojs/taro'
import { downloadAudio } from '../../../src/platform/audio'

/** Taro.downloadFile is the platform edge: a fake that answers like the H5 runtime does. */
function fakeDownload(answer: { statusCode?: number; tempFilePath?: string; errMsg?: string }) {
  const progress: ((p: { progress: number }) => void)[] = []
  const spy = jest.spyOn(Taro, 'downloadFile').mockImplementation(((options: {
    success?: (res: { statusCode: number; tempFilePath: string }) => void
    fail?: (err: { errMsg: string }) => void
  }) => {
    setTimeout(() => {
      progress.forEach((report) => report({ progress: 100 }))
      if (answer.errMsg) options.fail?.({ errMsg: answer.errMsg })
      else options.success?.({ statusCode: answer.statusCode ?? 200, tempFilePath: answer.tempFilePath ?? '' })
    }, 0)
    return { onProgressUpdate: (report: (p: { progress: number }) => void) => progress.push(report) }
  }) as unknown as typeof Taro.downloadFile)
  return spy
}

describe('downloadAudio (H5)', () => {
  afterEach(() => jest.restoreAllMocks())

  it('reports progress and hands the file to the browser as a named download', async () => {
    fakeDownload({ tempFilePath: 'blob:http://localhost/abc' })
    const clicks: { href: string; download: string }[] = []
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download })
    })
    const onProgress = jest.fn()
    await downloadAudio({ url: 'http://localhost/media/a.mp3', fileName: 'lesson.mp3', onProgress })
    expect(onProgress).toHaveBeenCalledWith({ progress: 100 })
    expect(clicks).toEqual([{ href: 'blob:http://localhost/abc', download: 'lesson.mp3' }])
    expect(document.querySelector('a[download]')).toBeNull()
  })

  it('rejects a non-2xx answer and a network failure without starting a download', async () => {
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    fakeDownload({ statusCode: 404 })
    await expect(downloadAudio({ url: 'http://localhost/x.mp3', fileName: 'x.mp3', onProgress: jest.fn() })).rejects.toThrow('HTTP 404')
    fakeDownload({ errMsg: 'downloadFile:fail network' })
    await expect(downloadAudio({ url: 'http://localhost/x.mp3', fileName: 'x.mp3', onProgress: jest.fn() })).rejects.toThrow('downloadFile:fail network')
    expect(click).not.toHaveBeenCalled()
  })
})
