import { useRouter } from '@tarojs/taro'
import { ReviewPage } from '../../../../features/lesson'
import { useRouteTitle } from '../../../../features/routing'

/** /lessonComplain/{data} (spec 000 §2, §6): the lesson read with the token, userid and lesson the route's `data` carries. */
export default function LessonComplainPage() {
  useRouteTitle('LessonComplain')
  const { params } = useRouter()
  return <ReviewPage kind='complaint' data={params.data} />
}
