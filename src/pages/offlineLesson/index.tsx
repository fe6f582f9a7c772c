import { useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { useAppStores } from '../../app/stores'
import { presentParam } from '../../domain/routeParams'
import { OfflineLessonScreen, OfflineLessonStore, offlineStoreOf } from '../../features/offline'
import { useRouteTitle } from '../../features/routing'
import { t } from '../../locales'
import { StateView } from '../../ui/StateView'

/** /offlineLesson?courseData=…: a downloaded lesson played from the device's files (issue 35 item 5). */
export default function OfflineLessonPage() {
  useRouteTitle('OfflineLesson')
  const { params } = useRouter()
  const offline = offlineStoreOf(useAppStores())
  const courseData = presentParam(params.courseData)
  const [store] = useState(() => (courseData ? new OfflineLessonStore(offline, courseData) : undefined))
  if (!store) return <StateView kind='empty' title={t('offline.listEmpty')} />
  return <OfflineLessonScreen store={store} />
}
