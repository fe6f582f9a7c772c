import type { PlatformEnv } from './types'

export const platformEnv: PlatformEnv = {
  kind: 'web',
  // Served by the reference server (or its dev proxy): same origin unless the build names a host.
  apiBase: () => (process.env.TARO_APP_API || '').replace(/\/+$/, ''),
  inWechatBrowser: () => typeof navigator !== 'undefined' && /MicroMessenger/i.test(navigator.userAgent),
  supportsBackgroundAudio: false,
  apiHostLabel: () => process.env.TARO_APP_API || (typeof location !== 'undefined' ? location.origin : ''),
  launchUrl: () => (typeof location !== 'undefined' ? location.pathname + location.search + location.hash : undefined),
  // read from the browser itself: Taro.getSystemInfoSync would bring a user-agent parser into
  // the first load of every page (issue 16)
  windowHeight: () => window.innerHeight,
  language: () => navigator.language,
}
