import { useCallback, useEffect } from 'react'
import Taro, { useReachBottom } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react'
import { formatCreationDate } from '../../domain/format'
import type { LessonLink } from '../../domain/lessonLink'
import { toPageUrl } from '../../domain/routes'
import { t } from '../../locales'
import type { LessonHandle } from '../../api/lesson'
import { StateView } from '../../ui/StateView'
import { OpenInBrowser, PasswordLock } from '../access'
import { LessonAudio } from '../player'
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

function handleOf(link: LessonLink): LessonHandle {
  return link.kind === 'v2' ? { kind: 'v2', courseData: link.courseData } : { kind: 'legacy', data: link.data }
}

function ListFooter({ store }: { store: LessonStore }) {
  if (store.pageError) {
    return (
      <View className='lesson-footer lesson-footer--error' onClick={() => void store.loadMore()}>
        <Text>{store.errorMessage}</Text>
        <Text className='lesson-footer__retry'>{t('common.retry')}</Text>
      </View>
    )
  }
  if (store.loadingMore) {
    return (
      <View className='lesson-footer'>
        <View className='lesson-footer__spinner' />
        <Text>{t('lesson.loadingMore')}</Text>
      </View>
    )
  }
  if (store.loadEnd) {
    return (
      <View className='lesson-footer lesson-footer--end'>
        <Text>{t('lesson.footer')}</Text>
      </View>
    )
  }
  return null
}

/** The lesson viewer (spec 000 §2 "Lesson viewer"): creation date, paged message list, footer. */
export const LessonScreen = observer(function LessonScreen({ link, store }: LessonScreenProps) {

  const reload = useCallback(() => {
    if (link) void store.open(handleOf(link))
  }, [link, store])

  useEffect(reload, [reload])

  useEffect(() => {
    if (store.title) void Taro.setNavigationBarTitle({ title: store.title })
  }, [store.title])

  useEffect(() => {
    if (store.status === 'illegal') void Taro.redirectTo({ url: toPageUrl('Illegal') })
    if (store.status === 'mustPay' && store.courseData) {
      void Taro.redirectTo({ url: toPageUrl('LessonPay', { type: 'share', courseData: store.courseData, payType: 1 }) })
    }
    const share = store.status === 'toShareUrl' ? store.shareTarget : undefined
    if (share) void Taro.redirectTo({ url: toPageUrl(share.route.name, share.params) })
  }, [store.status, store.courseData, store.shareTarget])

  useReachBottom(() => {
    if (store.status === 'ready') void store.loadMore()
  })

  if (!link) return <StateView kind='error' title={t('lesson.badLink')} />

  switch (store.status) {
    case 'idle':
    case 'loading':
    case 'illegal':
    case 'mustPay':
    case 'toShareUrl':
      return <StateView kind='loading' title={t('common.loading')} />
    case 'notFound':
      return <StateView kind='empty' title={t('lesson.notExist')} detail={t('lesson.notExistHint')} />
    case 'locked':
      return <PasswordLock unlocking={store.visit.unlocking} rejected={store.visit.passwordRejected} onUnlock={(p) => void store.unlock(p)} />
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
  return (
    <LessonGallery store={store}>
      <View className='lesson'>
        {created ? <View className='lesson__created'>{t('lesson.createdAt', { date: created })}</View> : null}
        {store.displayed.length === 0 && store.loadEnd ? (
          <StateView kind='empty' title={t('lesson.empty')} />
        ) : (
          <View className='lesson__list'>
            {store.displayed.map(({ message, showAvatar }) => (
              <MessageRow key={`${message.id}-${message.msgId}`} message={message} showAvatar={showAvatar} />
            ))}
          </View>
        )}
        <ListFooter store={store} />
        <LessonAccessExtras store={store} />
        <LessonAudio lesson={store} link={link} />
      </View>
    </LessonGallery>
  )
})
