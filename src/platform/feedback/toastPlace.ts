/**
 * Where the H5 toast goes (issue 30 item 12): at the top of the screen, or at its bottom when the
 * top would cover what the toast is about (an open dialog, the field to fix). Toasts used to sit
 * mid-screen, on top of the dialog or the field they spoke of. Pure: the DOM is read by index.h5.ts.
 */

/** A vertical span of the screen, in CSS px from the top of the viewport. */
export interface Span {
  top: number
  bottom: number
}

export type ToastEdge = 'top' | 'bottom'

function overlap(a: Span, b: Span): number {
  return Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top))
}

/**
 * The edge whose span covers the least of `avoid`: the top when it covers nothing (it stays clear
 * of the keyboard, which rises from the bottom while a field is focused), else the bottom when that
 * covers less.
 */
export function toastEdge(avoid: readonly Span[], atTop: Span, atBottom: Span): ToastEdge {
  const covered = (span: Span): number => avoid.reduce((sum, box) => sum + overlap(span, box), 0)
  const top = covered(atTop)
  if (top === 0) return 'top'
  return covered(atBottom) < top ? 'bottom' : 'top'
}
