import Taro from '@tarojs/taro'
import type { ModalOptions } from './types'

/** Taro's H5 dialog and menu: a chunk of their own, fetched the first time one opens. */
export async function showModal(options: ModalOptions): Promise<boolean> {
  return (await Taro.showModal(options)).confirm
}

export async function showActionSheet(itemList: string[]): Promise<number> {
  try {
    return (await Taro.showActionSheet({ itemList })).tapIndex
  } catch {
    return -1
  }
}
