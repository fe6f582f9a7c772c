import type { LayoutPlatform, LayoutRect } from './types'

export type { LayoutPlatform, LayoutRect, MeasuredRects } from './types'

function rectOf(el: Element): LayoutRect {
  const { top, bottom, height } = el.getBoundingClientRect()
  return { id: el.id, top, bottom, height }
}

/**
 * Two frames: the render that asked has been committed by then, and Taro's components (Stencil
 * custom elements, which render on a frame of their own) have laid out their children.
 */
const afterLayout = (): Promise<void> =>
  new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))

export const layout: LayoutPlatform = {
  rects: async (selector, allSelector) => {
    await afterLayout()
    const one = document.querySelector(selector)
    return {
      one: one ? rectOf(one) : null,
      all: allSelector ? Array.from(document.querySelectorAll(allSelector), rectOf) : [],
    }
  },
}
