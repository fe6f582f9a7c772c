import { useMemo, useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react'
import { lessonLinkFromParams } from '../../domain/lessonLink'
import { useLessonShare } from '../../features/access/useLessonShare'
import { LessonScreen } from '../../features/lesson/LessonScreen'
import { taroStorage } from '../../platform/storage'
import { rootStore } from '../../stores'

/** The page owns the lesson store so its share hooks (onShareAppMessage / onShareTimeline) can read it. */
export default observer(function LessonPage() {
  const { params } = useRouter()
  const { courseData, data, isPayLesson } = params
  const link = useMemo(
    () => lessonLinkFromParams({ courseData, data, isPayLesson }, taroStorage.get('courseData')),
    [courseData, data, isPayLesson],
  )
  const [store] = useState(() => rootStore.createLessonStore())
  useLessonShare(store)
  return <LessonScreen link={link} store={store} />
})
