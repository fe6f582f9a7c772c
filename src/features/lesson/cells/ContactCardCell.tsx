import type { ContactCardMessage } from '../../../domain/message/types'
import { AVATAR_THUMBNAIL, avatarThumbnailUrl } from '../../../domain/message/url'
import { t } from '../../../locales'
import { Card } from './Card'

export function ContactCardCell({ message }: { message: ContactCardMessage }) {
  return (
    <Card
      className='cell-contact'
      title={message.name}
      icon={message.avatar && avatarThumbnailUrl(message.avatar, AVATAR_THUMBNAIL.card)}
      mediaFirst
      footer={t('cells.contactCard.label')}
    />
  )
}
