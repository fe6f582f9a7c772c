import { useState } from 'react'
import { DownloadScreen } from '../../../../features/invite'
import { useRouteTitle } from '../../../../features/routing'
import { useInviteStores } from '../../stores'

/** /downloadWm (spec 001 §2): the download cards and the remote description. */
export default function DownloadWmPage() {
  useRouteTitle('DownloadWm')
  const { createDownloadDescStore } = useInviteStores()
  const [store] = useState(createDownloadDescStore)
  return <DownloadScreen store={store} />
}
