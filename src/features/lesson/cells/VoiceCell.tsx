import { Text, View } from '@tarojs/components'
import type { VoiceMessage } from '../../../domain/message/types'

/** A voice bubble whose width grows with its duration (WeChat's convention), showing the seconds. */
export function VoiceCell({ message }: { message: VoiceMessage }) {
  const seconds = Math.max(1, Math.round(message.duration))
  const width = Math.min(100, 30 + seconds * 2)
  return (
    <View className='bubble bubble--voice voice-cell voice-cell--stopped' style={{ width: `${width}%` }}>
      <View className='voice-cell__icon' />
      <Text className='voice-cell__duration'>{`${seconds}″`}</Text>
    </View>
  )
}
