import Taro from '@tarojs/taro'
import type { PlatformVideo } from './types'

/** The mini-program's VideoContext has playbackRate (base library 1.9.90+). */
export const platformVideo: PlatformVideo = {
  setPlaybackRate(videoId, rate) {
    Taro.createVideoContext(videoId).playbackRate(rate)
  },
}
