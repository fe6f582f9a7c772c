import { useState } from 'react'
import { Image, View } from '../../../platform/components/basic'
import { observer } from 'mobx-react-lite'
import { t } from '../../../locales'
import { nativeBridge } from '../../../platform/bridge'
import { imageAlt, pressable } from '../../../ui/a11y'
import type { VideoMessage } from '../../../domain/message/types'
import { boxStyle, fitMedia, IMAGE_MAX } from './mediaBox'
import { videoPlayback } from './videoPlayback'
import { VideoPlayer } from './videoPlayerPart'
import './VideoCell.scss'

/** Spec 000 §4 "Video": poster with play button, playing, paused, complete. */
export type VideoState = 'poster' | 'playing' | 'paused' | 'complete'

/** Boxes of videos without a size in their payload: 16:9 landscape. */
const DEFAULT_BOX = { width: IMAGE_MAX, height: Math.round((IMAGE_MAX * 9) / 16) }

export interface VideoViewProps {
  url: string
  posterUrl: string
  width: number
  height: number
}

/**
 * A poster frame with a play button; the player mounts only once played (a long list stays light)
 * and unmounts when another video starts or this one completes, which stops it.
 */
export const VideoView = observer(function VideoView({ url, posterUrl, width, height }: VideoViewProps) {
  const [key] = useState(() => videoPlayback.newKey())
  const [state, setState] = useState<VideoState>('poster')
  const active = videoPlayback.activeKey === key
  const shown: VideoState = active ? state : state === 'complete' ? 'complete' : 'poster'
  const box = fitMedia(width, height, IMAGE_MAX) ?? DEFAULT_BOX

  const play = (): void => {
    // inside the native app the app plays the video itself (platform/bridge)
    if (nativeBridge.openVideo(url)) return
    setState('playing')
    videoPlayback.start(key)
  }

  return (
    <View className={`cell-video cell-video--${shown}`} style={boxStyle(box)} data-state={shown}>
      {shown === 'playing' || shown === 'paused' ? (
        <VideoPlayer
          url={url}
          posterUrl={posterUrl}
          onPlay={() => setState('playing')}
          onPause={() => setState('paused')}
          onEnded={() => {
            setState('complete')
            videoPlayback.stop(key)
          }}
        />
      ) : (
        <View className='cell-video__poster' aria-label={t('msg.type.video')} {...pressable(play)}>
          <Image className='cell-video__poster-img' src={posterUrl} mode='aspectFill' lazyLoad {...imageAlt(null)} />
          <View className='cell-video__play' />
        </View>
      )}
    </View>
  )
})

export function VideoCell({ message }: { message: VideoMessage }) {
  return <VideoView url={message.url} posterUrl={message.posterUrl} width={message.width} height={message.height} />
}

