import type { LessonMessage } from '../../domain/message/types'
import { ContactCardCell } from './cells/ContactCardCell'
import { FaceCell } from './cells/FaceCell'
import { FileCell } from './cells/FileCell'
import { GroupInviteCell } from './cells/GroupInviteCell'
import { ImageCell } from './cells/ImageCell'
import { LinkCell } from './cells/LinkCell'
import { LocationCell } from './cells/LocationCell'
import { MaterialCell } from './cells/MaterialCell'
import { PlaceholderCell } from './cells/PlaceholderCell'
import { ReplyCell } from './cells/ReplyCell'
import { ComplaintCell, NativeHelloCell, NoticeCell, SignInCell } from './cells/SmallCells'
import { TextCell } from './cells/TextCell'
import { VideoCell } from './cells/VideoCell'
import { VoiceCell } from './cells/VoiceCell'

/** Picks the cell for a message kind; every kind of the model has one (spec 000 §3). */
export function MessageBody({ message }: { message: LessonMessage }) {
  switch (message.kind) {
    case 'text':
      return <TextCell message={message} />
    case 'image':
      return <ImageCell message={message} />
    case 'voice':
      return <VoiceCell message={message} />
    case 'video':
      return <VideoCell message={message} />
    case 'face':
    case 'customFace':
      return <FaceCell message={message} />
    case 'contactCard':
      return <ContactCardCell message={message} />
    case 'location':
      return <LocationCell message={message} />
    case 'signIn':
      return <SignInCell message={message} />
    case 'material':
      return <MaterialCell message={message} />
    case 'web':
    case 'chatRecord':
      return <LinkCell message={message} />
    case 'complaint':
      return <ComplaintCell message={message} />
    case 'groupInvite':
      return <GroupInviteCell message={message} />
    case 'file':
      return <FileCell message={message} />
    case 'reply':
      return <ReplyCell message={message} />
    case 'notification':
      return <NoticeCell message={message} />
    case 'nativeHello':
      return <NativeHelloCell message={message} />
    case 'hidden':
      return null
    case 'unsupported':
      return <PlaceholderCell labelKey={message.typeLabelKey} />
  }
}
