/** Spec 000 §9: playback rates, default 1.0. */
export const PLAYBACK_RATES = [0.75, 1.0, 1.2, 1.5, 2.0] as const
export type PlaybackRate = (typeof PLAYBACK_RATES)[number]
export const DEFAULT_RATE: PlaybackRate = 1.0
/** Releasing the bar at 0 seeks here: some players ignore a seek to exactly 0. */
export const SEEK_FLOOR_SECONDS = 0.01

/** The floating rate button: the rate after `rate` in the list, wrapping around. */
export function nextRate(rate: PlaybackRate): PlaybackRate {
  return PLAYBACK_RATES[(PLAYBACK_RATES.indexOf(rate) + 1) % PLAYBACK_RATES.length]
}

/** A place on the bar: not before 0, not past a known duration; a non-number is 0. */
export function clampPosition(seconds: number, duration: number): number {
  const upper = duration > 0 ? duration : Infinity
  return Math.min(upper, Math.max(0, Number.isFinite(seconds) ? seconds : 0))
}

/** Where releasing the bar at `position` seeks: 0 becomes SEEK_FLOOR_SECONDS. */
export function seekTarget(position: number): number {
  return position <= 0 ? SEEK_FLOOR_SECONDS : position
}

/** A volume within 0..1; a non-number is full volume. */
export function clampVolume(volume: number): number {
  return Math.min(1, Math.max(0, Number.isFinite(volume) ? volume : 1))
}
