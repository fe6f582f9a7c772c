import Taro from '@tarojs/taro'
import type { PlatformEnv } from './types'

/** The mini-program has no origin of its own: default to the reference server on this machine. */
const DEFAULT_API = 'http://127.0.0.1:3000'

export const platformEnv: PlatformEnv = {
  kind: 'miniProgram',
  apiBase: () => (process.env.TARO_APP_API || DEFAULT_API).replace(/\/+$/, ''),
  inWechatBrowser: () => false,
  supportsBackgroundAudio: true,
  apiHostLabel: () => process.env.TARO_APP_API || DEFAULT_API,
  launchUrl: () => undefined,
  windowHeight: () => Taro.getSystemInfoSync().windowHeight,
  language: () => Taro.getSystemInfoSync().language,
}
