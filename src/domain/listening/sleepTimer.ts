/**
 * The sleep timer's rules (issue 35 item 2): stop after 15, 30 or 60 minutes of listening, at the
 * end of the current voice, or at the end of the lesson, fading out over the last seconds.
 *
 * The timer counts the audio's own progress, not a wall-clock timeout: in the mini-program a page
 * with the screen off is frozen and its timeouts with it, while the background audio keeps
 * reporting its time. Each report adds the listening since the one before: the wall time between
 * them, but never more than the audio moved (a pause counts nothing) nor less than nothing (a jump
 * back). The media's move alone would count a seek forward as listening; the wall time alone would
 * count a frozen page's gap twice or a pause as listening. Pure: no Taro, no stores.
 */

export const SLEEP_MINUTES = [15, 30, 60] as const
export type SleepMinutes = (typeof SLEEP_MINUTES)[number]

export type SleepChoice = { kind: 'minutes'; minutes: SleepMinutes } | { kind: 'endOfVoice' } | { kind: 'endOfLesson' }

/** The sound fades out over this many seconds before the timer stops it. */
export const SLEEP_FADE_SECONDS = 10

/** A report of the audio's place: which media, where in it (seconds), and when (ms, wall clock). */
export interface PlayMark {
  mediaId: string
  position: number
  at: number
}

const finiteOr = (value: number, fallback: number): number => (Number.isFinite(value) ? value : fallback)
const rateOf = (rate: number): number => (Number.isFinite(rate) && rate > 0 ? rate : 1)

/**
 * Seconds of listening between two reports. The media's move is divided by the rate (at 2x, ten
 * seconds of a voice go by in five); another media counts from its start.
 */
export function listenedBetween(previous: PlayMark | undefined, next: PlayMark, rate: number): number {
  if (!previous) return 0
  const wall = (finiteOr(next.at, 0) - finiteOr(previous.at, 0)) / 1000
  const moved = next.mediaId === previous.mediaId ? finiteOr(next.position, 0) - finiteOr(previous.position, 0) : finiteOr(next.position, 0)
  if (!(wall > 0) || !(moved > 0)) return 0
  return Math.min(wall, moved / rateOf(rate))
}

/** What the timer reads of the player to tell the time left. */
export interface TimerReading {
  /** seconds listened since the timer was set */
  listened: number
  /** the current voice's place and length, seconds (length 0: unknown) */
  position: number
  duration: number
  rate: number
  /** the current voice is the lesson's last (its list fully loaded, nothing after it) */
  lastVoice: boolean
}

/** Seconds until the voice ends at its rate; Infinity while its length is unknown. */
function voiceLeft(reading: TimerReading): number {
  if (!(reading.duration > 0) || !Number.isFinite(reading.duration)) return Infinity
  return Math.max(0, reading.duration - finiteOr(reading.position, 0)) / rateOf(reading.rate)
}

/**
 * Seconds of listening before the timer stops playback; Infinity while the end is not in sight
 * (end of lesson before its last voice, a voice of unknown length).
 */
export function secondsLeft(choice: SleepChoice, reading: TimerReading): number {
  switch (choice.kind) {
    case 'minutes':
      return Math.max(0, choice.minutes * 60 - Math.max(0, finiteOr(reading.listened, 0)))
    case 'endOfVoice':
      return voiceLeft(reading)
    case 'endOfLesson':
      return reading.lastVoice ? voiceLeft(reading) : Infinity
  }
}

/** The volume (0..1 of the listener's own) for `left` seconds to go: full until the fade, then down to silence. */
export function fadeVolume(left: number): number {
  if (Number.isNaN(left)) return 1
  return Math.min(1, Math.max(0, left / SLEEP_FADE_SECONDS))
}

/**
 * The timer stops playback now: a counted timer when its time is used up; the voice-end ones
 * when the voice ends (`voiceEnded`), so nothing that follows starts.
 */
export function timerDue(choice: SleepChoice, left: number, voiceEnded: boolean): boolean {
  if (choice.kind === 'minutes') return left <= 0
  if (choice.kind === 'endOfVoice') return voiceEnded
  return voiceEnded && left !== Infinity
}

/** Whole minutes still to go, rounded up (what a screen or the lock screen says); undefined for the voice-end timers. */
export function minutesLeft(choice: SleepChoice, left: number): number | undefined {
  if (choice.kind !== 'minutes' || !Number.isFinite(left)) return undefined
  return Math.max(0, Math.ceil(left / 60))
}
