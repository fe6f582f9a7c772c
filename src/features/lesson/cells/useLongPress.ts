import { useEffect, useRef } from 'react'
import type { CommonEvent } from '@tarojs/components'

/** Spec 000 §9: a 500 ms press on an image opens the save menu; text menus use the same delay. */
export const LONG_PRESS_MS = 500
/** A finger that drifts further than this (design px ≈ device px) is scrolling, not pressing. */
const MOVE_TOLERANCE = 10

interface Point {
  clientX: number
  clientY: number
}

/** View's touch handlers are typed as common events; the touches are there at run time. */
function firstTouch(event: CommonEvent): Point | undefined {
  const { touches } = event as CommonEvent & { touches?: ArrayLike<Point> }
  return touches?.[0]
}

export interface PressHandlers {
  onTouchStart: (event: CommonEvent) => void
  onTouchMove: (event: CommonEvent) => void
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
      const touch = firstTouch(event)
      start.current = touch ? { x: touch.clientX, y: touch.clientY } : null
      timer.current = setTimeout(() => {
        timer.current = null
        fired.current = true
        latest.current.onLongPress()
      }, LONG_PRESS_MS)
    },
    onTouchMove(event) {
      const touch = firstTouch(event)
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
