import { useMemo, useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { readPasswordWelcomeQuery } from '../../../../domain/invite'
import { PasswordWelcomeScreen } from '../../../../features/invite'
import { useRouteTitle } from '../../../../features/routing'
import { useInviteStores } from '../../stores'

/** /wXpasswordWelcome?gid=&wmid=&version=&isOpenWeimai= (spec 001 §2): the invite-password landing page. */
export default function WXpasswordWelcomePage() {
  useRouteTitle('WXpasswordWelcome')
  const { params } = useRouter()
  const { createPasswordWelcomeStore } = useInviteStores()
  const [store] = useState(createPasswordWelcomeStore)
  const { gid, wmid, version, isOpenWeimai } = params
  const query = useMemo(() => readPasswordWelcomeQuery({ gid, wmid, version, isOpenWeimai }), [gid, wmid, version, isOpenWeimai])
  return <PasswordWelcomeScreen query={query} store={store} />
}
