/**
 * Which rows of a long list to mount (pure: no Taro, no React). The list scrolls with the page;
 * rows outside the mounted range are replaced by two spacers of their heights, so the page keeps
 * its full height and scroll position. A row's height is its measured one once it has been
 * mounted, the estimate before.
 */

export interface RowRange {
  /** first mounted row */
  start: number
  /** one past the last mounted row */
  end: number
  /** height of the rows before `start`: the top spacer */
  before: number
  /** height of the rows from `end` on: the bottom spacer */
  after: number
}

export interface WindowRequest {
  count: number
  /** the row's height in px (measured, or the estimate) */
  heightOf: (index: number) => number
  /** the visible band in list coordinates (px from the list's top); `to` >= `from` */
  from: number
  to: number
  /** px mounted beyond each edge of the visible band */
  overscan: number
  /** at most this many rows are mounted, whatever the heights say */
  maxRows: number
}

const finite = (n: number): number => (Number.isFinite(n) ? n : 0)

/**
 * The rows covering `from - overscan` .. `to + overscan`, at most `maxRows` of them (counted from
 * the top of that band). A list of at most `maxRows` rows is mounted whole.
 */
export function rowRange({ count, heightOf, from, to, overscan, maxRows }: WindowRequest): RowRange {
  const n = Math.max(0, Math.floor(finite(count)))
  const top = finite(from) - Math.max(0, finite(overscan))
  const bottom = Math.max(finite(to), finite(from)) + Math.max(0, finite(overscan))
  const cap = Math.max(1, Math.floor(finite(maxRows)))
  if (n <= cap) return { start: 0, end: n, before: 0, after: 0 }
  let offset = 0
  let start = n
  let before = 0
  for (let i = 0; i < n; i++) {
    const height = Math.max(0, finite(heightOf(i)))
    if (offset + height > top || i === n - 1) {
      start = i
      before = offset
      break
    }
    offset += height
  }
  let end = start
  let span = before
  while (end < n && end - start < cap && (end === start || span < bottom)) {
    span += Math.max(0, finite(heightOf(end)))
    end += 1
  }
  let after = 0
  for (let i = end; i < n; i++) after += Math.max(0, finite(heightOf(i)))
  return { start, end, before, after }
}

/** Px from the list's top to the top of row `index` (the list's height for `index` >= count). */
export function offsetOf(count: number, heightOf: (index: number) => number, index: number): number {
  let offset = 0
  const last = Math.min(Math.max(0, Math.floor(finite(count))), Math.max(0, Math.floor(finite(index))))
  for (let i = 0; i < last; i++) offset += Math.max(0, finite(heightOf(i)))
  return offset
}

/**
 * The mounted rows still serve the visible band when the band, widened by `margin`, lies inside
 * them (or they reach the list's edge on that side). Keeping the range then means scrolling
 * re-renders every few hundred px, not on every scroll event.
 */
export function rangeCovers(
  mounted: { start: number; end: number; count: number; top: number; bottom: number },
  from: number,
  to: number,
  margin: number,
): boolean {
  const topOk = mounted.start === 0 || mounted.top <= from - margin
  const bottomOk = mounted.end >= mounted.count || mounted.bottom >= to + margin
  return topOk && bottomOk
}
