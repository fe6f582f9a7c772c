import { useCallback, useEffect, useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { useAppStores } from '../../../../app/stores'
import { STORAGE_KEYS } from '../../../../domain/storageKeys'
import { VipBadLink, VipEligibilityScreen } from '../../../../features/vip'
import type { EligibilityStore } from '../../../../features/vip'
import { useRouteTitle } from '../../../../features/routing'
import { useCampaignLink, useOwnerLogin } from '../../ownerLogin'
import { useVipStores } from '../../stores'

function Eligibility({ data }: { data: string }) {
  const { createEligibilityStore } = useVipStores()
  const [store] = useState((): EligibilityStore => createEligibilityStore(data))
  useEffect(() => void store.load(), [store])
  const login = useOwnerLogin(() => void store.load())
  const { storage } = useAppStores()
  // spec 000 §3 vipCount: the slots the exchange won, which /vipExchange3 says while its list loads
  const exchanged = useCallback((quota: number) => storage.set(STORAGE_KEYS.vipCount, String(quota)), [storage])
  return <VipEligibilityScreen store={store} onLogin={login} onExchanged={exchanged} />
}

/** /vipExchange2, step 2 (spec 000 §2): the group, its quota and eligibility, the exchange. */
export default function VipExchange2Page() {
  useRouteTitle('VipExchange2')
  const data = useCampaignLink(useRouter().params)
  return data ? <Eligibility data={data} /> : <VipBadLink />
}
