import { useEffect, useState } from 'react'
import { observer } from 'mobx-react-lite'
import { useRouter } from '@tarojs/taro'
import { presentParam } from '../../../../domain/routeParams'
import { toPageUrl } from '../../../../domain/routes'
import { AlbumScreen, useAlbumShare } from '../../../../features/album'
import type { AlbumStore } from '../../../../features/album'
import { useRouteTitle } from '../../../../features/routing'
import { t } from '../../../../locales'
import { StateView } from '../../../../ui/StateView'
import { useAlbumStores } from '../../albumStores'
import '../../../../locales/packages/album'

/** An observer: the share content follows the album once it loads. */
const Album = observer(function Album({ data }: { data: string }) {
  const { createAlbumStore } = useAlbumStores()
  const [store] = useState((): AlbumStore => createAlbumStore(data))
  useEffect(() => void store.load(), [store])
  useAlbumShare(store, toPageUrl('LessonAlbum', { data }))
  return <AlbumScreen store={store} />
})

/** /lessonAlbum (query data): the course album (spec 001 §2). */
export default function LessonAlbumPage() {
  useRouteTitle('LessonAlbum')
  const data = presentParam(useRouter().params.data)
  return data ? <Album data={data} /> : <StateView kind='error' title={t('album.badLink')} />
}
