import { Text } from '../../platform/components/basic'
import { t } from '../../locales'
import type { ChatroomMemberType } from '../../domain/chat/constants'
import '../../locales/packages/moderation'
import './moderation.scss'

/**
 * The host's or a manager's badge beside a name (issue 29, item 3). Its role comes from the room's
 * own record of the member (the message's `fromType`, the member list's type), never from the name,
 * so a look-alike nickname shows no badge. Nothing for anyone else.
 */
export function RoleBadge({ type }: { type: ChatroomMemberType | undefined }) {
  if (type !== 'owner' && type !== 'manager') return null
  return <Text className={`live-role live-role--${type}`}>{t(type === 'owner' ? 'moderation.role.owner' : 'moderation.role.manager')}</Text>
}
