import { useEffect, useState } from 'react'
import { useRouter } from '@tarojs/taro'
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
  return <VipEligibilityScreen store={store} onLogin={login} />
}

/** /vipExchange2, step 2 (spec 000 §2): the group, its quota and eligibility, the exchange. */
export default function VipExchange2Page() {
  useRouteTitle('VipExchange2')
  const data = useCampaignLink(useRouter().params)
  return data ? <Eligibility data={data} /> : <VipBadLink />
}
