import Taro from '@tarojs/taro'
import type { Device } from '../../domain/invite'
import type { AppLinkPlatform } from './types'
import { http } from '../http'

function device(): Device {
  const platform = Taro.getSystemInfoSync().platform
  return platform === 'android' ? 'android' : platform === 'ios' ? 'ios' : 'other'
}

/** The mini-program cannot open a store, the app or a provider page: it copies the link instead. */
export const appLink: AppLinkPlatform = {
  canLeave: false,
  device,
  inWechatBrowser: () => false,
  open: async (url) => {
    await Taro.setClipboardData({ data: url })
  },
  submitForm: () => false,
  copy: async (text) => {
    await Taro.setClipboardData({ data: text })
  },
  fetchJson: (url, timeoutMs) => http.getJson(url, timeoutMs),
}
