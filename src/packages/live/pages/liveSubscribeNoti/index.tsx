import { useEffect, useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { presentParam } from '../../../../domain/routeParams'
import { SubscriptionsScreen } from '../../../../features/live'
import { useRouteTitle } from '../../../../features/routing'
import { t } from '../../../../locales'
import { StateView } from '../../../../ui/StateView'
import { useLiveStores } from '../../stores'
import '../../../../locales/packages/live'
import { preparePullDownRefresh } from '../../../../platform/components/pullDownRefresh'

// the page config sets enablePullDownRefresh
preparePullDownRefresh()

/**
 * /liveSubscribeNoti ('live reminder', spec 001 §2): the user is the `openid` query value (spec 001
 * §6), which the server signed when WeChat's authorisation sent the person back (an expiring value,
 * types/live.ts LIVE_SUBSCRIBE_ENTRY_PATH), the same in both builds. The page passes it on as it is;
 * the server refuses a bare, altered or expired one, and the list shows that refusal in place.
 */
export default function LiveSubscribeNotiPage() {
  useRouteTitle('LiveSubscribeNoti')
  const openid = presentParam(useRouter().params.openid)
  return openid === undefined ? (
    <StateView kind='error' title={t('routeParam.missing')} detail={t('subscribe.noOpenid')} />
  ) : (
    <Subscriptions openid={openid} />
  )
}

function Subscriptions({ openid }: { openid: string }) {
  const { createSubscriptionsStore } = useLiveStores()
  const [store] = useState(() => createSubscriptionsStore(openid))
  useEffect(() => void store.load(), [store])
  return <SubscriptionsScreen store={store} />
}
