import Taro from '@tarojs/taro'
import type { FilePlatform } from './types'
import { isHttpUrl } from './http'

export const filePlatform: FilePlatform = {
  openFile: () => 'openInApp',
  openLink(url) {
    if (!isHttpUrl(url)) return 'refused'
    void Taro.setClipboardData({ data: url })
    return 'copied'
  },
}
