import { useMemo } from 'react'
import { useRouter } from '@tarojs/taro'
import { useAppStores } from '../../../../app/stores'
import { STORAGE_KEYS } from '../../../../domain/storageKeys'
import { sessionStore } from '../../../../platform/sessionStorage'
import { LessonPayScreen, lessonPayRouteFromParams } from '../../../../features/purchase'
import { useRouteTitle } from '../../../../features/routing'

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
        // a bare /lessonPay reopens this tab's lesson (spec 000 §3's session key), else the browser's last
        { courseData: sessionStore.get(STORAGE_KEYS.lessonRqId) ?? storage.get(STORAGE_KEYS.courseData), inviterWmid: storage.get(STORAGE_KEYS.inviterWmid) },
      ),
    [type, data, courseData, payType, inviterWmid, storage],
  )
  return <LessonPayScreen route={route} />
}
