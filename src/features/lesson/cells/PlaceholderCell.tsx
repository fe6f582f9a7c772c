import { Text, View } from '../../../platform/components/basic'
import { t } from '../../../locales'
import type { MessageLabelKey } from '../../../domain/message/types'

/** The bracketed placeholder of spec 000 §8 for kinds this build cannot show. */
export function PlaceholderCell({ labelKey }: { labelKey: MessageLabelKey }) {
  return (
    <View className='bubble bubble--placeholder'>
      <Text className='bubble__placeholder'>{t('msg.placeholder', { label: t(labelKey) })}</Text>
    </View>
  )
}
