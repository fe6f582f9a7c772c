import { Button, Text, View } from '../../platform/components/basic'
import { observer } from 'mobx-react-lite'
import { t } from '../../locales'
import { pressable } from '../../ui/a11y'
import { usePayFlow, PayFlowView } from '../purchase'
import type { LessonStore } from './LessonStore'
import './LessonAccessExtras.scss'


/**
 * What the viewer adds over a readable list (spec 000 §2): in free-preview mode the 'view full
 * course' button with the pay flow. A confirmed payment marks the lesson paid,
 * resets the list and reloads the info (spec 000 §4 "Payment" 4).
 */
export const LessonAccessExtras = observer(function LessonAccessExtras({ store }: { store: LessonStore }) {
  const flow = usePayFlow()
  const preview = store.preview
  const courseData = store.courseData
  const openPay = (): void => {
    if (!preview || !courseData) return
    flow.open(
      { courseData, payType: 1, priceFen: preview.pay.priceFen, loginUrl: store.info?.loginUrl || undefined },
      () => void store.markPaid(),
    )
  }
  // no wrapper: an empty one would go over the mini-program's bridge with the first rows
  return (
    <>
      {preview && courseData ? (
        <View className='lesson-preview-bar'>
          <Text className='lesson-preview-bar__hint'>{t('access.previewHint', { count: preview.freeCount })}</Text>
          {flow.canSell ? (
            <Button
              className='lesson-preview-bar__button'
              size='mini'
              {...pressable(openPay)}
            >
              {t('access.viewFull')}
            </Button>
          ) : (
            <Text className='lesson-preview-bar__hint lesson-preview-bar__ios'>{t('purchase.iosUnavailable')}</Text>
          )}
        </View>
      ) : null}
      <PayFlowView flow={flow} />
    </>
  )
})
