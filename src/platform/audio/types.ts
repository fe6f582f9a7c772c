/**
 * The audio capability (docs/ARCHITECTURE.md "Platform"): one long-lived player per app. The
 * mini-program plays through BackgroundAudioManager (keeps playing with the screen off), H5
 * through one `<audio>` element that outlives route changes. The player store is its only user;
 * tests drive the store through a fake of this interface.
 */

/** What to play, with the metadata the system's now-playing surfaces show. */
export interface AudioSource {
  src: string
  /** required by BackgroundAudioManager; the lock screen's title in H5 */
  title: string
  singer: string
  coverImgUrl: string
  /** seconds; 0 plays from the start */
  startAt: number
  rate: number
  volume: number
}

/**
 * Engine events, registered once. `onPlay` means sound is actually coming out; `onWaiting` that
 * the media is buffering or being decoded. `onNext` / `onPrevious` come from the system's
 * controls (lock screen, WeChat's floating player).
 */
export interface AudioEngineListener {
  onPlay(): void
  onPause(): void
  onWaiting(): void
  onEnded(): void
  onStop(): void
  onError(message: string): void
  onTimeUpdate(currentTime: number, duration: number): void
  onNext(): void
  onPrevious(): void
}

export interface AudioEngine {
  setListener(listener: AudioEngineListener): void
  /** Replaces whatever is loaded and starts playing it. */
  load(source: AudioSource): void
  /**
   * Warms up a source that is likely to play next (H5 decodes AMR ahead), so the gap between
   * one voice ending and the next starting stays short.
   */
  prepare(src: string): void
  play(): void
  pause(): void
  stop(): void
  seek(seconds: number): void
  setRate(rate: number): void
  setVolume(volume: number): void
  /**
   * What the system's now-playing surface says of the sleep timer ('stops in 12 min'); undefined
   * clears it. H5 shows it in the Media Session (lock screen); an engine without such a place has none.
   */
  showSleepNote?(note: string | undefined): void
  /** Content length in bytes (a HEAD request); undefined when the server does not say. */
  mediaSize(src: string): Promise<number | undefined>
  /**
   * The length in seconds from the file's metadata, read without playing it or touching what
   * plays; undefined when the file cannot tell (a stream, an error, a format the platform reads
   * only by decoding).
   */
  mediaDuration(src: string): Promise<number | undefined>
}

export interface DownloadProgress {
  /** 0..100 */
  progress: number
  totalBytesWritten: number
  totalBytesExpectedToWrite: number
}

/**
 * Saves an audio file for the user: H5 hands the browser a download, the mini-program downloads
 * the file and offers to forward it to a chat (a mini-program cannot write to the user's files).
 */
export type DownloadAudio = (
  options: { url: string; fileName: string; onProgress: (progress: DownloadProgress) => void },
) => Promise<void>
