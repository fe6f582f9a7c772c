import { useEffect, useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { presentParam } from '../../../../domain/routeParams'
import { toPageUrl } from '../../../../domain/routes'
import { StickerGuideScreen, useStickerShare } from '../../../../features/album'
import type { StickerStore } from '../../../../features/album'
import { useRouteTitle } from '../../../../features/routing'
import { t } from '../../../../locales'
import { StateView } from '../../../../ui/StateView'
import { useAlbumStores } from '../../albumStores'
import '../../../../locales/packages/album'

function StickerGuide({ d }: { d: string }) {
  const { createStickerStore } = useAlbumStores()
  const [store] = useState((): StickerStore => createStickerStore(d))
  useEffect(() => void store.load(), [store])
  useStickerShare(toPageUrl('AddFaceWM', { d }))
  return <StickerGuideScreen store={store} />
}

/** /addFaceWM (query d): the add-stickers guide (spec 001 §2). */
export default function AddFaceWMPage() {
  useRouteTitle('AddFaceWM')
  const d = presentParam(useRouter().params.d)
  return d ? <StickerGuide d={d} /> : <StateView kind='error' title={t('sticker.badLink')} />
}
