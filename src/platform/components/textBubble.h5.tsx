import type { TextBubbleProps } from './textBubbleTypes'
import { Text, View } from './basic'

/** H5: a text message's bubble as Taro elements (the markup server/lesson/firstScreen.ts writes too). */
export function TextBubble({ text, ...handlers }: TextBubbleProps) {
  return (
    <View className='bubble bubble--text' {...handlers}>
      <Text className='bubble__text' userSelect>
        {text}
      </Text>
    </View>
  )
}
