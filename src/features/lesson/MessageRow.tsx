import { memo } from 'react'
import { Image, Text, View } from '../../platform/components/basic'
import { sendTimeText } from '../../domain/format'
import type { LessonMessage } from '../../domain/message/types'
import { AVATAR_THUMBNAIL, avatarThumbnailUrl } from '../../domain/message/url'
import { t } from '../../locales'
import { imageAlt } from '../../ui/a11y'
import { MessageBody } from './MessageBody'

export interface MessageRowProps {
  message: LessonMessage
  showAvatar: boolean
}

function SendTimeLabel({ sendTime }: { sendTime: number }) {
  const text = sendTimeText(sendTime, { morning: t('lesson.period.morning'), afternoon: t('lesson.period.afternoon') })
  return text ? <Text className='message-row__time'>{text}</Text> : null
}

/**
 * One chat row: avatar, nickname, send time and the message body (spec 000 §2). Memoised: a
 * message never changes once loaded, so appending a page re-renders none of the rows shown.
 */
export const MessageRow = memo(function MessageRow({ message, showAvatar }: MessageRowProps) {
  if (message.kind === 'notification') {
    return (
      <View className='message-row message-row--notice'>
        <Text className='message-row__notice'>{message.text}</Text>
      </View>
    )
  }
  return (
    <View className='message-row' data-msg-id={message.msgId}>
      <View className='message-row__avatar-box'>
        {showAvatar && message.sender.faceIcon ? (
          <Image
            className='message-row__avatar'
            src={avatarThumbnailUrl(message.sender.faceIcon, AVATAR_THUMBNAIL.row)}
            mode='aspectFill'
            lazyLoad
            {...imageAlt(message.sender.nickname)}
          />
        ) : showAvatar ? (
          <View className='message-row__avatar message-row__avatar--blank' />
        ) : null}
      </View>
      <View className='message-row__main'>
        {showAvatar ? (
          <View className='message-row__meta'>
            <Text className='message-row__nickname'>{message.sender.nickname}</Text>
            <SendTimeLabel sendTime={message.sendTime} />
          </View>
        ) : (
          <View className='message-row__meta message-row__meta--compact'>
            <SendTimeLabel sendTime={message.sendTime} />
          </View>
        )}
        <MessageBody message={message} />
      </View>
    </View>
  )
})
