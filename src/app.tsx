import type { PropsWithChildren } from 'react'
import Taro, { useLaunch, usePageNotFound } from '@tarojs/taro'
import { createAppStores } from './app/composition'
import { taroPlatformEdge } from './app/platformEdge'
import { AppStoresContext } from './app/stores'
import { toPageUrl } from './domain/routes'
import { setLocaleFromSystem, t } from './locales'
import { platformLocation } from './platform/location'
import { StateView } from './ui/StateView'
import './app.scss'

// Before the H5 router reads the address (Taro's entry imports this module first): an old hash
// link of the site becomes its route's path.
platformLocation.adoptHashLink()

/**
 * spec 001 §2: navigation proceeds only when the page is not inside a frame. Framed, no page opens
 * and no call is made; the user is told to open the page directly instead of seeing a blank page.
 */
const framed = platformLocation.insideFrame()

/** The main package's stores, created once for the life of the app (the player keeps playing across pages). */
const stores = createAppStores(taroPlatformEdge)

function App({ children }: PropsWithChildren) {
  useLaunch(() => {
    setLocaleFromSystem(Taro.getSystemInfoSync().language)
  })

  // Unknown addresses (mistyped or retired links) get a not-found page with a way home.
  usePageNotFound((res) => {
    if (framed) return
    void Taro.redirectTo({ url: toPageUrl('NotFound', { path: res.path }) })
  })

  if (framed) return <StateView kind='error' title={t('framed.title')} detail={t('framed.text')} />
  return <AppStoresContext.Provider value={stores}>{children}</AppStoresContext.Provider>
}

export default App
