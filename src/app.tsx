import type { PropsWithChildren } from 'react'
import Taro, { useLaunch, usePageNotFound } from '@tarojs/taro'
import { createAppStores } from './app/composition'
import { taroPlatformEdge } from './app/platformEdge'
import { AppStoresContext } from './app/stores'
import { toPageUrl } from './domain/routes'
import { setLocaleFromSystem } from './locales'
import { a11y } from './platform/a11y'
import './app.scss'

// before any page renders: roles and names reach the mini-program's components
a11y.installAria()

/** The main package's stores, created once for the life of the app (the player keeps playing across pages). */
const stores = createAppStores(taroPlatformEdge)

function App({ children }: PropsWithChildren) {
  useLaunch(() => {
    setLocaleFromSystem(Taro.getSystemInfoSync().language)
  })

  // Unknown addresses (mistyped or retired links) get a not-found page with a way home.
  usePageNotFound((res) => {
    void Taro.redirectTo({ url: toPageUrl('NotFound', { path: res.path }) })
  })

  return <AppStoresContext.Provider value={stores}>{children}</AppStoresContext.Provider>
}

export default App
