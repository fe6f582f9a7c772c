import Taro from '@tarojs/taro'
import { t } from '../../../locales'
import { imagePlatform } from '../../../platform/image'

/** The long-press save menu of an image (spec 000 §9); cancelling it does nothing. */
export async function offerImageSave(url: string): Promise<void> {
  try {
    await Taro.showActionSheet({ itemList: [t('cells.image.save')] })
  } catch {
    return
  }
  try {
    if ((await imagePlatform.saveImage(url)) === 'saved') {
      void Taro.showToast({ title: t('cells.image.saved'), icon: 'success', duration: 1000 })
    }
  } catch {
    void Taro.showToast({ title: t('cells.image.saveFailed'), icon: 'none', duration: 1000 })
  }
}
