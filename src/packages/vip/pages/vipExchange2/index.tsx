import { useEffect, useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { VipBadLink, VipEligibilityScreen } from '../../../../features/vip'
import type { EligibilityStore } from '../../../../features/vip'
import { useRouteTitle } from '../../../../features/routing'
import { campaignLink } from '../../linkParam'
import { useVipStores } from '../../stores'

function Eligibility({ data }: { data: string }) {
  const { createEligibilityStore } = useVipStores()
  const [store] = useState((): EligibilityStore => createEligibilityStore(data))
  useEffect(() => void store.load(), [store])
  return <VipEligibilityScreen store={store} />
}

/** /vipExchange2, step 2 (spec 000 §2): the group, its quota and eligibility, the exchange. */
export default function VipExchange2Page() {
  useRouteTitle('VipExchange2')
  const data = campaignLink(useRouter().params.data)
  return data ? <Eligibility data={data} /> : <VipBadLink />
}
