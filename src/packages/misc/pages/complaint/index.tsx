import { useRouter } from '@tarojs/taro'
import { ReviewPage } from '../../../../features/lesson'
import { useRouteTitle } from '../../../../features/routing'

/** /complaint?data=… (spec 000 §2 "a complaint-message list variant"): the complaint list, the link in the query. */
export default function ComplaintPage() {
  useRouteTitle('Complaint')
  const { params } = useRouter()
  return <ReviewPage kind='complaint' data={params.data} />
}
