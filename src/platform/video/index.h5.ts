import type { PlatformVideo } from './types'

/** Taro's H5 Video (`taro-video-core`): its `<video>`, and the hls.js instance it made for an `.m3u8`. */
interface TaroVideoElement extends HTMLElement {
  getHlsObject?: () => Promise<{ destroy(): void } | undefined>
}

const videoOf = (videoId: string): HTMLVideoElement | null => document.getElementById(videoId)?.querySelector('video') ?? null

/** Stops a `<video>` and empties it, so nothing plays or loads after its page is gone. */
function silence(video: HTMLVideoElement): void {
  video.pause()
  video.removeAttribute('src')
  video.load()
}

/** Taro's H5 Video has no playbackRate method, and leaves play()'s refusal unhandled: work on its `<video>`. */
export const platformVideo: PlatformVideo = {
  autoplays: false,
  play(videoId) {
    const video = videoOf(videoId)
    if (!video) return Promise.resolve('gone')
    return video.play().then(
      () => 'playing',
      (err: unknown) => (err instanceof DOMException && err.name === 'NotAllowedError' ? 'refused' : 'gone'),
    )
  },
  release(videoId) {
    const host: TaroVideoElement | null = document.getElementById(videoId)
    const video = videoOf(videoId)
    if (video) silence(video)
    // hls.js keeps reloading a live playlist for a detached element until it is destroyed; Taro's
    // Video creates it once hls.js has loaded, so a player released before that is caught a moment later
    const destroy = () => void host?.getHlsObject?.().then((hls) => hls?.destroy(), () => undefined)
    destroy()
    setTimeout(destroy, 3000)
  },
  setPlaybackRate(videoId, rate) {
    const video = videoOf(videoId)
    if (video) video.playbackRate = rate
  },
}
