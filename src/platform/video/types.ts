/** The player of a live or replay (Taro's Video with an `id`), what differs between the builds. */
export interface PlatformVideo {
  /** Sets the playback speed of the Video with this id (spec 001 §9 replay speeds). */
  setPlaybackRate(videoId: string, rate: number): void
}
