import { Fragment, useEffect, useRef, type ReactNode } from 'react'
import Taro, { usePageScroll, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { Button, Text, View } from '../platform/components/basic'
import { t } from '../locales'
import { platformPageScroll } from '../platform/pageScroll'
import { pressable } from './a11y'
import { cx } from './classNames'
import { StateView } from './StateView'
import { WindowedItems, type RowWindowHandle, type WindowedRow } from './WindowedItems'
import './PagedList.scss'

/** Extra classes for the parts of the list, beside the kit's own `ui-paged-list__*` names. */
export interface PagedListClassNames {
  /** the block holding the items */
  items?: string
  /** the footer, in each of its states */
  footer?: string
  footerLoading?: string
  footerEnd?: string
  footerError?: string
}

export interface PagedListProps<T> {
  items: readonly T[]
  /** `row`: given by a windowed list, its id and class go on the item's root (`WindowedItems`) */
  renderItem: (item: T, index: number, row?: WindowedRow) => ReactNode
  keyOf: (item: T, index: number) => string | number
  /**
   * How near the page bottom, in px, the next page loads (spec: 20 for lessons, 5 for the old
   * viewers, 10 for money lists). The list scrolls with the page, and Taro calls reach-bottom
   * within the page config's `onReachBottomDistance` on both builds: the page's `index.config.ts`
   * says this distance (development builds warn when it says less), or `pageDistance` does.
   */
  threshold: number
  /**
   * The page config's `onReachBottomDistance` when it is larger than `threshold` (one page serving
   * two viewers): inside that band the list measures the page's distance on each scroll and loads
   * at `threshold`. Default: `threshold`.
   */
  pageDistance?: number
  /** the first page is loading (nothing shown yet) */
  loading?: boolean
  /** a later page is loading below the items */
  loadingMore?: boolean
  /** no page after the shown ones */
  end: boolean
  /** the first page failed: its message; the whole list is an error state with a retry */
  error?: string
  /** a later page failed: its message ('' for a generic one); the items stay, the footer retries */
  pageError?: string
  /** loads the next page (the first when nothing is shown); also every retry */
  onLoadMore: () => void
  /**
   * Pull-down refresh; the page's spinner stops when this settles (a rejection too: show its
   * message yourself). Needs `enablePullDownRefresh: true` in the page config: Taro's native
   * pull-down in the mini-program, its `taro-pull-to-refresh-core` wrapper on H5.
   */
  onRefresh?: () => Promise<unknown>
  /** default 'Nothing here yet' */
  emptyText?: string
  /** the footer at the end; default 'No more' */
  endText?: string
  /** default 'Loading…' */
  loadingText?: string
  /** default 'Loading more…' */
  loadingMoreText?: string
  /** the title of the first-page error state; default 'Failed to load' */
  errorText?: string
  /** default 'Retry' */
  retryText?: string
  className?: string
  classNames?: PagedListClassNames
  /**
   * For lists that grow long (thousands of rows): only the rows near the screen are mounted
   * (`WindowedItems`); `estimatedHeight` is a row's height in CSS px before it is measured, and
   * `handle` lets the owner bring a row into view.
   */
  windowed?: { estimatedHeight: number; handle?: RowWindowHandle }
}

/**
 * A list that loads page after page as the reader nears the bottom of the PAGE, with pull-down
 * refresh, loading/empty/error states and a footer (loading more, a failed page with retry, the
 * end). Items render inline in the page, so page scrolling (Taro's `useReachBottom`,
 * `pageScrollTo`) works as on any page; one paged list per page is showing at a time.
 * A `ScrollView` list is deliberately not offered: its refresher is mini-program only.
 *
 * Presentational: the state comes in as props; `Pager` (./pager) is a ready model for it.
 */
export function PagedList<T>(props: PagedListProps<T>) {
  const { items, renderItem, keyOf, threshold, loading = false, loadingMore = false, end, error, pageError, onLoadMore, onRefresh } = props
  const { className, classNames = {} } = props
  const band = Math.max(threshold, props.pageDistance ?? threshold)

  // Taro calls reach-bottom inside the page config's distance (the band). A threshold as large
  // loads at once; a smaller one measures the page's own distance on each scroll inside the band.
  const inBand = useRef(false)
  const canLoad = !loading && !loadingMore && !end && error === undefined
  const measure = (): void => {
    void platformPageScroll.distanceToBottom().then((distance) => {
      if (!inBand.current) return
      if (distance !== undefined && distance > band) inBand.current = false
      else if (canLoad && (distance === undefined || distance <= threshold)) {
        inBand.current = false
        onLoadMore()
      }
    })
  }
  useReachBottom(() => {
    if (threshold >= band) {
      if (canLoad) onLoadMore()
      return
    }
    inBand.current = true
    measure()
  })
  usePageScroll(() => {
    if (inBand.current) measure()
  })

  usePullDownRefresh(() => {
    const stop = () => void Taro.stopPullDownRefresh()
    if (onRefresh) onRefresh().then(stop, stop)
    else stop()
  })

  const refreshable = onRefresh !== undefined
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production') warnOnPageConfig(band, refreshable)
  }, [band, refreshable])

  const shown = items.length > 0
  let body: ReactNode
  if (!shown && error !== undefined) {
    body = (
      <StateView
        kind='error'
        title={props.errorText ?? t('ui.list.error')}
        detail={error}
        actionText={props.retryText ?? t('ui.retry')}
        onAction={onLoadMore}
      />
    )
  } else if (!shown && loading) {
    body = <StateView kind='loading' title={props.loadingText ?? t('ui.list.loading')} />
  } else if (!shown && end) {
    body = <StateView kind='empty' title={props.emptyText ?? t('ui.list.empty')} />
  } else {
    const footer = (state: 'loading' | 'end' | 'error', extra: string | undefined) =>
      cx('ui-paged-list__footer', `ui-paged-list__footer--${state}`, classNames.footer, extra)
    const itemsClass = cx('ui-paged-list__items', classNames.items)
    body = (
      <>
        {props.windowed ? (
          <WindowedItems
            className={itemsClass}
            items={items}
            keyOf={keyOf}
            renderItem={renderItem}
            estimatedHeight={props.windowed.estimatedHeight}
            handle={props.windowed.handle}
          />
        ) : (
          <View className={itemsClass}>
            {items.map((item, index) => (
              <Fragment key={keyOf(item, index)}>{renderItem(item, index)}</Fragment>
            ))}
          </View>
        )}
        {/* one live region, always present, so screen readers hear 'loading more' and the end */}
        <View className='ui-paged-list__status' role='status'>
          {pageError === undefined && loadingMore ? (
            <View className={footer('loading', classNames.footerLoading)}>
              <View className='ui-paged-list__spinner' />
              <Text>{props.loadingMoreText ?? t('ui.list.loadingMore')}</Text>
            </View>
          ) : null}
          {pageError === undefined && !loadingMore && end ? (
            <View className={footer('end', classNames.footerEnd)}>
              <Text>{props.endText ?? t('ui.list.end')}</Text>
            </View>
          ) : null}
        </View>
        {pageError !== undefined ? (
          <View className={footer('error', classNames.footerError)} role='alert'>
            <Text>{pageError || t('ui.list.error')}</Text>
            <Button className='ui-paged-list__retry' {...pressable(onLoadMore)}>
              {props.retryText ?? t('ui.retry')}
            </Button>
          </View>
        ) : null}
      </>
    )
  }
  return <View className={cx('ui-paged-list', className)}>{body}</View>
}

/** The page config is where Taro reads the reach-bottom distance and the pull-down switch. */
function warnOnPageConfig(distance: number, refreshable: boolean): void {
  const config = Taro.getCurrentInstance().page?.config
  if (!config) return
  if (config.onReachBottomDistance !== distance) {
    console.warn(
      `PagedList: threshold ${distance} px, but the page config's onReachBottomDistance is ${config.onReachBottomDistance ?? 'unset (Taro uses 50)'}`,
    )
  }
  if (refreshable && config.enablePullDownRefresh !== true) {
    console.warn('PagedList: onRefresh is given, but the page config does not set enablePullDownRefresh: true')
  }
}
