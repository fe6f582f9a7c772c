import { memo } from 'react'
import { Text, View } from '../../platform/components/basic'
import { MessageFrame } from '../../platform/components/messageFrame'
import { sendTimeText } from '../../domain/format'
import type { LessonMessage } from '../../domain/message/types'
import { AVATAR_THUMBNAIL, avatarThumbnailUrl } from '../../domain/message/url'
import { t } from '../../locales'
import { cx } from '../../ui/classNames'
import { MessageBody } from './MessageBody'

export interface MessageRowProps {
  message: LessonMessage
  showAvatar: boolean
  /** a windowed list's id and class for the row (ui/WindowedItems) */
  rowId?: string
  rowClass?: string
}

/**
 * One chat row: avatar, nickname, send time (the platform's MessageFrame) and the message body
 * (spec 000 §2). Memoised: a message never changes once loaded, so appending a page re-renders
 * none of the rows shown.
 */
export const MessageRow = memo(function MessageRow({ message, showAvatar, rowId, rowClass }: MessageRowProps) {
  if (message.kind === 'notification') {
    return (
      <View id={rowId} className={cx('message-row message-row--notice', rowClass)}>
        <Text className='message-row__notice'>{message.text}</Text>
      </View>
    )
  }
  const { faceIcon, nickname } = message.sender
  return (
    <MessageFrame
      rowId={rowId}
      rowClass={rowClass}
      msgId={message.msgId}
      avatar={faceIcon ? avatarThumbnailUrl(faceIcon, AVATAR_THUMBNAIL.row) : undefined}
      nickname={nickname}
      time={sendTimeText(message.sendTime, { morning: t('lesson.period.morning'), afternoon: t('lesson.period.afternoon') })}
      showAvatar={showAvatar}
    >
      <MessageBody message={message} />
    </MessageFrame>
  )
})
