/** What asking a player to play came to. */
export type PlayOutcome =
  /** it plays, or will as soon as it has data */
  | 'playing'
  /** the platform refused to start it without a tap (a browser's autoplay policy) */
  | 'refused'
  /** no such player any more, or the request was cut short (the source changed, the page left) */
  | 'gone'

/** The player of a live or replay (Taro's Video with an `id`), what differs between the builds. */
export interface PlatformVideo {
  /**
   * Whether the Video's own `autoplay` starts it. The mini-program's video does (nothing refuses it);
   * on H5 a browser may refuse, and Taro's H5 Video leaves that refusal unhandled, so the screen
   * starts it with `play` once it has loaded and shows a play button when that is refused.
   */
  readonly autoplays: boolean
  /** Starts the Video with this id; a refusal is an outcome, never a rejection. */
  play(videoId: string): Promise<PlayOutcome>
  /**
   * Stops the Video with this id for good and lets go of what feeds it (H5: hls.js's loading and the
   * element's source), for a page that leaves or hides. Call it before the Video leaves the tree.
   */
  release(videoId: string): void
  /** Sets the playback speed of the Video with this id (spec 001 §9 replay speeds). */
  setPlaybackRate(videoId: string, rate: number): void
}
