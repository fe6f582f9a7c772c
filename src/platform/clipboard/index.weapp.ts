import Taro from '@tarojs/taro'
import type { ClipboardPlatform } from './types'

export type { ClipboardPlatform } from './types'

export const clipboard: ClipboardPlatform = {
  copy: async (text) => {
    await Taro.setClipboardData({ data: text })
  },
  paste: async () => (await Taro.getClipboardData()).data ?? '',
}
