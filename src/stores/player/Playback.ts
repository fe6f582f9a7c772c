import { makeAutoObservable, runInAction } from 'mobx'
import type { AudioEngine, AudioEngineListener, AudioSource } from '../../platform/audio/types'
import { PlaybackControls } from './PlaybackControls'
import { AudioSizeCheck } from './sizeCheck'
import type { PlaybackOwner, PlayerMedia, PlayerNotice, PlayerStatus } from './types'

/**
 * One media on the engine: the size check before it loads, its status from the engine's reports
 * (it is the engine's listener), and the transport. It knows nothing of lessons.
 */
export class Playback implements AudioEngineListener {
  current: PlayerMedia | undefined = undefined
  status: PlayerStatus = 'idle'
  /** seconds */
  position = 0
  duration = 0
  notice: PlayerNotice | undefined = undefined
  readonly controls: PlaybackControls

  /** bumps whenever what should play changes, so late async steps know they are stale */
  private generation = 0
  /** checked and ready, but paused before it reached the engine */
  private pendingLoad: AudioSource | undefined = undefined
  private readonly sizes: AudioSizeCheck

  constructor(
    private readonly engine: AudioEngine,
    private readonly owner: PlaybackOwner,
  ) {
    this.controls = new PlaybackControls(engine, this)
    this.sizes = new AudioSizeCheck(engine)
    makeAutoObservable<Playback, 'engine' | 'owner' | 'generation' | 'pendingLoad' | 'sizes'>(
      this,
      { engine: false, owner: false, controls: false, generation: false, pendingLoad: false, sizes: false },
      { autoBind: true },
    )
    engine.setListener(this)
  }

  get isPlaying(): boolean {
    return this.status === 'playing' || this.status === 'loading'
  }

  get currentVoiceId(): string | undefined {
    return this.current?.kind === 'voice' ? this.current.id : undefined
  }

  /** Whatever was under way is now stale; answers the new generation. */
  interrupt(): number {
    this.controls.release()
    this.pendingLoad = undefined
    this.generation += 1
    return this.generation
  }

  /** Nothing interrupted what began in `generation`. */
  isLatest(generation: number): boolean {
    return generation === this.generation
  }

  /** Loads `media` at `startAt` seconds once it passed the size check, unless `generation` is stale by then. */
  async start(media: PlayerMedia, startAt: number, generation: number): Promise<void> {
    if (this.isPlaying) this.engine.pause()
    runInAction(() => {
      this.current = media
      this.status = 'loading'
      this.position = startAt
      this.duration = media.duration
      this.notice = undefined
      this.owner.starting()
    })
    const admitted = await this.sizes.admits(media.url)
    if (generation !== this.generation) return
    if (!admitted) {
      runInAction(() => {
        this.current = undefined
        this.status = 'idle'
        this.notice = 'player.audioTooLarge'
      })
      this.engine.stop()
      return
    }
    const { url: src, title, singer, coverImgUrl } = media
    const { rate, volume } = this.controls
    const source: AudioSource = { src, title, singer, coverImgUrl, startAt, rate, volume }
    if (this.status === 'paused') this.pendingLoad = source
    else this.engine.load(source)
    this.owner.loaded(media, generation)
  }

  /** The size check and decoding of what plays next start now, keeping the gap short. */
  prepare(url: string): void {
    void this.sizes.admits(url)
    this.engine.prepare(url)
  }

  /** The 50 MB rule for audio that plays outside the engine: false, with the notice set, when too large. */
  async admitFile(url: string): Promise<boolean> {
    const admitted = await this.sizes.admits(url)
    if (!admitted) runInAction(() => (this.notice = 'player.audioTooLarge'))
    return admitted
  }

  pause(): void {
    if (!this.current) return
    this.controls.release()
    if (this.status !== 'idle') this.status = 'paused'
    this.engine.pause()
    this.owner.moved(true)
  }

  resume(): void {
    const media = this.current
    if (!media) return
    if (this.status === 'paused') {
      this.status = 'loading'
      const pending = this.pendingLoad
      this.pendingLoad = undefined
      if (pending) this.engine.load(pending)
      else this.engine.play()
    } else if (this.status === 'idle') {
      void this.start(media, 0, this.interrupt())
    }
  }

  /** Stops and forgets the current media. */
  stop(): void {
    this.interrupt()
    this.owner.moved(true)
    this.current = undefined
    this.status = 'idle'
    this.position = 0
    this.duration = 0
    this.engine.stop()
  }

  /** The media ran out with nothing to follow: it stays current, idle at its start. */
  finish(): void {
    this.status = 'idle'
    this.position = 0
  }

  clearNotice(): void {
    this.notice = undefined
  }

  // ---- the engine's reports ----

  onPlay(): void {
    if (this.current && !this.controls.held) this.status = 'playing'
  }

  /**
   * A pause from outside (lock screen, WeChat's player). While loading, the pause of the sound
   * being replaced arrives late and must not stop the new one.
   */
  onPause(): void {
    if (this.controls.held || !this.current) return
    if (this.status === 'playing') this.status = 'paused'
  }

  onWaiting(): void {
    if (this.status === 'playing') this.status = 'loading'
  }

  onEnded(): void {
    if (!this.current) return
    this.position = this.duration
    if (this.current.kind === 'voice') this.owner.ended()
    else this.finish()
  }

  /** The system's player was closed (WeChat's floating player): nothing runs any more. */
  onStop(): void {
    if (this.status === 'playing' || this.status === 'paused') {
      this.status = 'idle'
      this.controls.release()
    }
  }

  onError(): void {
    if (!this.current) return
    this.controls.release()
    this.status = 'idle'
    this.notice = 'player.playFailed'
  }

  onTimeUpdate(currentTime: number, duration: number): void {
    if (!this.current) return
    if (duration > 0 && Number.isFinite(duration)) {
      this.duration = duration
      this.current.duration = duration
    }
    if (this.controls.dragging) return
    this.position = currentTime
    this.owner.moved(false)
  }

  onNext(): void {
    this.owner.next()
  }

  onPrevious(): void {
    this.owner.previous()
  }
}
