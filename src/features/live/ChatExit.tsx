import { View } from '../../platform/components/basic'
import { t } from '../../locales'
import type { ChatroomStatus } from '../../im'
import '../../locales/packages/moderation'

const TEXT = { kicked: 'moderation.exit.kicked', blacklisted: 'moderation.exit.blacklisted', closed: 'moderation.exit.closed' } as const

/** Why the viewer is no longer in the chat room, when a moderator put them out or the room closed (issue 29, item 5). */
export function ChatExit({ status }: { status: ChatroomStatus }) {
  if (status.state !== 'exited' || status.reason === 'intentional') return null
  return (
    <View className='live-chat__status' role='status'>
      {t(TEXT[status.reason])}
    </View>
  )
}
