import type { LessonMessage } from '../../domain/message/types'
import { msgTypeLabelKey } from '../../domain/message/types'
import { TextCell } from './cells/TextCell'
import { PlaceholderCell } from './cells/PlaceholderCell'
import { VoiceCell } from './cells/VoiceCell'

/** Picks the cell for a message kind. */
export function MessageBody({ message }: { message: LessonMessage }) {
  switch (message.kind) {
    case 'text':
      return <TextCell message={message} />
    case 'voice':
      return <VoiceCell message={message} />
    case 'unsupported':
      return <PlaceholderCell labelKey={message.typeLabelKey} />
    default:
      return <PlaceholderCell labelKey={msgTypeLabelKey(message.msgType)} />
  }
}
