import type { GroupInviteMessage } from '../../../domain/message/types'
import { AVATAR_THUMBNAIL, avatarThumbnailUrl } from '../../../domain/message/url'
import { t } from '../../../locales'
import { Card } from './Card'

export function GroupInviteCell({ message }: { message: GroupInviteMessage }) {
  return (
    <Card
      className='cell-group-invite'
      title={t('cells.groupInvite.title')}
      desc={message.groupName ?? t('cells.groupInvite.defaultName')}
      icon={message.avatar && avatarThumbnailUrl(message.avatar, AVATAR_THUMBNAIL.card)}
      footer={t('msg.type.groupInvite')}
    />
  )
}
