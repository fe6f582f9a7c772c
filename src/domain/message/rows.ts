/**
 * How a lesson's messages become list rows (spec 000 §2): hidden notifications (2001) are left
 * out, and a cell's avatar and nickname are folded when the previous shown row is a cell of the
 * same sender icon. Pages arrive one after another, so the fold goes on from where the last page
 * stopped: each page costs its own length, never the whole list's.
 */
import type { LessonMessage } from './types'

export interface MessageRowModel {
  message: LessonMessage
  /** hidden when the previous shown message has the same sender icon */
  showAvatar: boolean
}

/** What the fold needs to know about the last shown row; `START` before the first. */
export interface FoldTail {
  /** the last shown row was a cell (not a notification) */
  cell: boolean
  icon: string
}

export const START: FoldTail = { cell: false, icon: '' }

/** The rows of `messages` following `tail`, and the tail after them. */
export function foldRows(messages: readonly LessonMessage[], tail: FoldTail = START): { rows: MessageRowModel[]; tail: FoldTail } {
  const rows: MessageRowModel[] = []
  let { cell: previousWasCell, icon: previousIcon } = tail
  for (const message of messages) {
    if (message.kind === 'hidden') continue
    const isCell = message.kind !== 'notification'
    const icon = message.sender.faceIcon ?? ''
    rows.push({ message, showAvatar: !(isCell && previousWasCell && icon === previousIcon) })
    previousIcon = icon
    previousWasCell = isCell
  }
  return { rows, tail: { cell: previousWasCell, icon: previousIcon } }
}
