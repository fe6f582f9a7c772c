import { useMemo, useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { readPayGroupQuery } from '../../../../domain/invite'
import { PayGroupScreen } from '../../../../features/invite'
import { useRouteTitle } from '../../../../features/routing'
import { useInviteStores } from '../../stores'

/** /pay4group?gid=&wmid=&password= (+ paySuccess, tradeNo on the way back; spec 001 §2): the paid group. */
export default function Pay4groupPage() {
  useRouteTitle('Pay4group')
  const { params } = useRouter()
  const { createPayGroupStore } = useInviteStores()
  const [store] = useState(createPayGroupStore)
  const { gid, wmid, password, paySuccess, tradeNo } = params
  const query = useMemo(() => readPayGroupQuery({ gid, wmid, password, paySuccess, tradeNo }), [gid, wmid, password, paySuccess, tradeNo])
  return <PayGroupScreen query={query} store={store} />
}
