import { View } from '../../platform/components/basic'
import { t } from '../../locales'
import type { ChatroomStatus } from '../../im'
import '../../locales/packages/moderation'

const TEXT = { kicked: 'moderation.exit.kicked', blacklisted: 'moderation.exit.blacklisted', closed: 'moderation.exit.closed' } as const
type Why = keyof typeof TEXT

/**
 * Why the viewer is not in the chat room when a moderator is the reason: put out (kicked,
 * blacklisted) or the room closed, now or when it tried to come back. Undefined otherwise.
 */
export function moderatedOut(status: ChatroomStatus): Why | undefined {
  if (status.state === 'exited' && status.reason !== 'intentional') return status.reason
  if (status.state === 'failed' && (status.reason === 'blacklisted' || status.reason === 'closed')) return status.reason
  return undefined
}

/** Says why the viewer is not in the chat room, when a moderator is the reason (issue 29, item 5). */
export function ChatExit({ status }: { status: ChatroomStatus }) {
  const why = moderatedOut(status)
  if (!why) return null
  return (
    <View className='live-chat__status' role='status'>
      {t(TEXT[why])}
    </View>
  )
}
