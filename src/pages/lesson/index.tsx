import { useMemo, useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useAppStores } from '../../app/stores'
import { lessonLinkFromParams } from '../../domain/lessonLink'
import { STORAGE_KEYS } from '../../domain/storageKeys'
import { LessonScreen, useLessonShare } from '../../features/lesson'

/** The page owns the lesson store so its share hooks (onShareAppMessage / onShareTimeline) can read it. */
export default observer(function LessonPage() {
  const { params } = useRouter()
  const { courseData, data } = params
  const { storage, createLessonStore } = useAppStores()
  const link = useMemo(
    () => lessonLinkFromParams({ courseData, data }, storage.get(STORAGE_KEYS.courseData)),
    [courseData, data, storage],
  )
  const [store] = useState(createLessonStore)
  useLessonShare(store)
  return <LessonScreen link={link} store={store} />
})
