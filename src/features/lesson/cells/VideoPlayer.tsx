import { Video } from '../../../platform/components/video'

export interface VideoPlayerProps {
  url: string
  posterUrl: string
  onPlay: () => void
  onPause: () => void
  onEnded: () => void
}

/** The playing video of a video cell: it starts at once, the cell draws the poster and the play button. */
export function VideoPlayer({ url, posterUrl, onPlay, onPause, onEnded }: VideoPlayerProps) {
  return (
    <Video
      className='cell-video__player'
      src={url}
      poster={posterUrl}
      autoplay
      showCenterPlayBtn={false}
      objectFit='contain'
      onPlay={onPlay}
      onPause={onPause}
      onEnded={onEnded}
    />
  )
}
