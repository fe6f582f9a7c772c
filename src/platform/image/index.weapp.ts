import Taro from '@tarojs/taro'
import type { ImagePlatform } from './types'

export const imagePlatform: ImagePlatform = {
  nativePreview: (urls, current) => {
    void Taro.previewImage({ urls: [...urls], current })
  },
  async saveImage(url) {
    const { tempFilePath, statusCode } = await Taro.downloadFile({ url })
    if (statusCode !== 200) throw new Error(`download answered ${statusCode}`)
    await Taro.saveImageToPhotosAlbum({ filePath: tempFilePath })
    return 'saved'
  },
}
