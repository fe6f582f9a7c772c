import { useMemo } from 'react'
import { useRouter } from '@tarojs/taro'
import { lessonLinkFromParams } from '../../domain/lessonLink'
import { LessonScreen } from '../../features/lesson/LessonScreen'
import { taroStorage } from '../../platform/storage'

export default function LessonPage() {
  const { params } = useRouter()
  const { courseData, data, isPayLesson } = params
  const link = useMemo(
    () => lessonLinkFromParams({ courseData, data, isPayLesson }, taroStorage.get('courseData')),
    [courseData, data, isPayLesson],
  )
  return <LessonScreen link={link} />
}
