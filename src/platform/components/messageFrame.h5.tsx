import type { MessageFrameProps } from './messageFrameTypes'
import { Image, Text, View } from './basic'

/**
 * H5: the chat row's frame as Taro elements (the markup server/lesson/firstScreen.ts writes too):
 * avatar, nickname and send time around the message body.
 */
export function MessageFrame({ rowId, rowClass, msgId, avatar, nickname, time, showAvatar, children }: MessageFrameProps) {
  return (
    <View id={rowId} className={rowClass ? `message-row ${rowClass}` : 'message-row'} data-msg-id={msgId}>
      <View className='message-row__avatar-box'>
        {showAvatar && avatar ? (
          <Image className='message-row__avatar' src={avatar} mode='aspectFill' lazyLoad aria-label={nickname} nativeProps={{ alt: nickname }} />
        ) : showAvatar ? (
          <View className='message-row__avatar message-row__avatar--blank' />
        ) : null}
      </View>
      <View className='message-row__main'>
        <View className={showAvatar ? 'message-row__meta' : 'message-row__meta message-row__meta--compact'}>
          {showAvatar ? <Text className='message-row__nickname'>{nickname}</Text> : null}
          {time ? <Text className='message-row__time'>{time}</Text> : null}
        </View>
        {children}
      </View>
    </View>
  )
}
