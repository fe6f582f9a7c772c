import { useMemo } from 'react'
import { useRouter } from '@tarojs/taro'
import { useAppStores } from '../../app/stores'
import { STORAGE_KEYS } from '../../domain/storageKeys'
import { LessonPayScreen, lessonPayRouteFromParams } from '../../features/purchase'
import { useRouteTitle } from '../../features/routing'

/** /lessonPay and its variants (spec 001 §2); the screen sets the course name as title once loaded. */
export default function LessonPayPage() {
  useRouteTitle('LessonPay')
  const { params } = useRouter()
  const { type, data, courseData, payType, inviterWmid } = params
  const { storage } = useAppStores()
  const route = useMemo(
    () =>
      lessonPayRouteFromParams(
        { type, data, courseData, payType, inviterWmid },
        { courseData: storage.get(STORAGE_KEYS.courseData), inviterWmid: storage.get(STORAGE_KEYS.inviterWmid) },
      ),
    [type, data, courseData, payType, inviterWmid, storage],
  )
  return <LessonPayScreen route={route} />
}
