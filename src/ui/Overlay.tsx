import type { ReactNode } from 'react'
import { View } from '../platform/components/basic'
import { cx } from './classNames'
import './Overlay.scss'

export interface OverlayProps {
  /** extra classes on the full-screen layer (a screen's own mask class stays on it) */
  className?: string
  /** a tap on the dim area around the content; without it such a tap does nothing */
  onMaskPress?: () => void
  /**
   * The page under the overlay cannot scroll (default). In the mini-program this catches touchmove
   * on the whole layer, which also stops a ScrollView inside the content: pass false when the
   * content has its own ScrollView (H5 keeps nested scroll views scrolling either way).
   */
  lockScroll?: boolean
  children?: ReactNode
}

/**
 * A full-screen layer over the page: a dim mask and the content centred on it. It takes every tap
 * and, by default, every drag, so nothing under it reacts. Give the content its role (a dialog is
 * `Dialog`; a busy notice is a `role='status'` text).
 */
export function Overlay({ className, onMaskPress, lockScroll = true, children }: OverlayProps) {
  return (
    <View className={cx('ui-overlay', className)} catchMove={lockScroll}>
      <View className='ui-overlay__mask' onClick={onMaskPress} />
      <View className='ui-overlay__content'>{children}</View>
    </View>
  )
}
