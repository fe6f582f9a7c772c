import { useCallback, useEffect, useLayoutEffect, useState } from 'react'
import Taro from '@tarojs/taro'
import { View } from '../../platform/components/basic'
import { when } from 'mobx'
import { observer } from 'mobx-react-lite'
import { formatCreationDate } from '../../domain/format'
import { shareRewardFen } from '../../domain/lessonAccess'
import type { LessonLink } from '../../domain/lessonLink'
import { redirect } from '../../platform/navigation'
import { t } from '../../locales'
import { firstScreen } from '../../platform/firstScreen'
import { PagedList } from '../../ui/PagedList'
import { StateView } from '../../ui/StateView'
import { cx } from '../../ui/classNames'
import { OpenInBrowser, PasswordLock, ShareRewardTip } from '../access'
import { BackgroundPlay, LessonAudio, usePlayer } from '../player'
import { DownloadLesson } from '../offline'
import { RowWindowHandle } from '../../ui/WindowedItems'
import { LessonGallery } from './gallery/LessonGallery'
import { LessonAccessExtras } from './LessonAccessExtras'
import type { LessonStore } from './LessonStore'
import { MessageRow } from './MessageRow'
import './lesson.scss'

export interface LessonScreenProps {
  /** null when the link names no lesson: the screen says so instead of loading */
  link: LessonLink | null
  /** one per lesson shown: the page creates it (its share hooks read it too) */
  store: LessonStore
}

/** spec 000 §9: load more within 20 px of the page bottom (pages/lesson/index.config.ts says the same) */
const REACH_BOTTOM_PX = 20
/** spec 000 §9: the old viewers (`data` links) within 5 px; the list measures it inside the page's 20 */
const LEGACY_REACH_BOTTOM_PX = 5
/** A short text row at 375 px, in CSS px: the height a row has in the list until it is measured. */
const ROW_ESTIMATE_PX = 90
/**
 * How long the mini-program's first setData waits for the lesson (platform/firstScreen `hold`):
 * on a slower network the spinner shows then. Under 300 ms a wait reads as immediate; a spinner
 * shown for less only flashes.
 */
const FIRST_SETDATA_HOLD_MS = 300

/** The screen shows its spinner: the lesson is opening, or the page is on its way to another. */
function waits(store: LessonStore): boolean {
  switch (store.status) {
    case 'idle':
    case 'loading':
    case 'illegal':
    case 'toShareUrl':
      return true
    case 'mustPay':
      return store.payPage !== undefined
    default:
      return false
  }
}

function stateTitle(status: LessonStore['status']): string {
  if (status === 'notFound') return t('lesson.notExist')
  // while it loads the page is a lesson: never the HTML's default title (issue 30 item 11)
  return status === 'error' ? t('lesson.loadError') : t('route.lesson')
}

