import { useState } from 'react'
import { useDidShow, useRouter } from '@tarojs/taro'
import { VipBadLink, VipSlotsScreen } from '../../../../features/vip'
import type { SlotsStore } from '../../../../features/vip'
import { useRouteTitle } from '../../../../features/routing'
import { useCampaignLink, useOwnerLogin } from '../../ownerLogin'
import { useVipStores } from '../../stores'

function Slots({ data }: { data: string }) {
  const { createSlotsStore } = useVipStores()
  const [store] = useState((): SlotsStore => createSlotsStore(data))
  // shown again after /vipExchange4, the redeemed slot now shows its friend
  useDidShow(() => void store.load())
  const login = useOwnerLogin(() => void store.load())
  return <VipSlotsScreen store={store} onLogin={login} />
}

/** /vipExchange3: the VIP slot list (spec 001 §2). */
export default function VipExchange3Page() {
  useRouteTitle('VipExchange3')
  const data = useCampaignLink(useRouter().params)
  return data ? <Slots data={data} /> : <VipBadLink />
}
