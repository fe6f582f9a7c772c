import type { ViewProps } from '@tarojs/components'

/** The text, shown as text (never HTML), and the bubble's touch and tap handlers. */
export interface TextBubbleProps extends Pick<ViewProps, 'onTouchStart' | 'onTouchMove' | 'onTouchEnd' | 'onTouchCancel' | 'onClick'> {
  text: string
}
