import { feedback } from '../../../platform/feedback'
import { t } from '../../../locales'
import { imagePlatform } from '../../../platform/image'

/** The long-press save menu of an image (spec 000 §9); cancelling it does nothing. */
export async function offerImageSave(url: string): Promise<void> {
  if ((await feedback.actionSheet([t('cells.image.save')])) !== 0) return
  try {
    if ((await imagePlatform.saveImage(url)) === 'saved') {
      feedback.toast({ title: t('cells.image.saved'), icon: 'success', duration: 1000 })
    }
  } catch {
    feedback.toast({ title: t('cells.image.saveFailed'), icon: 'none', duration: 1000 })
  }
}
