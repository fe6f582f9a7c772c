import { useCallback, useState } from 'react'
import { useDidShow, useRouter } from '@tarojs/taro'
import { useAppStores } from '../../../../app/stores'
import { STORAGE_KEYS } from '../../../../domain/storageKeys'
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
  const { storage } = useAppStores()
  // spec 000 §3 vipCount: said at once while the list loads, and kept to what the list says
  const [lastWon] = useState(() => Number(storage.get(STORAGE_KEYS.vipCount) ?? '') || undefined)
  const won = useCallback((quota: number) => storage.set(STORAGE_KEYS.vipCount, String(quota)), [storage])
  return <VipSlotsScreen store={store} onLogin={login} lastWon={lastWon} onWon={won} />
}

/** /vipExchange3: the VIP slot list (spec 001 §2). */
export default function VipExchange3Page() {
  useRouteTitle('VipExchange3')
  const data = useCampaignLink(useRouter().params)
  return data ? <Slots data={data} /> : <VipBadLink />
}
