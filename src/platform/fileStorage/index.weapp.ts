import Taro from '@tarojs/taro'
import type { FileStorage, KeptFile } from './types'

const failure = (what: string, err: unknown): Error =>
  new Error(`${what}: ${typeof err === 'object' && err !== null && 'errMsg' in err ? String(err.errMsg) : String(err)}`)

function fileSize(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    Taro.getFileSystemManager().getFileInfo({
      filePath: path,
      success: (res) => resolve(res.size),
      fail: (err) => reject(failure('getFileInfo', err)),
    })
  })
}

/** The mini-program's user data directory (wx.env.USER_DATA_PATH, which Taro hands over as Taro.env). */
function userDataPath(): string {
  return Taro.env.USER_DATA_PATH ?? 'wxfile://usr'
}

export const fileStorage: FileStorage = {
  supported: true,
  save(url, progress) {
    return new Promise<KeptFile>((resolve, reject) => {
      const task = Taro.downloadFile({
        url,
        success: (res) => {
          if (res.statusCode !== 200) {
            reject(new Error(`download ${res.statusCode}`))
            return
          }
          Taro.getFileSystemManager().saveFile({
            tempFilePath: res.tempFilePath,
            success: (saved) => {
              const path = saved.savedFilePath
              fileSize(path).then((bytes) => resolve({ path, bytes }), reject)
            },
            fail: (err) => reject(failure('saveFile', err)),
          })
        },
        fail: (err) => reject(failure('downloadFile', err)),
      })
      task.onProgressUpdate((update) => progress(update.totalBytesWritten, update.totalBytesExpectedToWrite))
      // Taro's task is also a promise that rejects with `fail`, which the callbacks above handle
      Promise.resolve(task).catch(() => undefined)
    })
  },
  writeText(name, text) {
    const path = `${userDataPath()}/${name.replace(/[^A-Za-z0-9._-]/g, '_')}`
    return new Promise<KeptFile>((resolve, reject) => {
      Taro.getFileSystemManager().writeFile({
        filePath: path,
        data: text,
        encoding: 'utf8',
        success: () => void fileSize(path).then((bytes) => resolve({ path, bytes }), reject),
        fail: (err) => reject(failure('writeFile', err)),
      })
    })
  },
  readText(path) {
    return new Promise<string>((resolve, reject) => {
      Taro.getFileSystemManager().readFile({
        filePath: path,
        encoding: 'utf8',
        success: (res) => resolve(typeof res.data === 'string' ? res.data : ''),
        fail: (err) => reject(failure('readFile', err)),
      })
    })
  },
  remove(path) {
    return new Promise<void>((resolve) => {
      Taro.getFileSystemManager().unlink({ filePath: path, complete: () => resolve() })
    })
  },
}
