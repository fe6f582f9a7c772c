import { useMemo } from 'react'
import { useRouter } from '@tarojs/taro'
import { AudioPlayerScreen, audioFileFromParams } from '../../../../features/audioFile'
import { useRouteTitle } from '../../../../features/routing'
import { useMiscStores } from '../../stores'

/** /audioPlayer: the audio player page with a native audio element, opened from a file message. */
export default function AudioPlayerPage() {
  useRouteTitle('AudioPlayer')
  const { params } = useRouter()
  const { player } = useMiscStores()
  const { name, url, fileExtension, item } = params
  const file = useMemo(() => audioFileFromParams({ name, url, fileExtension, item }), [name, url, fileExtension, item])
  return <AudioPlayerScreen file={file} player={player} />
}
