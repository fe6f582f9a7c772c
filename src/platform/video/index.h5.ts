import type { PlatformVideo } from './types'

/** Taro's H5 Video has no playbackRate method: set it on the `<video>` it renders. */
export const platformVideo: PlatformVideo = {
  setPlaybackRate(videoId, rate) {
    const video = document.getElementById(videoId)?.querySelector('video')
    if (video) video.playbackRate = rate
  },
}
