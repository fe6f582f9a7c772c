import { useEffect, useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { useAppStores } from '../../../../app/stores'
import { ProfileScreen, createProfileStore } from '../../../../features/profile'
import { useRouteTitle } from '../../../../features/routing'
import { PROFILE_REASON_LOGIN_EXPIRED } from '../../../../domain/routeParams'
import { readLoginData } from '../../../../stores/loginData'
import { preparePullDownRefresh } from '../../../../platform/components/pullDownRefresh'

// the page config sets enablePullDownRefresh
preparePullDownRefresh()

/** spec 001 §9: continue 50 ms after the login data the route carried is stored. */
const CONTINUE_AFTER_LOGIN_MS = 50

/**
 * /profile and /profile/{data} (spec 001 §2): `data` is the login payload of the login return;
 * it is stored, then the page continues. Every code 601 lands here (the transport's goProfile).
 */
export default function ProfilePage() {
  useRouteTitle('Profile')
  const { params } = useRouter()
  const app = useAppStores()
  const [store] = useState(() => createProfileStore(app))
  const data = params.data
  // the transport's 601 opens /profile?reason=loginExpired (src/api/taro.ts)
  const loginExpired = params.reason === PROFILE_REASON_LOGIN_EXPIRED

  useEffect(() => {
    const loginData = readLoginData(data)
    if (!loginData) {
      store.load()
      return undefined
    }
    store.receiveLoginData(loginData)
    const timer = setTimeout(() => store.load(), CONTINUE_AFTER_LOGIN_MS)
    return () => clearTimeout(timer)
  }, [store, data])

  return <ProfileScreen store={store} loginExpired={loginExpired} />
}
