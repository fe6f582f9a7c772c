import { useRouter } from '@tarojs/taro'
import { VipCampaignScreen } from '../../../../features/vip'
import { useRouteTitle } from '../../../../features/routing'
import { campaignLink } from '../../linkParam'

/** /vipExchange/{data}, step 1 of 'team migration gives VIP' (spec 000 §2): the campaign and its table. */
export default function VipExchangePage() {
  useRouteTitle('VipExchange')
  const { params } = useRouter()
  return <VipCampaignScreen data={campaignLink(params.data)} />
}
