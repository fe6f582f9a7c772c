import { useMemo } from 'react'
import { useRouter } from '@tarojs/taro'
import { LessonPayScreen } from '../../features/purchase/LessonPayScreen'
import { lessonPayRouteFromParams } from '../../features/purchase/lessonPayRoute'
import { useRouteTitle } from '../../features/routing/pageTitle'
import { taroStorage } from '../../platform/storage'
import { COURSE_DATA_STORAGE_KEY, INVITER_STORAGE_KEY } from '../../stores/purchase'

/** /lessonPay and its variants (spec 001 §2); the screen sets the course name as title once loaded. */
export default function LessonPayPage() {
  useRouteTitle('LessonPay')
  const { params } = useRouter()
  const { type, data, courseData, payType, inviterWmid } = params
  const route = useMemo(
    () =>
      lessonPayRouteFromParams(
        { type, data, courseData, payType, inviterWmid },
        { courseData: taroStorage.get(COURSE_DATA_STORAGE_KEY), inviterWmid: taroStorage.get(INVITER_STORAGE_KEY) },
      ),
    [type, data, courseData, payType, inviterWmid],
  )
  return <LessonPayScreen route={route} />
}
