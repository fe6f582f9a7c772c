import { useMemo } from 'react'
import { useRouter } from '@tarojs/taro'
import { parseInviteInfo } from '../../../../domain/inviteInfo'
import { WelcomeScreen } from '../../../../features/invite'
import { useRouteTitle } from '../../../../features/routing'
import { useInviteStores } from '../../stores'

/** /friendWelcomeWithPhone/{info} (spec 000 §2): the friend invite whose button opens the watermark-camera bind dialog. */
export default function FriendWelcomeWithPhonePage() {
  useRouteTitle('FriendWelcomeWithPhone')
  const { params } = useRouter()
  const { createWelcomeStore } = useInviteStores()
  const parsed = useMemo(() => parseInviteInfo(params.info), [params.info])
  const store = useMemo(() => (parsed.ok ? createWelcomeStore('friend', true, parsed.value.data) : undefined), [parsed, createWelcomeStore])
  return <WelcomeScreen info={parsed.ok ? parsed.value : undefined} store={store} />
}
