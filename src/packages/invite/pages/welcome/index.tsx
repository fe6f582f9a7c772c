import { useMemo } from 'react'
import { useRouter } from '@tarojs/taro'
import { parseInviteInfo } from '../../../../domain/inviteInfo'
import { WelcomeScreen } from '../../../../features/invite'
import { useRouteTitle } from '../../../../features/routing'
import { useInviteStores } from '../../stores'

/** /welcome/{info} (spec 000 §2 friend invite): info is double URL-encoded JSON of usrname and data. */
export default function WelcomePage() {
  useRouteTitle('Welcome')
  const { params } = useRouter()
  const { createWelcomeStore } = useInviteStores()
  const parsed = useMemo(() => parseInviteInfo(params.info), [params.info])
  const store = useMemo(() => (parsed.ok ? createWelcomeStore('friend', false, parsed.value.data) : undefined), [parsed, createWelcomeStore])
  return <WelcomeScreen info={parsed.ok ? parsed.value : undefined} store={store} />
}
