import type { PlatformDevice } from './types'

/** A phone's browser (WeChat's among them) by its user agent; anything else is "a browser". */
const PHONE = /Android|iPhone|iPad|iPod|Mobile|MicroMessenger/i

export const platformDevice: PlatformDevice = {
  kind: () => (typeof navigator !== 'undefined' && PHONE.test(navigator.userAgent) ? 'phone' : 'browser'),
  onHide(listener) {
    // pagehide for a closed tab; visibilitychange for a tab or app left behind (it may never come back)
    const hidden = (): void => {
      if (document.visibilityState === 'hidden') listener()
    }
    document.addEventListener('visibilitychange', hidden)
    window.addEventListener('pagehide', listener)
    return () => {
      document.removeEventListener('visibilitychange', hidden)
      window.removeEventListener('pagehide', listener)
    }
  },
}
