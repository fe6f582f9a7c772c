import Taro from '@tarojs/taro'
import type { Microphone, MicrophonePlatform } from './types'

export type { Microphone, MicrophoneHandlers, MicrophonePlatform } from './types'

/** The recorder's frame size in KB: 5 KB of 16-bit 16 kHz audio is 160 ms. */
const FRAME_KB = 5
/** The recorder's own limit is 10 minutes; the speech service takes 60 s. */
const MAX_DURATION_MS = 60_000

/**
 * The mini-program's RecorderManager recording PCM at 16 kHz mono, its frames handed on as they
 * are recorded (`onFrameRecorded`): already the rate and format the speech service reads.
 */
export const microphone: MicrophonePlatform = {
  supported: () => typeof Taro.getRecorderManager === 'function' && typeof Taro.connectSocket === 'function',

  open(handlers): Promise<Microphone> {
    const recorder = Taro.getRecorderManager()
    return new Promise((resolve, reject) => {
      let started = false
      let stopped = false
      recorder.onFrameRecorded(({ frameBuffer }) => {
        if (!stopped) handlers.onAudio(new Int16Array(frameBuffer.slice(0, frameBuffer.byteLength - (frameBuffer.byteLength % 2))))
      })
      recorder.onStart(() => {
        started = true
        resolve({
          stop() {
            if (stopped) return
            stopped = true
            recorder.stop()
          },
        })
      })
      recorder.onError(({ errMsg }) => {
        if (!started) reject(new Error(errMsg))
        else if (!stopped) handlers.onError(errMsg)
      })
      recorder.onStop(() => {
        if (started && !stopped) handlers.onError('recording stopped')
      })
      recorder.start({ duration: MAX_DURATION_MS, sampleRate: 16000, numberOfChannels: 1, encodeBitRate: 48000, format: 'PCM', frameSize: FRAME_KB })
    })
  },
}
