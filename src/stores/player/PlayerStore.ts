import { makeAutoObservable } from 'mobx'
import type { VoiceMessage } from '../../domain/message/types'
import type { AudioEngine } from '../../platform/audio/types'
import type { KeyValueStorage } from '../../platform/storage/types'
import type { PlaybackRate } from './controls'
import type { SleepChoice } from '../../domain/listening/sleepTimer'
import { LessonQueue } from './LessonQueue'
import { LessonSpeeds } from './lessonSpeed'
import { Playback } from './Playback'
import type { PlaybackControls } from './PlaybackControls'
import type { PlaylistSource } from './playlist'
import type { ResumePoint } from './resume'
import { SleepTimer } from './sleepTimer'
import { revealTranscript, type TranscriptState } from './transcripts'
import type { PlayerMedia, PlayerNotice, PlayerStatus, VoiceState } from './types'

/**
 * The lesson player (spec 000 §4 "Audio", §9): the playlist of a lesson's voice messages, the
 * current media, rate and volume. One global instance, so playback survives page changes. It
 * talks to the platform only through `AudioEngine`.
 *
 * The store is the player's one public face; its parts do the work and document it: `LessonQueue`
 * (which voice plays, what follows, where to resume), `Playback` (the media on the engine) and
 * `PlaybackControls` (rate, volume, the bar). The store itself keeps the audio panel and transcripts.
 */
export class PlayerStore {
  panelHidden = false
  transcripts = new Map<string, TranscriptState>()

  private readonly playback: Playback
  private readonly controls: PlaybackControls
  private readonly queue: LessonQueue
  private readonly sleep: SleepTimer
  private readonly speeds: LessonSpeeds

  constructor(
    private readonly engine: AudioEngine,
    storage: KeyValueStorage,
    now: () => number = () => Date.now(),
  ) {
    this.playback = new Playback(engine, {
      ended: () => this.voiceEnded(),
      next: () => void this.queue.next(),
      previous: () => void this.queue.previous(),
      starting: () => {
        this.panelHidden = false
        this.queue.starting()
        this.adoptLessonRate()
      },
      loaded: (media, generation) => this.queue.loaded(media, generation),
      moved: (force) => {
        this.queue.savePlace(force)
        this.sleep.tick()
      },
    })
    this.controls = this.playback.controls
    this.queue = new LessonQueue(this.playback, storage)
    this.speeds = new LessonSpeeds(storage)
    const { playback, queue } = this
    this.sleep = new SleepTimer(
      {
        get current() {
          return playback.current
        },
        get position() {
          return playback.position
        },
        get duration() {
          return playback.duration
        },
        get rate() {
          return playback.controls.rate
        },
        get isPlaying() {
          return playback.isPlaying
        },
        get onLastVoice() {
          return queue.onLastVoice
        },
        pause: () => this.playback.pause(),
        fade: (volume) => engine.setVolume(this.controls.volume * volume),
        note: (text) => engine.showSleepNote?.(text),
      },
      now,
    )
    makeAutoObservable<PlayerStore, 'engine' | 'playback' | 'controls' | 'queue' | 'sleep' | 'speeds'>(
      this,
      { engine: false, playback: false, controls: false, queue: false, sleep: false, speeds: false, fileDuration: false },
      { autoBind: true },
    )
  }

  // ---- state ----

  get viewed(): PlaylistSource | undefined {
    return this.queue.viewed
  }

  get source(): PlaylistSource | undefined {
    return this.queue.source
  }

  get resumeOffer(): ResumePoint | undefined {
    return this.queue.resumeOffer
  }

  get current(): PlayerMedia | undefined {
    return this.playback.current
  }

  get status(): PlayerStatus {
    return this.playback.status
  }

  get position(): number {
    return this.playback.position
  }

  get duration(): number {
    return this.playback.duration
  }

  get notice(): PlayerNotice | undefined {
    return this.playback.notice
  }

  get rate(): PlaybackRate {
    return this.controls.rate
  }

  /** The running sleep timer's choice; undefined when none runs. */
  get sleepChoice(): SleepChoice | undefined {
    return this.sleep.choice
  }

  /** Whole minutes a counted sleep timer has left, rounded up. */
  get sleepMinutesLeft(): number | undefined {
    return this.sleep.minutesLeft
  }

  /** What the running sleep timer says ('stops in 12 min'). */
  get sleepNote(): string | undefined {
    return this.sleep.note
  }

  get volume(): number {
    return this.controls.volume
  }

  get dragging(): boolean {
    return this.controls.dragging
  }

  get viewedHasVoice(): boolean {
    return this.queue.viewedHasVoice
  }

  get isPlaying(): boolean {
    return this.playback.isPlaying
  }

  get currentVoiceId(): string | undefined {
    return this.playback.currentVoiceId
  }

  /** The audio panel shows while a voice is current, until closed. */
  get panelVisible(): boolean {
    return this.currentVoiceId !== undefined && !this.panelHidden
  }

  get playingViewed(): boolean {
    return this.queue.playingViewed
  }

