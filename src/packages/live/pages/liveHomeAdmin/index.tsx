import { useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { presentParam } from '../../../../domain/routeParams'
import { LiveHomeScreen } from '../../../../features/live'
import type { LiveHomeStore } from '../../../../features/live'
import { useRouteTitle } from '../../../../features/routing'
import { t } from '../../../../locales'
import { StateView } from '../../../../ui/StateView'
import { useLivePage } from '../../livePage'
import { useLiveStores } from '../../stores'
import '../../../../locales/packages/live'

/**
 * /liveHomeAdmin (spec 001 §2): the admin play info of the live `courseData` names, for its owner
 * or an admin session; the server refuses anyone else and the page shows its message.
 */
export default function LiveHomeAdminPage() {
  useRouteTitle('LiveHomeAdmin')
  const courseData = presentParam(useRouter().params.courseData)
  if (!courseData) return <StateView kind='error' title={t('routeParam.missing')} detail={t('live.missing')} />
  return <Admin courseData={courseData} />
}

function Admin({ courseData }: { courseData: string }) {
  const { createLiveHomeStore } = useLiveStores()
  const [store] = useState<LiveHomeStore>(createLiveHomeStore)
  useLivePage(store, courseData, 'admin')
  return <LiveHomeScreen store={store} onLogin={() => undefined} />
}
