import Taro from '@tarojs/taro'
import type { FeedbackPlatform } from './types'

export type { FeedbackPlatform, ModalOptions, ToastOptions } from './types'

export const feedback: FeedbackPlatform = {
  // WeChat draws this toast in the middle of the screen and wx.showToast takes no position (issue 30
  // item 12): H5 moves its own toast clear of dialogs and fields (toastPlace.ts), the mini-program
  // cannot. What it can do is what the screens do: show a field's problem in its FormField error row
  // and a dialog's in its own row, so a toast over them repeats nothing that must be read there.
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
