import type { PropsWithChildren } from 'react'
import Taro, { useLaunch, usePageNotFound } from '@tarojs/taro'
import { createAppStores } from './app/composition'
import { taroPlatformEdge } from './app/platformEdge'
import { AppStoresContext } from './app/stores'
import { toPageUrl } from './domain/routes'
import { setLocaleFromSystem, t } from './locales'
import { platformLocation } from './platform/location'
import './app.scss'

// Before the H5 router reads the address (Taro's entry imports this module first): an old hash
// link of the site becomes its route's path.
platformLocation.adoptHashLink()

/**
 * spec 001 §2: navigation proceeds only when the page is not inside a frame. Framed, no page opens
 * (the app renders none) and no call is made; a notice tells the user to open the page directly.
 */
const framed = platformLocation.insideFrame()

/** The main package's stores, created once for the life of the app (the player keeps playing across pages). */
const stores = createAppStores(taroPlatformEdge)

function App({ children }: PropsWithChildren) {
  useLaunch(() => {
    setLocaleFromSystem(Taro.getSystemInfoSync().language)
    if (framed) platformLocation.showFramedNotice(t('framed.title'), t('framed.text'))
  })

  // Unknown addresses (mistyped or retired links) get a not-found page with a way home.
  usePageNotFound((res) => {
    if (framed) return
    void Taro.redirectTo({ url: toPageUrl('NotFound', { path: res.path }) })
  })

  if (framed) return null
  return <AppStoresContext.Provider value={stores}>{children}</AppStoresContext.Provider>
}

export default App
