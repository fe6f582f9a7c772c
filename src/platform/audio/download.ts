import Taro from '@tarojs/taro'
import type { DownloadProgress } from './types'

/**
 * Downloads a file with progress and resolves with its temporary path; a non-2xx answer or a
 * network failure rejects. `Taro.downloadFile` is the same API in both builds: what each
 * platform then does with the file is in its own engine module.
 */
export function downloadToTemp(url: string, onProgress: (progress: DownloadProgress) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const task = Taro.downloadFile({
      url,
      success: (res) => {
        if (res.statusCode < 200 || res.statusCode >= 300) reject(new Error(`HTTP ${res.statusCode}`))
        else resolve(res.tempFilePath)
      },
      fail: (err) => reject(new Error(err.errMsg)),
    })
    task.onProgressUpdate(onProgress)
  })
}
