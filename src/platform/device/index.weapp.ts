import Taro from '@tarojs/taro'
import type { PlatformDevice } from './types'

export const platformDevice: PlatformDevice = {
  kind: () => 'miniProgram',
  onHide(listener) {
    Taro.onAppHide(listener)
    return () => Taro.offAppHide(listener)
  },
}
