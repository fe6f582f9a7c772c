import Taro from '@tarojs/taro'
import { downloadToTemp } from './download'
import type { AudioEngine, AudioEngineListener, DownloadAudio } from './types'
import { isAmrUrl, m4aPlayableUrl, providerMp3Url } from './mediaUrl'

export type { AudioEngine, AudioEngineListener, AudioSource, DownloadAudio, DownloadProgress } from './types'

/** How long a metadata read may take before the length counts as unknown. */
const METADATA_TIMEOUT_MS = 10000
/** InnerAudioContext reports duration 0 at canplay on some base libraries and fills it in shortly after. */
const DURATION_POLL_MS = 200

/**
 * The mini-program engine: the one BackgroundAudioManager, which keeps playing with the screen
 * off and shows WeChat's own player (needs `requiredBackgroundModes: ['audio']`). Its listeners
 * are registered once, when the manager is first used, and outlive every page.
 */
function createBackgroundEngine(): AudioEngine {
  let manager: Taro.BackgroundAudioManager | undefined
  let listener: AudioEngineListener | undefined
  let rate = 1

  const bam = (): Taro.BackgroundAudioManager => {
    if (manager) return manager
    const m = Taro.getBackgroundAudioManager()
    m.onPlay(() => listener?.onPlay())
    m.onPause(() => listener?.onPause())
    m.onWaiting(() => listener?.onWaiting())
    m.onCanplay(() => {
      // some base libraries drop a rate set before the source was ready
      if (m.playbackRate !== rate) m.playbackRate = rate
    })
    m.onEnded(() => listener?.onEnded())
    // the user closed WeChat's floating player
    m.onStop(() => listener?.onStop())
    m.onError(() => listener?.onError('background audio error'))
    m.onTimeUpdate(() => listener?.onTimeUpdate(m.currentTime, m.duration || 0))
    m.onNext(() => listener?.onNext())
    m.onPrev(() => listener?.onPrevious())
    manager = m
    return m
  }

  return {
    setListener(l) {
      listener = l
    },
    load(source) {
      const m = bam()
      rate = source.rate
      // everything but src first: setting src starts playback with the values already set
      m.title = source.title
      m.epname = source.title
      m.singer = source.singer
      m.coverImgUrl = source.coverImgUrl
      m.startTime = source.startAt
      m.playbackRate = source.rate
      // the manager plays m4a, aac, mp3 and wav; AMR only through the provider's transcoding
      m.src = isAmrUrl(source.src) ? providerMp3Url(source.src) : m4aPlayableUrl(source.src)
    },
    prepare() {
      // the manager streams; nothing to warm up
    },
    play() {
      bam().play()
    },
    pause() {
      bam().pause()
    },
    stop() {
      bam().stop()
    },
    seek(seconds) {
      bam().seek(seconds)
    },
    setRate(next) {
      rate = next
      bam().playbackRate = next
    },
    setVolume() {
      // BackgroundAudioManager follows the system volume
    },
    mediaDuration(src) {
      // a context of its own that never plays: the background manager is never disturbed
      const probe = Taro.createInnerAudioContext()
      return new Promise<number | undefined>((resolve) => {
        let poll: ReturnType<typeof setInterval> | undefined
        const done = (seconds: number | undefined): void => {
          clearTimeout(timer)
          clearInterval(poll)
          probe.destroy()
          resolve(seconds)
        }
        const timer = setTimeout(() => done(undefined), METADATA_TIMEOUT_MS)
        probe.onCanplay(() => {
          poll ??= setInterval(() => {
            if (probe.duration > 0 && Number.isFinite(probe.duration)) done(probe.duration)
          }, DURATION_POLL_MS)
        })
        probe.onError(() => done(undefined))
        probe.autoplay = false
        probe.src = isAmrUrl(src) ? providerMp3Url(src) : m4aPlayableUrl(src)
      })
    },
    async mediaSize(src) {
      try {
        const res = await Taro.request({ url: src, method: 'HEAD' })
        const header = res.header as Record<string, string | undefined>
        const length = header['Content-Length'] ?? header['content-length']
        return length === undefined ? undefined : Number(length)
      } catch {
        return undefined
      }
    },
  }
}

export const audioEngine: AudioEngine = createBackgroundEngine()

/** Downloads with progress, then offers to forward the file to a chat (a declined share is no failure). */
export const downloadAudio: DownloadAudio = async ({ url, fileName, onProgress }) => {
  const filePath = await downloadToTemp(url, onProgress)
  await new Promise<void>((resolve) => {
    // not promisified in the mini-program (it returns nothing): the callbacks settle it
    void Taro.shareFileMessage({ filePath, fileName, success: () => resolve(), fail: () => resolve() })
  })
}
