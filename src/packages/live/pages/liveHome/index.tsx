import { useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { presentParam } from '../../../../domain/routeParams'
import { STORAGE_KEYS } from '../../../../domain/storageKeys'
import { LiveHomeScreen } from '../../../../features/live'
import type { LiveHomeStore } from '../../../../features/live'
import { useRouteTitle } from '../../../../features/routing'
import { t } from '../../../../locales'
import { readLoginData } from '../../../../stores/loginData'
import { useAppStores } from '../../../../app/stores'
import { StateView } from '../../../../ui/StateView'
import { useLivePage } from '../../livePage'
import { useLiveStores } from '../../stores'
import '../../../../locales/packages/live'

/**
 * /liveHome, /liveHome/{data}, /liveHome/{type}/{data} (spec 001 §2): `data` (or the query's
 * `courseData`) names the live; type `playBack` opens its replay. The chat-app login comes back
 * here as `?type=login&data=<LoginData JSON>` beside the query's `courseData`: stored, then watched.
 * The live is remembered in storage, so a bare /liveHome (/refresh's re-entry) reopens it. The
 * query's `groupid` names the group whose watch count the page asks, and its `orderNO` the order
 * that has just paid for this live (a return from paying), which the stream call sends (spec 001 §7).
 */
export default function LiveHomePage() {
  useRouteTitle('LiveHome')
  const { params } = useRouter()
  const app = useAppStores()
  const loginReturn = params.type === 'login' ? readLoginData(presentParam(params.data)) : undefined
  // the live page's login (type 2) names its live in the login data too
  const named = presentParam(params.courseData) ?? (params.type === 'login' ? presentParam(loginReturn?.courseData) : presentParam(params.data))
  // a bare /liveHome (the re-entry /refresh makes after a broken stream) reopens the last live
  const courseData = named ?? presentParam(app.storage.get(STORAGE_KEYS.liveCourseData))
  const replay = params.type === 'playBack' || presentParam(params.isPlayBack) === '1'
  const [saved] = useState(() => {
    if (loginReturn) app.loginData.save(loginReturn)
    if (named) app.storage.set(STORAGE_KEYS.liveCourseData, named)
    return true
  })
  if (!courseData || !saved) return <StateView kind='error' title={t('routeParam.missing')} detail={t('live.missing')} />
  return <Live courseData={courseData} replay={replay} groupid={presentParam(params.groupid)} orderNO={presentParam(params.orderNO)} />
}

function Live({ courseData, replay, groupid, orderNO }: { courseData: string; replay: boolean; groupid: string | undefined; orderNO: string | undefined }) {
  const app = useAppStores()
  const { createLiveHomeStore } = useLiveStores()
  const [store] = useState<LiveHomeStore>(() => {
    const created = createLiveHomeStore()
    created.setPaidOrder(orderNO)
    return created
  })
  useLivePage(store, courseData, replay ? 'replay' : 'live', groupid)
  const login = () =>
    // spec 000 §7, 001 §7: the live page logs in with type 2 and its live, and comes back here
    void app.auth.login({ type: 2, courseData, returnHere: true }).then((outcome) => {
      if (outcome.kind !== 'loggedIn') return
      app.loginData.save(outcome.data)
      void store.afterLogin()
    })
  return <LiveHomeScreen store={store} onLogin={login} />
}
