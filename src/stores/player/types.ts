/** 'paused' is a loaded sound that can go on; 'idle' has nothing running. */
export type PlayerStatus = 'idle' | 'loading' | 'playing' | 'paused'
/** What a voice cell shows (spec 000 §4). */
export type VoiceState = 'stopped' | 'loading' | 'playing'
/** Locale keys of what the player refused or failed to do; the UI shows them once. */
export type PlayerNotice = 'player.audioTooLarge' | 'player.playFailed'

export interface PlayerMedia {
  kind: 'voice' | 'file'
  /** msgId of a voice; the URL of a file */
  id: string
  url: string
  title: string
  singer: string
  coverImgUrl: string
  /** seconds; 0 until the media reports it */
  duration: number
}

/** What the playback tells the one who picks what plays. */
export interface PlaybackOwner {
  /** a voice ran to its end */
  ended(): void
  /** the system's "next" control */
  next(): void
  /** the system's "previous" control */
  previous(): void
  /** another media is about to load */
  starting(): void
  /** `media`, started in `generation`, reached the engine (or waits, paused, for it) */
  loaded(media: PlayerMedia, generation: number): void
  /** the place moved; `force` on a pause, a stop or a load, else only every few seconds */
  moved(force: boolean): void
}
