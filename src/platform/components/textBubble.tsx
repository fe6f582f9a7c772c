/**
 * A text message's bubble: its text, selectable, and the cell's touch and tap handlers (the long
 * press menu). H5 draws it from Taro elements (textBubble.h5.tsx, of the same extension as this
 * file, as Taro's H5 build needs). The mini-program draws it from
 * one node, TEXT_BUBBLE_NODE, carrying the text as `x`, whose template (messageFrameTemplate.ts)
 * holds the markup: the bubble goes over WeChat's bridge as its text, not as three nodes with
 * their classes (issue 36 item 4).
 */
import { createElement } from 'react'
import { TEXT_BUBBLE_NODE } from './messageFrameTemplate'
import type { TextBubbleProps } from './textBubbleTypes'

export function TextBubble({ text, ...handlers }: TextBubbleProps) {
  return createElement(TEXT_BUBBLE_NODE, { x: text, ...handlers })
}
