import { hashLinkTarget } from '../../domain/hashLink'
import type { PlatformLocation } from './types'

export const platformLocation: PlatformLocation = {
  adoptHashLink() {
    const target = hashLinkTarget(location.pathname + location.search + location.hash)
    if (target) history.replaceState(history.state, '', target)
  },
  insideFrame() {
    try {
      return window.top !== window.self
    } catch {
      // a cross-origin parent may refuse even the comparison: that is a frame too
      return true
    }
  },
}
