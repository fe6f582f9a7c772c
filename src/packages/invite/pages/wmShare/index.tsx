import { useMemo } from 'react'
import { useRouter } from '@tarojs/taro'
import { readWmShareQuery } from '../../../../domain/invite'
import { WmShareScreen } from '../../../../features/invite'
import { useRouteTitle } from '../../../../features/routing'

/** /wmShare?pwd=&name= (spec 001 §2), both URL-encoded. */
export default function WmSharePage() {
  useRouteTitle('WmShare')
  const { params } = useRouter()
  const { pwd, name } = params
  const query = useMemo(() => readWmShareQuery({ pwd, name }), [pwd, name])
  return <WmShareScreen query={query} />
}
