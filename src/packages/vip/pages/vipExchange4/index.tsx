import { useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { toInteger } from '../../../../domain/coerce'
import { MAX_QUOTA } from '../../../../domain/vip'
import { VipBadLink, VipFriendScreen } from '../../../../features/vip'
import type { FriendStore } from '../../../../features/vip'
import { useRouteTitle } from '../../../../features/routing'
import { useCampaignLink, useOwnerLogin } from '../../ownerLogin'
import { useVipStores } from '../../stores'

function Friend({ data, slotNumber }: { data: string; slotNumber: number }) {
  const { createFriendStore } = useVipStores()
  const [store] = useState((): FriendStore => createFriendStore(data, slotNumber))
  const login = useOwnerLogin(() => store.loggedIn())
  return <VipFriendScreen store={store} onLogin={login} />
}

/** /vipExchange4 (spec 001 §2): give the slot `number` to a friend by their product ID. */
export default function VipExchange4Page() {
  useRouteTitle('VipExchange4')
  const { params } = useRouter()
  const data = useCampaignLink(params)
  const slotNumber = toInteger(params.number)
  const valid = slotNumber !== undefined && slotNumber >= 1 && slotNumber <= MAX_QUOTA
  return data && valid ? <Friend data={data} slotNumber={slotNumber} /> : <VipBadLink />
}
