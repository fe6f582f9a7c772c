import { Text, View } from '../../platform/components/basic'
import { t } from '../../locales'
import type { ChatroomInfo } from '../../im'
import '../../locales/packages/moderation'
import './moderation.scss'

/**
 * What the host or a manager set for everyone in the room (issue 29, item 5): the announcement, and
 * that only they may speak while the whole room is muted. It follows the room's news as it comes.
 */
export function RoomNews({ room }: { room: ChatroomInfo | undefined }) {
  const announcement = room?.announcement.trim() ?? ''
  if (!room || (announcement === '' && !room.mute)) return null
  return (
    <View className='live-news' role='status'>
      {announcement ? <Text className='live-news__announcement'>{t('moderation.announcementShown', { text: announcement })}</Text> : null}
      {room.mute ? <Text className='live-news__muted'>{t('moderation.roomMutedShown')}</Text> : null}
    </View>
  )
}
