import Taro from '@tarojs/taro'
import type { ChatFileKind } from '../../../types/chatUpload'
import { CHAT_FILE_EXTENSIONS } from '../../../types/chatUpload'
import type { ChatFilePlatform, PickedFile } from './types'

/** The mini-program picks from a chat's files (or its images), reads them by range and POSTs the bytes. */
export const chatFilePlatform: ChatFilePlatform = {
  async pick(kind: ChatFileKind) {
    let chosen: Taro.chooseMessageFile.SuccessCallbackResult
    try {
      chosen = await Taro.chooseMessageFile({ count: 1, type: kind === 'image' ? 'image' : 'file', extension: [...CHAT_FILE_EXTENSIONS[kind]] })
    } catch {
      // cancelled
      return null
    }
    const file = chosen.tempFiles[0]
    if (!file) return null
    const fs = Taro.getFileSystemManager()
    const picked: PickedFile = {
      name: file.name,
      size: file.size,
      read: (offset, length) =>
        new Promise((resolve, reject) => {
          fs.readFile({ filePath: file.path, position: offset, length, success: (res) => resolve(res.data as ArrayBuffer), fail: reject })
        }),
      ...(kind === 'image' ? { previewUrl: file.path } : {}),
    }
    return picked
  },
  async postChunk(url, headers, data) {
    const res = await Taro.request({ url, method: 'POST', header: { ...headers, 'content-type': 'application/octet-stream' }, data, dataType: 'json' })
    return { statusCode: res.statusCode, data: res.data }
  },
}
