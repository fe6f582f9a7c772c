/**
 * H5 lock-screen and notification controls (Media Session API): the lesson title and cover, and
 * play / pause / next / previous / seek routed back to the engine.
 */
import type { AudioSource } from './types'

export interface MediaSessionCommands {
  play(): void
  pause(): void
  next(): void
  previous(): void
  seek(seconds: number): void
}

export interface MediaSessionBinding {
  metadata(source: AudioSource): void
  position(currentTime: number, duration: number, rate: number): void
  stopped(): void
}

export function bindMediaSession(session: MediaSession, commands: MediaSessionCommands): MediaSessionBinding {
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => commands.play()],
    ['pause', () => commands.pause()],
    ['nexttrack', () => commands.next()],
    ['previoustrack', () => commands.previous()],
    [
      'seekto',
      (details) => {
        if (details.seekTime !== undefined) commands.seek(details.seekTime)
      },
    ],
  ]
  for (const [action, handler] of handlers) {
    try {
      session.setActionHandler(action, handler)
    } catch {
      // older browsers throw for actions they do not know; the others still work
    }
  }
  return {
    metadata(source) {
      if (typeof MediaMetadata === 'undefined') return
      session.metadata = new MediaMetadata({
        title: source.title,
        artist: source.singer,
        artwork: source.coverImgUrl ? [{ src: source.coverImgUrl }] : [],
      })
    },
    position(currentTime, duration, rate) {
      if (!Number.isFinite(duration) || duration <= 0 || !session.setPositionState) return
      try {
        session.setPositionState({ duration, position: Math.min(currentTime, duration), playbackRate: rate })
      } catch {
        // a position beyond a duration that changed under us: the next update corrects it
      }
    },
    stopped() {
      session.metadata = null
      session.playbackState = 'none'
    },
  }
}
