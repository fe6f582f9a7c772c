import { useMemo } from 'react'
import { useRouter } from '@tarojs/taro'
import { M4aPlayerScreen, audioFileFromParams } from '../../../../features/audioFile'
import { useRouteTitle } from '../../../../features/routing'
import { useMiscStores } from '../../stores'

/** /m4aPlayer: the audio (m4a) player page, opened from a file message (name, url, fileExtension). */
export default function M4aPlayerPage() {
  useRouteTitle('M4aPlayer')
  const { params } = useRouter()
  const { player } = useMiscStores()
  const { name, url, fileExtension, item } = params
  const file = useMemo(() => audioFileFromParams({ name, url, fileExtension, item }), [name, url, fileExtension, item])
  return <M4aPlayerScreen file={file} player={player} />
}
