import { useEffect } from 'react'
import { useShareAppMessage, useShareTimeline } from '@tarojs/taro'
import { toPageUrl } from '../../domain/routes'
import { t } from '../../locales'
import { useAppStores } from '../../app/stores'
import type { LessonStore } from './LessonStore'

/**
 * Sharing a lesson (spec 000 §2, 001 §7): title, "exported from the app", cover and link. The
 * mini-program answers onShareAppMessage / onShareTimeline with the viewer's page path; in WeChat's
 * browser the JS-SDK gets the same content with the lesson's share link (its own URL without one).
 */
export function useLessonShare(store: LessonStore): void {
  const { share } = useAppStores()
  const title = store.title
  const imageUrl = store.info?.coursePic ?? ''
  const shareUrl = store.info?.shareUrl ?? ''
  const courseData = store.courseData

  useShareAppMessage(() => ({
    title,
    imageUrl: imageUrl || undefined,
    path: courseData ? toPageUrl('Lesson', { courseData }) : undefined,
  }))
  useShareTimeline(() => ({
    title,
    imageUrl: imageUrl || undefined,
    query: courseData ? `courseData=${encodeURIComponent(courseData)}` : undefined,
  }))

  useEffect(() => {
    if (!title) return
    const link = shareUrl || (typeof window !== 'undefined' ? window.location.href.split('#')[0] : '')
    void share.setShareContent({ title, desc: t('share.desc'), imageUrl, link })
  }, [share, title, imageUrl, shareUrl])
}
