import { useEffect, useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { VipBadLink, VipCampaignScreen } from '../../../../features/vip'
import type { EligibilityStore } from '../../../../features/vip'
import { useRouteTitle } from '../../../../features/routing'
import { campaignLink } from '../../linkParam'
import { useVipStores } from '../../stores'

function Campaign({ data }: { data: string }) {
  const { createEligibilityStore } = useVipStores()
  const [store] = useState((): EligibilityStore => createEligibilityStore(data))
  useEffect(() => void store.load(), [store])
  return <VipCampaignScreen store={store} />
}

/**
 * /vipExchange/{data}, step 1 of 'team migration gives VIP' (spec 000 §2): the campaign and its
 * table, as the server holds them (the link's eligibility answer carries them).
 */
export default function VipExchangePage() {
  useRouteTitle('VipExchange')
  const data = campaignLink(useRouter().params.data)
  return data ? <Campaign data={data} /> : <VipBadLink />
}
