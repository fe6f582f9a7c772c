import { useMemo } from 'react'
import { useRouter } from '@tarojs/taro'
import { CircleDetailScreen, readCircleParam } from '../../../../features/circle'
import { useRouteTitle } from '../../../../features/routing'

/** /groupSpaceDetail (spec 000 §2 "Circle post detail"): the post travels in the `data` parameter. */
export default function GroupSpaceDetailPage() {
  useRouteTitle('GroupSpaceDetail')
  const { params } = useRouter()
  const detail = useMemo(() => readCircleParam(params.data), [params.data])
  return <CircleDetailScreen detail={detail} />
}
