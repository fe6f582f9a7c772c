import { Text, View } from '@tarojs/components'
import type { TextMessage } from '../../../domain/message/types'

/** Text renders as a text node (never HTML) and stays selectable. */
export function TextCell({ message }: { message: TextMessage }) {
  return (
    <View className='bubble bubble--text'>
      <Text className='bubble__text' userSelect>
        {message.text}
      </Text>
    </View>
  )
}
