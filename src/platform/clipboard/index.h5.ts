import Taro from '@tarojs/taro'
import type { ClipboardPlatform } from './types'

export type { ClipboardPlatform } from './types'

/**
 * Copying goes through Taro (a selected textarea and `execCommand('copy')`, which works in WeChat's
 * browser too). Taro's H5 paste only returns what this site copied, so paste reads the system
 * clipboard (`navigator.clipboard.readText`, which may ask the user) and falls back to Taro's only
 * where the browser has no clipboard API.
 */
export const clipboard: ClipboardPlatform = {
  copy: async (text) => {
    await Taro.setClipboardData({ data: text })
  },
  paste: async () => {
    const system = typeof navigator === 'undefined' ? undefined : navigator.clipboard
    if (system && typeof system.readText === 'function') return system.readText()
    const { data } = await Taro.getClipboardData()
    return typeof data === 'string' ? data : ''
  },
}
