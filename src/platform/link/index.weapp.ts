import Taro from '@tarojs/taro'
import type { LinkPlatform } from './types'

export const linkPlatform: LinkPlatform = {
  async openWebPage(url) {
    try {
      await Taro.setClipboardData({ data: url })
      return 'copied'
    } catch {
      return 'failed'
    }
  },
}
