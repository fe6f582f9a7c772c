import Taro from '@tarojs/taro'
import type { LayoutPlatform, LayoutRect } from './types'

export type { LayoutPlatform, LayoutRect, MeasuredRects } from './types'

type Answer = LayoutRect | LayoutRect[] | null | undefined

export const layout: LayoutPlatform = {
  rects: (selector, allSelector) =>
    new Promise((resolve) => {
      const query = Taro.createSelectorQuery()
      query.select(selector).boundingClientRect()
      if (allSelector) query.selectAll(allSelector).boundingClientRect()
      query.exec((res: Answer[]) => {
        const one = res?.[0]
        const all = res?.[1]
        resolve({ one: one && !Array.isArray(one) ? one : null, all: Array.isArray(all) ? all : [] })
      })
    }),
}
