import { useMemo } from 'react'
import { useRouter } from '@tarojs/taro'
import { parseInviteInfo } from '../../../../domain/inviteInfo'
import { WelcomeScreen } from '../../../../features/invite'
import { useRouteTitle } from '../../../../features/routing'
import { useInviteStores } from '../../stores'

/** /groupWelcome/{info} (spec 000 §2 group invite): info adds headurl and groupname. */
export default function GroupWelcomePage() {
  useRouteTitle('GroupWelcome')
  const { params } = useRouter()
  const { createWelcomeStore } = useInviteStores()
  const parsed = useMemo(() => parseInviteInfo(params.info), [params.info])
  const store = useMemo(() => (parsed.ok ? createWelcomeStore('group', false, parsed.value.data) : undefined), [parsed, createWelcomeStore])
  return <WelcomeScreen info={parsed.ok ? parsed.value : undefined} store={store} />
}
