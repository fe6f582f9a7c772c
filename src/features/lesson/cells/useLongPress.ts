import { useEffect, useRef } from 'react'
import type { ITouchEvent } from '@tarojs/components'

/** Spec 000 §9: a 500 ms press on an image opens the save menu; text menus use the same delay. */
export const LONG_PRESS_MS = 500
/** A finger that drifts further than this (design px ≈ device px) is scrolling, not pressing. */
const MOVE_TOLERANCE = 10

export interface PressHandlers {
  onTouchStart: (event: ITouchEvent) => void
  onTouchMove: (event: ITouchEvent) => void
  onTouchEnd: () => void
  onTouchCancel: () => void
  onClick: () => void
}

/**
 * Tap and long press on one element, the same in both builds (the mini-program's own longpress
 * fires at 350 ms). A tap that ends a long press is swallowed.
 */
export function useLongPress(onLongPress: () => void, onTap?: () => void): PressHandlers {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const start = useRef<{ x: number; y: number } | null>(null)
  const fired = useRef(false)
  const latest = useRef({ onLongPress, onTap })
  latest.current = { onLongPress, onTap }

  const cancel = (): void => {
    if (timer.current !== null) clearTimeout(timer.current)
    timer.current = null
  }

  useEffect(() => cancel, [])

  return {
    onTouchStart(event) {
      cancel()
      fired.current = false
      const touch = event.touches?.[0]
      start.current = touch ? { x: touch.clientX, y: touch.clientY } : null
      timer.current = setTimeout(() => {
        timer.current = null
        fired.current = true
        latest.current.onLongPress()
      }, LONG_PRESS_MS)
    },
    onTouchMove(event) {
      const touch = event.touches?.[0]
      const from = start.current
      if (!touch || !from || Math.hypot(touch.clientX - from.x, touch.clientY - from.y) > MOVE_TOLERANCE) cancel()
    },
    onTouchEnd: cancel,
    onTouchCancel: cancel,
    onClick() {
      if (fired.current) {
        fired.current = false
        return
      }
      latest.current.onTap?.()
    },
  }
}