  voiceState(msgId: string): VoiceState {
    if (this.currentVoiceId !== msgId) return 'stopped'
    if (this.status === 'loading') return 'loading'
    return this.status === 'playing' ? 'playing' : 'stopped'
  }

  transcriptState(msgId: string): TranscriptState | undefined {
    return this.transcripts.get(msgId)
  }

  // ---- the lesson page (LessonQueue) ----

  attach(source: PlaylistSource): void {
    this.queue.attach(source)
    // the rate shown is the lesson's own, unless another lesson's voice holds the engine
    if (!this.playback.current || this.queue.source?.key === source.key) this.controls.adoptRate(this.speeds.rateFor(source.key))
  }

  toggleVoice(msgId: string): void {
    this.queue.toggleVoice(msgId)
  }

  playVoice(msgId: string, startAt = 0): Promise<void> {
    return this.queue.playVoice(msgId, startAt)
  }

  playAll(): void {
    this.queue.playAll()
  }

  acceptResume(): Promise<void> {
    return this.queue.acceptResume()
  }

  dismissResume(): void {
    this.queue.dismissResume()
  }

  locateCurrent(): Promise<string | undefined> {
    return this.queue.locateCurrent()
  }

  next(): Promise<void> {
    return this.queue.next()
  }

  previous(): Promise<void> {
    return this.queue.previous()
  }

  /** Spec 000 §4 "voice to text", for a voice of the viewed list that carries text. */
  convertToText(msgId: string): void {
    const message = this.viewed?.messages.find((m): m is VoiceMessage => m.kind === 'voice' && m.msgId === msgId)
    revealTranscript(this.transcripts, message)
  }

  // ---- the media on the engine (Playback) ----

  /**
   * A file message's audio (the audio player pages). `duration` (seconds, from `fileDuration`)
   * shows as the total until the engine reports its own.
   */
  async playFile(file: { url: string; title: string; duration?: number }): Promise<void> {
    const generation = this.playback.interrupt()
    const duration = file.duration ?? 0
    const media: PlayerMedia = { kind: 'file', id: file.url, url: file.url, title: file.title, singer: '', coverImgUrl: '', duration }
    await this.playback.start(media, 0, generation)
  }

  /** A file's length in seconds from its metadata, without playing it; undefined when unknown. */
  fileDuration(url: string): Promise<number | undefined> {
    return this.engine.mediaDuration(url).catch(() => undefined)
  }

  admitFile(url: string): Promise<boolean> {
    return this.playback.admitFile(url)
  }

  togglePlay(): void {
    if (this.isPlaying) this.pause()
    else this.resume()
  }

  pause(): void {
    this.playback.pause()
  }

  resume(): void {
    this.playback.resume()
  }

  stop(): void {
    this.playback.stop()
  }

  closePanel(): void {
    this.stop()
    this.panelHidden = true
  }

  clearNotice(): void {
    this.playback.clearNotice()
  }

  // ---- rate, volume and the bar (PlaybackControls) ----

  setRate(rate: PlaybackRate): void {
    this.controls.setRate(rate)
    this.speeds.chosen(this.rate, this.rateLessonKey)
  }

  cycleRate(): void {
    this.controls.cycleRate()
    this.speeds.chosen(this.rate, this.rateLessonKey)
  }

  /** Moves the current media to `seconds` (a transcript sentence), going on as it was. */
  seekTo(seconds: number): void {
    this.controls.startDrag()
    this.controls.endDrag(seconds)
  }

  // ---- the sleep timer (SleepTimer) ----

  setSleepTimer(choice: SleepChoice): void {
    this.sleep.set(choice)
  }

  cancelSleepTimer(): void {
    this.sleep.cancel()
  }

  /**
   * The lesson a rate choice belongs to: the one whose voice is loaded, else the one on screen;
   * none while a file's audio plays (the audio player pages), which changes the last choice only.
   */
  private get rateLessonKey(): string | undefined {
    const media = this.playback.current
    if (!media) return this.queue.viewed?.key
    return media.kind === 'voice' ? this.queue.source?.key : undefined
  }

  /** A voice of a lesson starts: the lesson's own speed, or the listener's last choice (speed per lesson). */
  private adoptLessonRate(): void {
    if (this.playback.current?.kind === 'voice') this.controls.adoptRate(this.speeds.rateFor(this.queue.source?.key))
  }

  /** A voice ran to its end: the sleep timer may stop here, else the next voice plays. */
  private voiceEnded(): void {
    if (this.playback.current?.kind === 'voice' && this.sleep.voiceEnded()) {
      this.playback.finish()
      return
    }
    void this.queue.next().then(() => {
      if (this.playback.status === 'idle') this.sleep.lessonOver()
    })
  }

  setVolume(volume: number): void {
    this.controls.setVolume(volume)
  }

  startDrag(): void {
    this.controls.startDrag()
  }

  dragTo(seconds: number): void {
    this.controls.dragTo(seconds)
  }

  endDrag(seconds: number): void {
    this.controls.endDrag(seconds)
  }
}
