import Taro from '@tarojs/taro'
import type { PlatformPageScroll } from './types'

/** The viewport's scroll offset carries the page's height in the mini-program. */
export const platformPageScroll: PlatformPageScroll = {
  distanceToBottom() {
    return new Promise((resolve) => {
      Taro.createSelectorQuery()
        .selectViewport()
        .scrollOffset()
        .exec((res: unknown[]) => {
          const offset = res?.[0] as { scrollTop?: unknown; scrollHeight?: unknown } | null | undefined
          if (typeof offset?.scrollTop !== 'number' || typeof offset.scrollHeight !== 'number') resolve(undefined)
          else resolve(offset.scrollHeight - offset.scrollTop - Taro.getSystemInfoSync().windowHeight)
        })
    })
  },
}
