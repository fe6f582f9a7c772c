import { useRouter } from '@tarojs/taro'
import { ReviewPage } from '../../../../features/lesson'
import { useRouteTitle } from '../../../../features/routing'

/** /lessonAdmin/{data} (spec 000 §2, §6): the lesson read with the token, userid and lesson the route's `data` carries. */
export default function LessonAdminPage() {
  useRouteTitle('LessonAdmin')
  const { params } = useRouter()
  return <ReviewPage kind='admin' data={params.data} />
}
