/**
 * H5 lock-screen and notification controls (Media Session API): the lesson title and cover, the
 * sleep timer's note, and play / pause / next / previous / seek routed back to the engine.
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
  /** the sleep timer's note ('stops in 12 min'), shown as the album line under the title; undefined clears it */
  note(text: string | undefined): void
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
  let shown: AudioSource | undefined
  let noted: string | undefined
  const show = (): void => {
    if (typeof MediaMetadata === 'undefined' || !shown) return
    session.metadata = new MediaMetadata({
      title: shown.title,
      artist: shown.singer,
      album: noted ?? '',
      artwork: shown.coverImgUrl ? [{ src: shown.coverImgUrl }] : [],
    })
  }
  return {
    metadata(source) {
      shown = source
      show()
    },
    note(text) {
      if (text === noted) return
      noted = text
      show()
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
      shown = undefined
      session.metadata = null
      session.playbackState = 'none'
    },
  }
}
