import type { PropsWithChildren } from 'react'
import Taro, { useLaunch, usePageNotFound } from '@tarojs/taro'
import { toPageUrl } from './domain/routes'
import { setLocaleFromSystem } from './locales'
import './app.scss'

function App({ children }: PropsWithChildren) {
  useLaunch(() => {
    setLocaleFromSystem(Taro.getSystemInfoSync().language)
  })

  // Unknown addresses (mistyped or retired links) get a not-found page with a way home.
  usePageNotFound((res) => {
    void Taro.redirectTo({ url: toPageUrl('NotFound', { path: res.path }) })
  })

  return children
}

export default App
