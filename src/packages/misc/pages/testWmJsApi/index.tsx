import { useState } from 'react'
import { WmJsApiScreen } from '../../../../features/tools'
import { useRouteTitle } from '../../../../features/routing'
import { useMiscStores } from '../../stores'

/** /testWmJsApi (spec 001 §2): the JS-SDK share set-up, step by step. */
export default function TestWmJsApiPage() {
  useRouteTitle('TestWmJsApi')
  const { createWmJsApiStore } = useMiscStores()
  const [store] = useState(createWmJsApiStore)
  return <WmJsApiScreen store={store} />
}
