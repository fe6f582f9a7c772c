import Taro from '@tarojs/taro'
import type { PlatformVideo } from './types'

/** The mini-program's VideoContext has playbackRate (base library 1.9.90+). */
export const platformVideo: PlatformVideo = {
  autoplays: true,
  play(videoId) {
    Taro.createVideoContext(videoId).play()
    return Promise.resolve('playing')
  },
  release(videoId) {
    // leaving the tree destroys the native player; stopping first ends its sound at once
    Taro.createVideoContext(videoId).stop()
  },
  setPlaybackRate(videoId, rate) {
    Taro.createVideoContext(videoId).playbackRate(rate)
  },
}
