import { useEffect, useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { presentParam } from '../../../../domain/routeParams'
import { SubscriptionsScreen } from '../../../../features/live'
import { useRouteTitle } from '../../../../features/routing'
import { t } from '../../../../locales'
import { StateView } from '../../../../ui/StateView'
import { useLiveStores } from '../../stores'
import { LIVE_SUBSCRIBE_ENTRY_PATH } from '../../../../../types/live'
import { platformEnv } from '../../../../platform/env'
import { linkPlatform } from '../../../../platform/link'
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
    <NoIdentity />
  ) : (
    <Subscriptions openid={openid} />
  )
}

/**
 * Opened without its openid: on H5 the page offers WeChat's authorisation again (the official
 * account menu's own address), which comes back here with the person's signed openid. The
 * mini-program cannot leave for a web page: it says to open the page from the menu.
 */
function NoIdentity() {
  const authorize = () => void linkPlatform.openWebPage(`${platformEnv.apiBase()}${LIVE_SUBSCRIBE_ENTRY_PATH}`)
  const web = platformEnv.kind === 'web'
  return (
    <StateView
      kind='error'
      title={t('routeParam.missing')}
      detail={t('subscribe.noOpenid')}
      {...(web ? { actionText: t('subscribe.authorize'), onAction: authorize } : {})}
    />
  )
}

function Subscriptions({ openid }: { openid: string }) {
  const { createSubscriptionsStore } = useLiveStores()
  const [store] = useState(() => createSubscriptionsStore(openid))
  useEffect(() => void store.load(), [store])
  return <SubscriptionsScreen store={store} />
}
