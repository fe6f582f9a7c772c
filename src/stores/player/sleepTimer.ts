import { makeAutoObservable, reaction } from 'mobx'
import {
  fadeVolume,
  listenedBetween,
  minutesLeft,
  secondsLeft,
  timerDue,
  type PlayMark,
  type SleepChoice,
  type TimerReading,
} from '../../domain/listening/sleepTimer'
import { t } from '../../locales'
import type { PlayerMedia } from './types'

/** What the sleep timer reads of the player and does to it. */
export interface TimerPlayer {
  readonly current: PlayerMedia | undefined
  /** seconds */
  readonly position: number
  readonly duration: number
  readonly rate: number
  readonly isPlaying: boolean
  /** the current voice is the last of its lesson (the list fully loaded, nothing after it) */
  readonly onLastVoice: boolean
  pause(): void
  /** the sound at `volume` (0..1) of the listener's own */
  fade(volume: number): void
  /** what the lock screen says of the timer (H5 Media Session); undefined clears it */
  note(text: string | undefined): void
}

/**
 * The sleep timer (issue 35 item 2, rules in domain/listening/sleepTimer.ts). It is driven by
 * the audio's own reports (`tick` on every time update, `voiceEnded`), never by a timeout: with
 * the screen off the mini-program's page timers are frozen while BackgroundAudioManager plays on
 * and reports its time. The last SLEEP_FADE_SECONDS fade out, then playback pauses (so the next
 * morning's play goes on from there) and the timer clears.
 */
export class SleepTimer {
  choice: SleepChoice | undefined = undefined
  /** seconds of listening left; Infinity while the end is not in sight */
  left = Infinity

  private listened = 0
  private mark: PlayMark | undefined = undefined
  private volume = 1

  constructor(
    private readonly player: TimerPlayer,
    private readonly now: () => number = () => Date.now(),
  ) {
    makeAutoObservable<SleepTimer, 'player' | 'now' | 'listened' | 'mark' | 'volume'>(
      this,
      { player: false, now: false, listened: false, mark: false, volume: false },
      { autoBind: true },
    )
    reaction(() => this.note, (text) => player.note(text), { fireImmediately: false })
  }

  /** Minutes to go, rounded up, for a counted timer. */
  get minutesLeft(): number | undefined {
    return this.choice ? minutesLeft(this.choice, this.left) : undefined
  }

  /** What the lock screen and the panel say of the running timer. */
  get note(): string | undefined {
    const choice = this.choice
    if (!choice) return undefined
    if (choice.kind === 'endOfVoice') return t('listening.sleep.note.endOfVoice')
    if (choice.kind === 'endOfLesson') return t('listening.sleep.note.endOfLesson')
    return t('listening.sleep.note.minutes', { minutes: this.minutesLeft ?? choice.minutes })
  }

  set(choice: SleepChoice): void {
    this.choice = choice
    this.listened = 0
    this.mark = this.markNow()
    this.update()
  }

  cancel(): void {
    this.choice = undefined
    this.left = Infinity
    this.mark = undefined
    this.setVolume(1)
  }

  /** A time report of the audio: counts the listening since the last one, fades, and stops when due. */
  tick(): void {
    if (!this.choice) return
    const next = this.markNow()
    if (!next) return
    if (this.player.isPlaying) this.listened += listenedBetween(this.mark, next, this.player.rate)
    this.mark = next
    this.update()
  }

  /** The current voice ended: true when the timer stops here, so nothing that follows starts. */
  voiceEnded(): boolean {
    const choice = this.choice
    if (!choice) return false
    this.tick()
    if (this.choice !== choice) return true
    const left = secondsLeft(choice, this.reading(this.player.duration))
    if (!timerDue(choice, left, true)) return false
    this.finish()
    return true
  }

  /** The lesson was heard to its end: an end-of-lesson timer has done its work. */
  lessonOver(): void {
    if (this.choice?.kind === 'endOfLesson') this.cancel()
  }

  private markNow(): PlayMark | undefined {
    const media = this.player.current
    return media ? { mediaId: media.id, position: this.player.position, at: this.now() } : undefined
  }

  private reading(position: number): TimerReading {
    const { duration, rate, onLastVoice } = this.player
    return { listened: this.listened, position, duration, rate, lastVoice: onLastVoice }
  }

  private update(): void {
    const choice = this.choice
    if (!choice) return
    this.left = secondsLeft(choice, this.reading(this.player.position))
    if (timerDue(choice, this.left, false)) {
      this.finish()
      return
    }
    this.setVolume(this.player.isPlaying ? fadeVolume(this.left) : 1)
  }

  /** The timer clears before it pauses: the pause reports a move, which must find no timer. */
  private finish(): void {
    this.choice = undefined
    this.left = Infinity
    this.mark = undefined
    this.player.pause()
    this.setVolume(1)
  }

  /** Only a change reaches the engine: time reports come four times a second. */
  private setVolume(volume: number): void {
    if (volume === this.volume) return
    this.volume = volume
    this.player.fade(volume)
  }
}
