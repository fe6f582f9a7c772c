import { feedback } from '../../platform/feedback'
import { Text, View } from '../../platform/components/basic'
import { fenToYuan } from '../../domain/format'
import { t } from '../../locales'
import { pressable } from '../../ui/a11y'
import './access.scss'

/** The share-reward tip icon (spec 000 §2): shown when isCheckedShareRecash is 1; shareRecash/100 yuan. */
export function ShareRewardTip({ fen }: { fen: number }) {
  const amount = fenToYuan(fen)
  const explain = () => {
    void feedback.modal({ title: t('access.shareReward', { amount }), content: t('access.shareRewardText', { amount }), showCancel: false, confirmColor: '#047a3d' })
  }
  return (
    <View className='share-reward' {...pressable(explain)}>
      <Text className='share-reward__icon' aria-hidden='true'>¥</Text>
      <Text className='share-reward__text'>{t('access.shareReward', { amount })}</Text>
    </View>
  )
}
