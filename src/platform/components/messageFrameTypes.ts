import type { ReactNode } from 'react'

export interface MessageFrameProps {
  /** the windowed list's id and class for the row (ui/WindowedItems) */
  rowId?: string
  rowClass?: string
  msgId: string
  /** the sender's avatar (a safe URL); none draws a blank square where the avatar shows */
  avatar?: string
  nickname: string
  /** the send time as the row shows it; '' for none */
  time: string
  /** the first of a sender's run: avatar and nickname (else only the time) */
  showAvatar: boolean
  /** the message body */
  children: ReactNode
}
