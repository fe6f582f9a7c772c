import Taro from '@tarojs/taro'
import type { FeedbackPlatform } from './types'

export type { FeedbackPlatform, ModalOptions, ToastOptions } from './types'

export const feedback: FeedbackPlatform = {
  toast: ({ title, icon = 'none', duration = 1500 }) => {
    void Taro.showToast({ title, icon, duration })
  },
  modal: async (options) => (await Taro.showModal(options)).confirm,
  actionSheet: async (itemList) => {
    try {
      return (await Taro.showActionSheet({ itemList })).tapIndex
    } catch {
      return -1
    }
  },
}
