/**
 * The chat row's frame: avatar, nickname and send time around the message body (spec 000 §2).
 * H5 draws it from Taro elements (messageFrame.h5.tsx; Taro's H5 build takes a `.h5` file only of
 * the same extension, so both are .tsx). The mini-program draws it from one node,
 * MESSAGE_FRAME_NODE, whose template (messageFrameTemplate.ts, added to base.wxml by
 * config/miniTemplates.ts) holds the frame's markup: a row goes over WeChat's bridge as its four
 * values and its body, not as nine nodes with their classes (issue 36 item 4).
 */
import { createElement } from 'react'
import { MESSAGE_FRAME_NODE } from './messageFrameTemplate'
import type { MessageFrameProps } from './messageFrameTypes'

export function MessageFrame({ rowId, rowClass, msgId, avatar, nickname, time, showAvatar, children }: MessageFrameProps) {
  const values = showAvatar ? { a: avatar, n: nickname, s: true } : {}
  return createElement(MESSAGE_FRAME_NODE, { id: rowId, className: rowClass, 'data-msg-id': msgId, t: time || undefined, ...values }, children)
}
