import { makeAutoObservable } from 'mobx'
import type { AudioEngine } from '../../platform/audio/types'
import { DEFAULT_RATE, PLAYBACK_RATES, clampPosition, clampVolume, nextRate, seekTarget, type PlaybackRate } from './controls'
import { Hold } from './hold'
import type { PlayerMedia } from './types'

/** What the controls read and move of the media on the engine. */
export interface ControlledMedia {
  readonly current: PlayerMedia | undefined
  readonly isPlaying: boolean
  readonly duration: number
  /** seconds */
  position: number
}

/**
 * Rate, volume and the bar (spec 000 §4). The pauses a rate change or a drag make are held here
 * and undone here: the engine's reports of them are not the user's doing.
 */
export class PlaybackControls {
  rate: PlaybackRate = DEFAULT_RATE
  volume = 1
  dragging = false

  private readonly hold = new Hold()

  constructor(
    private readonly engine: AudioEngine,
    private readonly media: ControlledMedia,
  ) {
    makeAutoObservable<PlaybackControls, 'engine' | 'media' | 'hold'>(
      this,
      { engine: false, media: false, hold: false, held: false },
      { autoBind: true },
    )
  }

  /** The engine is paused by a control, which will resume it. */
  get held(): boolean {
    return this.hold.held
  }

  /** Nothing a control paused will be resumed: the user or the engine took over. */
  release(): void {
    this.hold.cancel()
    this.dragging = false
  }

  /** Spec 000 §4: a rate change pauses, then resumes after 300 ms. */
  setRate(rate: PlaybackRate): void {
    if (!PLAYBACK_RATES.includes(rate)) return
    this.rate = rate
    this.engine.setRate(rate)
    if (!this.media.isPlaying) return
    this.hold.holdForRate(() => this.engine.play())
    this.engine.pause()
  }

  /** The floating rate button: the next rate of the list, wrapping around. */
  /**
   * Takes `rate` as the current one without the pause of a change (speed per lesson): for what
   * loads next, which carries its rate to the engine.
   */
  adoptRate(rate: PlaybackRate): void {
    if (PLAYBACK_RATES.includes(rate)) this.rate = rate
  }

  cycleRate(): void {
    this.setRate(nextRate(this.rate))
  }

  setVolume(volume: number): void {
    this.volume = clampVolume(volume)
    this.engine.setVolume(this.volume)
  }

  /** Spec 000 §4: dragging the bar pauses... */
  startDrag(): void {
    if (this.dragging || !this.media.current) return
    const wasPlaying = this.media.isPlaying || this.hold.forRate
    this.release()
    this.dragging = true
    if (wasPlaying) {
      this.hold.holdForDrag()
      this.engine.pause()
    }
  }

  dragTo(seconds: number): void {
    if (this.dragging) this.media.position = clampPosition(seconds, this.media.duration)
  }

  /** ...and release seeks (0 becomes 0.01 s), then playing goes on. */
  endDrag(seconds: number): void {
    if (!this.media.current) return
    this.dragging = false
    const target = clampPosition(seconds, this.media.duration)
    this.media.position = target
    this.engine.seek(seekTarget(target))
    if (this.hold.releaseDrag()) this.engine.play()
  }
}
