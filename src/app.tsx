import { useEffect, useState, type PropsWithChildren } from 'react'
import { useLaunch, usePageNotFound } from '@tarojs/taro'
import { createAppStores } from './app/composition'
import { taroPlatformEdge } from './app/platformEdge'
import { AppStoresContext } from './app/stores'
import { movedPage, type RouteParams } from './domain/routes'
import { redirect } from './platform/navigation'
import { startLocale, t } from './locales'
import { a11y } from './platform/a11y'
import { platformEnv } from './platform/env'
import { firstScreen } from './platform/firstScreen'
import { loadCatalog } from './platform/locale'
import { platformLocation } from './platform/location'
import './app.scss'

// Before the H5 router reads the address (Taro's entry imports this module first): an address it
// cannot read goes to the not-found page, an old hash link of the site becomes its route's path.
platformLocation.adoptAddress()

/**
 * spec 001 §2: navigation proceeds only when the page is not inside a frame. Framed, no page opens
 * (the app renders none) and no call is made; a notice tells the user to open the page directly.
 */
const framed = platformLocation.insideFrame()

// before any page renders: roles and names reach the mini-program's components
a11y.installAria()

/** A page-not-found query (values arrive as strings, or anything from a hand-written link) as route parameters. */
function queryOf(query: Readonly<Record<string, unknown>> | undefined): RouteParams {
  return Object.fromEntries(Object.entries(query ?? {}).map(([k, v]) => [k, String(v)]))
}

/** The main package's stores, created once for the life of the app (the player keeps playing across pages). */
const stores = createAppStores(taroPlatformEdge)
if (!framed) stores.startLaunchCalls(platformEnv.launchUrl())

/** The system language's catalogue; undefined when it is ready now (zh-CN, or any language in the mini-program). */
const localeArrival = startLocale(platformEnv.language(), loadCatalog)

function App({ children }: PropsWithChildren) {
  // pages render once their language's strings are in (only a non-default language on H5 waits)
  const [localeReady, setLocaleReady] = useState(localeArrival === undefined)
  useEffect(() => {
    void localeArrival?.then(() => setLocaleReady(true))
  }, [])
  useLaunch(() => {
    if (!framed) return
    // no page opens framed: the lesson's first screen (H5) would cover the notice's blank page
    firstScreen.dismiss()
    platformLocation.showFramedNotice(t('framed.title'), t('framed.text'))
  })

  // Unknown addresses (mistyped or retired links) get a not-found page with a way home.
  // A page moved out of the main package (issue 36) opens at its new path with its query.
  usePageNotFound((res) => {
    if (framed) return
    const moved = movedPage(res.path)
    if (moved) redirect(moved, queryOf(res.query))
    else redirect('NotFound', { path: res.path })
  })

  if (framed) return null
  return <AppStoresContext.Provider value={stores}>{localeReady ? children : null}</AppStoresContext.Provider>
}

export default App
