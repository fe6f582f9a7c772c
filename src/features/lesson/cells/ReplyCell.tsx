import { Image, Text, View } from '../../../platform/components/basic'
import { msgTypeLabelKey } from '../../../domain/message/types'
import type { LessonMessage, ReplyMessage, TextMessage } from '../../../domain/message/types'
import { t } from '../../../locales'
import { imageAlt } from '../../../ui/a11y'
import { TextCell } from './TextCell'
import './ReplyCell.scss'

interface QuoteSummary {
  text: string
  thumb?: string
}

function bracketed(message: LessonMessage): string {
  const key = message.kind === 'unsupported' ? message.typeLabelKey : msgTypeLabelKey(message.msgType)
  return t('msg.placeholder', { label: t(key) })
}

/** One line standing for the quoted message, as WeChat quotes: its text, or its kind and name. */
function summarize(message: LessonMessage): QuoteSummary {
  switch (message.kind) {
    case 'text':
      return { text: message.text }
    case 'reply':
      return { text: message.replyText }
    case 'notification':
      return { text: message.text }
    case 'image':
    case 'face':
      return { text: bracketed(message), thumb: message.url }
    case 'customFace':
      return { text: bracketed(message), thumb: message.emojiUrl }
    case 'web':
    case 'chatRecord':
      return { text: `${bracketed(message)} ${message.title}` }
    case 'file':
      return { text: `${bracketed(message)} ${message.fileName}` }
    case 'contactCard':
      return { text: `${bracketed(message)} ${message.name}` }
    case 'signIn':
    case 'complaint':
    case 'nativeHello':
      return { text: message.text ?? bracketed(message) }
    case 'material':
      return { text: message.content || bracketed(message) }
    case 'location':
      return { text: `${bracketed(message)} ${message.title ?? message.address ?? ''}`.trim() }
    case 'voice':
    case 'video':
    case 'groupInvite':
    case 'hidden':
    case 'unsupported':
      return { text: bracketed(message) }
  }
}

/** Spec 000 §3 "Reply": the reply text as a bubble, the quoted message in a grey block under it. */
export function ReplyCell({ message }: { message: ReplyMessage }) {
  const { quoted } = message
  const reply: TextMessage = {
    id: message.id,
    msgId: message.msgId,
    msgType: message.msgType,
    sendTime: message.sendTime,
    sender: message.sender,
    kind: 'text',
    text: message.replyText,
  }
  const summary = summarize(quoted)
  return (
    <View className='cell-reply'>
      <TextCell message={reply} />
      <View className='cell-reply__quote'>
        <Text className='cell-reply__quote-text'>
          {quoted.sender.nickname ? t('cells.reply.quote', { nickname: quoted.sender.nickname }) : ''}
          {summary.text}
        </Text>
        {summary.thumb ? <Image className='cell-reply__thumb' src={summary.thumb} mode='aspectFill' lazyLoad {...imageAlt(null)} /> : null}
      </View>
    </View>
  )
}
