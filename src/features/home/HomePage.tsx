import { useEffect, useRef, useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useAppStores } from '../../app/stores'
import { offlineStoreOf } from '../offline/model'
import { HomeScreen } from './HomeScreen'
import { HomeStore } from './HomeStore'

/**
 * The listener's home with its store: read when it opens, and again each time it shows once more
 * (back from a lesson or a login, where the places and the account may have changed).
 */
export const HomePage = observer(function HomePage() {
  const app = useAppStores()
  const { resumeApi, session, loginData } = app
  const offline = offlineStoreOf(app)
  const [store] = useState(() => new HomeStore(resumeApi, session))
  const shown = useRef(false)
  useEffect(() => {
    void store.load()
  }, [store])
  useDidShow(() => {
    // the first show is the opening, which the effect above reads
    if (shown.current) void store.load()
    shown.current = true
  })
  return <HomeScreen store={store} offline={offline} loggedIn={session.loggedIn} accountName={loginData.data?.nickname ?? session.userId} />
})
