import type { A11yGateway } from './types'

/** Frames to watch after focusing: Taro's components finish rendering within the first few. */
const SETTLE_FRAMES = 5

export const a11y: A11yGateway = {
  focusById(id) {
    const el = document.getElementById(id)
    if (!el) return
    // preventScroll: the page position belongs to the reader (and the lesson player)
    const focus = () => el.focus({ preventScroll: true })
    focus()
    // Taro's View and Button are Stencil custom elements that render after React commits; the first
    // render moves their children, which drops the focus of a moved node. Put it back while that
    // settles, but only when it was dropped (never take it from where the user moved it).
    let frames = 0
    const watch = () => {
      if (!el.isConnected) return
      const active = document.activeElement
      if (active === null || active === document.body) focus()
      if (++frames < SETTLE_FRAMES) requestAnimationFrame(watch)
    }
    requestAnimationFrame(watch)
  },
}
