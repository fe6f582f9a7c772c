import { useMemo } from 'react'
import { useRouter } from '@tarojs/taro'
import { parseInviteInfo } from '../../../../domain/inviteInfo'
import { WelcomeScreen } from '../../../../features/invite'
import { useRouteTitle } from '../../../../features/routing'
import { useInviteStores } from '../../stores'

/** /groupWelcomeWithPhone/{info} (spec 000 §2): the group invite whose button opens the watermark-camera bind dialog. */
export default function GroupWelcomeWithPhonePage() {
  useRouteTitle('GroupWelcomeWithPhone')
  const { params } = useRouter()
  const { createWelcomeStore } = useInviteStores()
  const parsed = useMemo(() => parseInviteInfo(params.info), [params.info])
  const store = useMemo(() => (parsed.ok ? createWelcomeStore('group', true, parsed.value.data) : undefined), [parsed, createWelcomeStore])
  return <WelcomeScreen info={parsed.ok ? parsed.value : undefined} store={store} />
}
