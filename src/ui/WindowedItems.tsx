import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react'
import Taro, { usePageScroll } from '@tarojs/taro'
import { View } from '../platform/components/basic'
import { offsetOf, rangeCovers, rowRange } from './rowWindow'
import { platformEnv } from '../platform/env'
import { firstScreen } from '../platform/firstScreen'
import { layout } from '../platform/layout'

/** Px mounted beyond each edge of the screen. */
const OVERSCAN_PX = 700
/**
 * The mounted rows are kept until the screen comes this close to their edge: so a row within
 * 500 px of the screen is always mounted (the lesson's back-to-playing button measures that far).
 */
const KEEP_MARGIN_PX = 500
/** Whatever the heights, no more rows than this are mounted (about 3 screens of short rows). */
export const MAX_MOUNTED_ROWS = 50

let instances = 0

/**
 * Brings a row of a windowed list into the mounted range; the owner creates one and hands it to
 * the list. `reveal` scrolls the page to the row's place and resolves once the row is mounted
 * (false when the list is not showing or has no such row).
 */
export class RowWindowHandle {
  private target: ((index: number) => Promise<boolean>) | undefined = undefined

  reveal(index: number): Promise<boolean> {
    return this.target ? this.target(index) : Promise.resolve(false)
  }

  /** The list's side: the list registers its implementation while mounted. */
  bind(target: ((index: number) => Promise<boolean>) | undefined): void {
    this.target = target
  }
}

/** What a windowed list's row carries on its root element: the list finds and measures it by them. */
export interface WindowedRow {
  id: string
  className: string
}

export interface WindowedItemsProps<T> {
  items: readonly T[]
  /** the item's root element carries `row`'s id and class (no wrapper element is added) */
  renderItem: (item: T, index: number, row: WindowedRow) => ReactNode
  keyOf: (item: T, index: number) => string | number
  /** a row's height in CSS px until it has been mounted and measured */
  estimatedHeight: number
  className?: string
  handle?: RowWindowHandle
}

/**
 * The items of a long list that scrolls with the PAGE, with only the rows near the screen
 * mounted (at most MAX_MOUNTED_ROWS): the others are two spacers of their heights, so the page
 * keeps its length, its scroll position and its reach-bottom. Each mounted row is measured once
 * it is laid out and keeps that height when it leaves. Rows are keyed, so a row whose item did
 * not change is not re-rendered when a page is appended (give a memoised row component).
 */
export function WindowedItems<T>({ items, renderItem, keyOf, estimatedHeight, className, handle }: WindowedItemsProps<T>) {
  // short: the id of each row and its class go over the mini-program's bridge with every row
  const [listId] = useState(() => `uiw${++instances}`)
  const [, setTick] = useState(0)
  const heights = useRef(new Map<string | number, number>())
  /** the list's top in page coordinates (px from the page's top) */
  const listTop = useRef(0)
  const scrollTop = useRef(0)
  const viewport = useRef(platformEnv.windowHeight())
  const mountedRef = useRef({ start: 0, end: 0, count: 0, top: 0, bottom: 0 })
  const committed = useRef<Array<() => void>>([])
  // until the first rows are drawn, only one screen of them (platform/firstScreen screenRowsFirst)
  const [drawn, setDrawn] = useState(!firstScreen.screenRowsFirst)

  const heightOf = (index: number): number => heights.current.get(keyOf(items[index], index)) ?? estimatedHeight
  const band = (): { from: number; to: number } => {
    const from = scrollTop.current - listTop.current
    return { from, to: from + viewport.current }
  }

  const { from, to } = band()
  const range = drawn
    ? rowRange({ count: items.length, heightOf, from, to, overscan: OVERSCAN_PX, maxRows: MAX_MOUNTED_ROWS })
    : rowRange({ count: items.length, heightOf, from, to, overscan: 0, maxRows: Math.ceil(viewport.current / estimatedHeight) })
  let mountedBottom = range.before
  for (let i = range.start; i < range.end; i++) mountedBottom += heightOf(i)
  const mounted = { start: range.start, end: range.end, count: items.length, top: range.before, bottom: mountedBottom }

  useEffect(() => {
    mountedRef.current = mounted
    const done = committed.current.splice(0)
    measure()
    for (const resolve of done) resolve()
  })

  const someRows = items.length > 0
  useEffect(() => {
    // the rest of the rows once the first are drawn (Taro's nextTick: after the setData drawing them)
    if (!drawn && someRows) Taro.nextTick(() => setDrawn(true))
  }, [drawn, someRows])

  usePageScroll(({ scrollTop: top }) => {
    scrollTop.current = top
    const now = band()
    if (!rangeCovers(mountedRef.current, now.from, now.to, KEEP_MARGIN_PX)) setTick((n) => n + 1)
  })

  useEffect(() => {
    if (!handle) return undefined
    handle.bind(async (index) => {
      if (index < 0 || index >= items.length) return false
      const top = listTop.current + offsetOf(items.length, heightOf, index) - viewport.current / 3
      await Taro.pageScrollTo({ scrollTop: Math.max(0, top), duration: 0 })
      scrollTop.current = Math.max(0, top)
      await new Promise<void>((resolve) => {
        committed.current.push(resolve)
        setTick((n) => n + 1)
      })
      return true
    })
    return () => handle.bind(undefined)
  })

  /** Records the laid-out heights of the mounted rows and where the list starts on the page. */
  function measure(): void {
    const scrolledAt = scrollTop.current
    void layout.rects(`#${listId}`, `.${listId}-row`).then(({ one: list, all: rows }) => {
      if (list) listTop.current = list.top + scrolledAt
      const prefix = `${listId}-`
      for (const row of rows) {
        const index = Number(row.id.slice(prefix.length))
        // a row laid out at zero height (not displayed yet) tells nothing
        if (row.height > 0 && index < items.length) heights.current.set(keyOf(items[index], index), row.height)
      }
    })
  }

  const rows: ReactNode[] = []
  for (let i = range.start; i < range.end; i++) {
    const item = items[i]
    rows.push(
      <Fragment key={keyOf(item, i)}>{renderItem(item, i, { id: `${listId}-${i}`, className: `${listId}-row` })}</Fragment>,
    )
  }
  return (
    <View id={listId} className={className}>
      <Spacer height={range.before} />
      {rows}
      <Spacer height={range.after} />
    </View>
  )
}

/** The height of the rows not mounted on one side; an empty one carries no style. */
function Spacer({ height }: { height: number }) {
  return <View className='ui-windowed-spacer' style={height > 0 ? { height: `${height}px` } : undefined} />
}
