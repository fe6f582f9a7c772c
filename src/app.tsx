import { useEffect, useState, type PropsWithChildren } from 'react'
import Taro, { usePageNotFound } from '@tarojs/taro'
import { createAppStores } from './app/composition'
import { taroPlatformEdge } from './app/platformEdge'
import { AppStoresContext } from './app/stores'
import { toPageUrl } from './domain/routes'
import { startLocale } from './locales'
import { platformEnv } from './platform/env'
import { loadCatalog } from './platform/locale'
import { a11y } from './platform/a11y'
import './app.scss'

// before any page renders: roles and names reach the mini-program's components
a11y.installAria()

/** The main package's stores, created once for the life of the app (the player keeps playing across pages). */
const stores = createAppStores(taroPlatformEdge)
stores.startLaunchCalls(platformEnv.launchUrl())

/** The system language's catalogue; undefined when it is ready now (zh-CN, or any language in the mini-program). */
const localeArrival = startLocale(Taro.getSystemInfoSync().language, loadCatalog)

function App({ children }: PropsWithChildren) {
  // pages render once their language's strings are in (only a non-default language on H5 waits)
  const [localeReady, setLocaleReady] = useState(localeArrival === undefined)
  useEffect(() => {
    void localeArrival?.then(() => setLocaleReady(true))
  }, [])

  // Unknown addresses (mistyped or retired links) get a not-found page with a way home.
  usePageNotFound((res) => {
    void Taro.redirectTo({ url: toPageUrl('NotFound', { path: res.path }) })
  })

  return <AppStoresContext.Provider value={stores}>{localeReady ? children : null}</AppStoresContext.Provider>
}

export default App
