import { useCallback, useEffect, useState } from 'react'
import Taro, { usePageScroll } from '@tarojs/taro'
import { View } from '../../platform/components/basic'
import { observer } from 'mobx-react-lite'
import type { ReviewLinkProblem } from '../../domain/reviewLink'
import { t } from '../../locales'
import '../../locales/packages/review'
import { PagedList } from '../../ui/PagedList'
import { StateView } from '../../ui/StateView'
import { RowWindowHandle } from '../../ui/WindowedItems'
import { LessonAudio } from '../player'
import { GalleryScope, loadedImages } from './gallery/LessonGallery'
import { MessageRow } from './MessageRow'
import type { ReviewStore } from './ReviewStore'
import './lesson.scss'

/** spec 000 §9: the old viewers load more within 5 px of the bottom; their page config says the same */
export const REVIEW_REACH_BOTTOM_PX = 5
/** A short text row at 375 px, in CSS px: the height a row has in the list until it is measured. */
const ROW_ESTIMATE_PX = 90

export type ReviewScreenProps =
  /** the viewer's store, one per link, kept for the app's life (the routes are kept alive) */
  | { store: ReviewStore; problem?: undefined }
  /** the link cannot be read: why */
  | { store?: undefined; problem: ReviewLinkProblem }

/**
 * The admin and complaint viewers (spec 000 §2 "Older lesson and admin viewers"): the lesson
 * viewer's rows, cells, gallery and voice player over the admin or complaint list, 10 a page.
 * A link without a usable token, or one the server refuses, says so instead of an empty list.
 * Kept alive (spec 001 §2): shown again, it keeps its list and goes back to where it was scrolled.
 */
export const ReviewScreen = observer(function ReviewScreen(props: ReviewScreenProps) {
  if (props.problem !== undefined) {
    return <StateView kind='error' title={t('review.badLink')} detail={t(props.problem)} />
  }
  return <ReviewList store={props.store} />
})

const ReviewList = observer(function ReviewList({ store }: { store: ReviewStore }) {
  const [rows] = useState(() => new RowWindowHandle())
  const reveal = useCallback(
    (msgId: string) => rows.reveal(store.displayed.findIndex((row) => row.message.msgId === msgId)),
    [rows, store],
  )

  useEffect(() => {
    if (store.status === 'ready' && store.scrollTop > 0) void Taro.pageScrollTo({ scrollTop: store.scrollTop, duration: 0 })
    void store.start()
    // once per store: a kept-alive store shown again goes back to its place
  }, [store])

  usePageScroll(({ scrollTop }) => {
    store.scrollTop = scrollTop
  })

  switch (store.status) {
    case 'loading':
      return <StateView kind='loading' title={t('common.loading')} />
    case 'refused':
      return <StateView kind='error' title={t('review.refused')} detail={t('review.refusedHint')} />
    case 'error':
      return (
        <StateView kind='error' title={t('review.loadError')} detail={store.errorMessage} actionText={t('common.retry')} onAction={() => void store.retry()} />
      )
    case 'ready':
      break
  }

  return (
    <GalleryScope source={() => ({ pictures: () => null, loadedImages: () => loadedImages(store.messages) })}>
      <View className='lesson'>
        <PagedList
          items={store.displayed}
          keyOf={({ message }) => `${message.id}-${message.msgId}`}
          renderItem={({ message, showAvatar }, _index, row) => <MessageRow message={message} showAvatar={showAvatar} rowId={row?.id} rowClass={row?.className} />}
          windowed={{ estimatedHeight: ROW_ESTIMATE_PX, handle: rows }}
          threshold={REVIEW_REACH_BOTTOM_PX}
          loadingMore={store.loadingMore}
          end={store.loadEnd}
          pageError={store.pageError}
          onLoadMore={() => void store.loadMore()}
          emptyText={t('review.empty')}
          loadingMoreText={t('lesson.loadingMore')}
          endText={t('review.footer')}
          classNames={{ items: 'lesson__list', footer: 'lesson-footer', footerEnd: 'lesson-footer--end', footerError: 'lesson-footer--error' }}
        />
        <LessonAudio lesson={store} link={{ kind: 'legacy', data: store.link.data }} reveal={reveal} />
      </View>
    </GalleryScope>
  )
})