/** The lesson viewer (spec 000 §2 "Lesson viewer"): creation date, paged message list, footer. */
export const LessonScreen = observer(function LessonScreen({ link, store }: LessonScreenProps) {
  const player = usePlayer()
  // only the rows near the screen are mounted: locating a voice asks the list to mount its row
  const [rows] = useState(() => new RowWindowHandle())
  const revealVoice = useCallback(
    (msgId: string) => rows.reveal(store.displayed.findIndex((row) => row.message.msgId === msgId)),
    [rows, store],
  )

  const reload = useCallback(() => {
    if (link) void store.open(link)
  }, [link, store])

  useEffect(reload, [reload])

  // the course name once known; an error state names itself, so the page is never left untitled
  const title = link ? store.title || stateTitle(store.status) : t('lesson.badLink')
  useEffect(() => {
    if (title) void Taro.setNavigationBarTitle({ title })
  }, [title])

  useEffect(() => {
    if (store.status === 'illegal') redirect('Illegal')
    const target = store.status === 'mustPay' ? store.payPage : store.status === 'toShareUrl' ? store.shareTarget : undefined
    if (target) redirect(target.route.name, target.params)
  }, [store.status, store.payPage, store.shareTarget])

  // H5: the lesson's first screen, written by the server, stays above the spinner and goes in the
  // commit that draws what replaces it (before that frame is painted), or when the page closes.
  // Mini-program: the page's first setData waits for that commit up to FIRST_SETDATA_HOLD_MS, so a
  // lesson that arrives by then is drawn by it, with no spinner sent before it
  const waiting = link !== null && waits(store)
  useLayoutEffect(() => firstScreen.hold(FIRST_SETDATA_HOLD_MS), [])
  useLayoutEffect(() => {
    if (!waiting) firstScreen.dismiss()
  }, [waiting])
  useLayoutEffect(() => () => firstScreen.dismiss(), [])
  // a voice tapped on that first screen plays once the player has this list (LessonAudio hands it
  // over in an effect of its own, which may run after this one)
  const ready = !waiting && store.status === 'ready'
  useEffect(() => {
    const tapped = ready ? firstScreen.takeTap() : undefined
    return tapped ? when(() => player.viewedHasVoice, () => player.toggleVoice(tapped)) : undefined
  }, [ready, player])

  if (!link) return <StateView kind='error' title={t('lesson.badLink')} />
  if (waiting) return <StateView kind='loading' title={t('common.loading')} />

  switch (store.status) {
    case 'mustPay':
      // a lesson naming no pay page says so rather than spinning
      return <StateView kind='error' title={t('lesson.mustPay')} />
    case 'notFound':
      return <StateView kind='empty' title={t('lesson.notExist')} detail={t('lesson.notExistHint')} />
    case 'locked':
      return <PasswordLock unlocking={store.visit.unlocking} rejected={store.visit.passwordRejected} tooManyTries={store.visit.tooManyTries} onUnlock={(p) => void store.unlock(p)} />
    case 'openInBrowser':
      return (
        <OpenInBrowser
          canApply={store.access?.view === 'openInBrowser' && store.access.canApply}
          applied={store.visit.applied}
          applying={store.visit.applying}
          onApply={() => void store.apply()}
        />
      )
    case 'error':
      return (
        <StateView
          kind='error'
          title={t('lesson.loadError')}
          detail={store.errorMessage}
          actionText={t('common.retry')}
          onAction={reload}
        />
      )
    case 'ready':
      break
  }

  const created = store.info ? formatCreationDate(store.info.createTimestamp) : ''
  const reward = store.info ? shareRewardFen(store.info) : undefined
  // Nothing floating covers content: the rate button (shown while the list has voice) gets a
  // gutter of its own, the preview bar a bottom padding of its height, the reward tip and the
  // background-play button a place in the flow.
  const className = cx('lesson', player.viewedHasVoice && 'lesson--rail', store.preview && 'lesson--preview')
  return (
    <LessonGallery store={store}>
      <View className={className}>
        {created ? <View className='lesson__created'>{t('lesson.createdAt', { date: created })}</View> : null}
        <BackgroundPlay />
        {/* the mini-program keeps a whole lesson offline; a preview's reader may not download it */}
        {link?.kind === 'v2' && !store.preview ? <DownloadLesson courseData={link.courseData} /> : null}
        {reward !== undefined ? <ShareRewardTip fen={reward} /> : null}
        <PagedList
          items={store.displayed}
          keyOf={({ message }) => `${message.id}-${message.msgId}`}
          renderItem={({ message, showAvatar }, _index, row) => <MessageRow message={message} showAvatar={showAvatar} rowId={row?.id} rowClass={row?.className} />}
          windowed={{ estimatedHeight: ROW_ESTIMATE_PX, handle: rows }}
          threshold={link.kind === 'legacy' ? LEGACY_REACH_BOTTOM_PX : REACH_BOTTOM_PX}
          pageDistance={REACH_BOTTOM_PX}
          loadingMore={store.loadingMore}
          end={store.loadEnd}
          pageError={store.pageError ? store.errorMessage : undefined}
          onLoadMore={() => void store.loadMore()}
          emptyText={t('lesson.empty')}
          loadingMoreText={t('lesson.loadingMore')}
          endText={t('lesson.footer')}
          classNames={{ items: 'lesson__list', footer: 'lesson-footer', footerEnd: 'lesson-footer--end', footerError: 'lesson-footer--error' }}
        />
        <LessonAccessExtras store={store} />
        <LessonAudio lesson={store} link={link} reveal={revealVoice} />
      </View>
    </LessonGallery>
  )
})
