import { useState } from 'react'
import { TestScreen } from '../../../../features/tools'
import { useRouteTitle } from '../../../../features/routing'
import { useMiscStores } from '../../stores'

/** /test (spec 001 §1, §2): getUserInfo, the clipboard and a demo payment. */
export default function TestPage() {
  useRouteTitle('Test')
  const { createTestStore } = useMiscStores()
  const [store] = useState(createTestStore)
  return <TestScreen store={store} />
}
