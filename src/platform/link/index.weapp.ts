import Taro from '@tarojs/taro'
import type { LinkPlatform } from './types'
import { isWebUrl } from './webUrl'

export const linkPlatform: LinkPlatform = {
  async openWebPage(url) {
    if (!isWebUrl(url)) return 'failed'
    try {
      await Taro.setClipboardData({ data: url })
      return 'copied'
    } catch {
      return 'failed'
    }
  },
}
