import { View } from '../../../platform/components/basic'
import { TextBubble } from '../../../platform/components/textBubble'
import type { TextMessage } from '../../../domain/message/types'
import { t } from '../../../locales'
import { clipboard } from '../../../platform/clipboard'
import { feedback } from '../../../platform/feedback'
import { cellMenu } from '../cellMenu'
import { CellMenu } from './CellMenu'
import { useLongPress } from './useLongPress'
import './TextCell.scss'

/**
 * Text renders as a text node (never HTML) and stays selectable; a long press opens the copy
 * menu. `menuKey` tells apart two cells showing the same message (a reply and its quote).
 */
export function TextCell({ message }: { message: TextMessage }) {
  const menuKey = `text-${message.id}-${message.msgId}`
  const press = useLongPress(() => cellMenu.open(menuKey))
  const copy = () => clipboard.copy(message.text).catch(() => feedback.toast({ title: t('common.copyFailed') }))
  const items = [{ label: t('cells.menu.copy'), onSelect: () => void copy() }]
  return (
    <View className='cell-text'>
      <TextBubble text={message.text} {...press} />
      <CellMenu menuKey={menuKey} items={items} />
    </View>
  )
}
