import Taro from '@tarojs/taro'
import type { KeyValueStorage } from './types'

export type { KeyValueStorage } from './types'

/** Taro's synchronous storage is the same API in both builds (localStorage in H5). */
export const taroStorage: KeyValueStorage = {
  get(key) {
    const value: unknown = Taro.getStorageSync(key)
    return typeof value === 'string' && value !== '' ? value : undefined
  },
  set(key, value) {
    Taro.setStorageSync(key, value)
  },
  remove(key) {
    Taro.removeStorageSync(key)
  },
}
