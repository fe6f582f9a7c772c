import { lessonRate, readRate } from '../../domain/listening/lessonSpeed'
import type { KeyValueStorage } from '../../platform/storage/types'
import { DEFAULT_RATE, PLAYBACK_RATES, type PlaybackRate } from './controls'

/** One key per lesson (its playlist key) with the speed last chosen while it played or showed. */
export const LESSON_RATE_PREFIX = 'player.rate.'
/** The listener's last choice anywhere: where a lesson without its own starts. */
export const LAST_RATE_KEY = 'player.lastRate'

/** Speed per lesson (issue 35 item 3): the rules in domain/listening/lessonSpeed.ts, kept in storage. */
export class LessonSpeeds {
  constructor(private readonly storage: KeyValueStorage) {}

  /** The speed `lessonKey` starts at: its own, else the last choice, else 1.0. */
  rateFor(lessonKey: string | undefined): PlaybackRate {
    const own = lessonKey === undefined ? undefined : readRate(this.storage.get(LESSON_RATE_PREFIX + lessonKey), PLAYBACK_RATES)
    return lessonRate(own, readRate(this.storage.get(LAST_RATE_KEY), PLAYBACK_RATES), DEFAULT_RATE)
  }

  /** The listener chose `rate` for `lessonKey` (undefined: no lesson, e.g. a file's audio). */
  chosen(rate: PlaybackRate, lessonKey: string | undefined): void {
    this.storage.set(LAST_RATE_KEY, String(rate))
    if (lessonKey !== undefined) this.storage.set(LESSON_RATE_PREFIX + lessonKey, String(rate))
  }
}
