import type { LayoutPlatform, LayoutRect } from './types'

export type { LayoutPlatform, LayoutRect, MeasuredRects } from './types'

function rectOf(el: Element): LayoutRect {
  const { top, bottom, height } = el.getBoundingClientRect()
  return { id: el.id, top, bottom, height }
}

/** The longest wait: a page in the background gets no frames (Taro's own query waited up to this). */
const LAYOUT_WAIT_MS = 100

/**
 * Two frames: the render that asked has been committed by then, and Taro's Stencil components
 * (which render on a frame of their own) have laid out their children. A hidden page (the voice
 * playing on with the screen off) gets no frames, so a timer ends the wait too.
 */
const afterLayout = (): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, LAYOUT_WAIT_MS)
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        clearTimeout(timer)
        resolve()
      }),
    )
  })

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
