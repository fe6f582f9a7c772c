import { makeAutoObservable, runInAction } from 'mobx'
import { checkAudioSize } from '../domain/validation'
import type { LessonMessage, VoiceMessage } from '../domain/message/types'
import { isPlayableVoice } from '../domain/message/voice'
import type { AudioEngine, AudioEngineListener, AudioSource } from '../platform/audio/types'
import type { KeyValueStorage } from './session'

/**
 * The lesson player (spec 000 §4 "Audio", §9): the playlist of a lesson's voice messages, the
 * current media, rate and volume. One global instance, so playback survives page changes. It
 * talks to the platform only through `AudioEngine`.
 */

/** Spec 000 §9: playback rates, default 1.0. */
export const PLAYBACK_RATES = [0.75, 1.0, 1.2, 1.5, 2.0] as const
export type PlaybackRate = (typeof PLAYBACK_RATES)[number]
export const DEFAULT_RATE: PlaybackRate = 1.0
/** A rate change pauses, then resumes after this long. */
export const RATE_RESUME_DELAY_MS = 300
/** Releasing the bar at 0 seeks here: some players ignore a seek to exactly 0. */
export const SEEK_FLOOR_SECONDS = 0.01
/**
 * The transcript arrives with the voice payload; "converting" stays visible this long so the
 * spec's converting -> finished steps can be seen rather than flashing past.
 */
export const TRANSCRIPT_REVEAL_MS = 400
/** The resume point is written when playback moved at least this far since the last write. */
export const RESUME_SAVE_STEP_SECONDS = 5
export const RESUME_STORAGE_PREFIX = 'player.resume.'

/** 'paused' is a loaded sound that can go on; 'idle' has nothing running. */
export type PlayerStatus = 'idle' | 'loading' | 'playing' | 'paused'
/** What a voice cell shows (spec 000 §4). */
export type VoiceState = 'stopped' | 'loading' | 'playing'
export type TranscriptState = 'converting' | 'finished'
/** Locale keys of what the player refused or failed to do; the UI shows them once. */
export type PlayerNotice = 'player.audioTooLarge' | 'player.playFailed'

/** A lesson's message list as the player reads it: LessonStore plus what the player shows. */
export interface PlaylistSource {
  /** identifies the lesson in storage (its courseData or legacy data) */
  readonly key: string
  /** lesson title: BackgroundAudioManager's required title and the lock screen's */
  readonly title: string
  readonly coverImgUrl: string
  readonly messages: readonly LessonMessage[]
  readonly loadEnd: boolean
  loadMore(): Promise<void>
}

export interface PlayerMedia {
  kind: 'voice' | 'file'
  /** msgId of a voice; the URL of a file */
  id: string
  url: string
  title: string
  singer: string
  coverImgUrl: string
  /** seconds; 0 until the media reports it */
  duration: number
}

export interface ResumePoint {
  msgId: string
  /** seconds into that voice */
  position: number
}

function readResumePoint(raw: string | undefined): ResumePoint | undefined {
  if (!raw) return undefined
  try {
    const value: unknown = JSON.parse(raw)
    if (typeof value !== 'object' || value === null) return undefined
    const { msgId, position } = value as Record<string, unknown>
    if (typeof msgId !== 'string' || msgId === '' || typeof position !== 'number' || !(position >= 0)) return undefined
    return { msgId, position }
  } catch {
    return undefined
  }
}

export class PlayerStore {
  /** the list the user is looking at (the lesson page attaches it) */
  viewed: PlaylistSource | undefined = undefined
  /** the list the current voice came from: auto-next walks this one */
  source: PlaylistSource | undefined = undefined
  current: PlayerMedia | undefined = undefined
  status: PlayerStatus = 'idle'
  rate: PlaybackRate = DEFAULT_RATE
  volume = 1
  /** seconds */
  position = 0
  duration = 0
  dragging = false
  panelHidden = false
  notice: PlayerNotice | undefined = undefined
  /** a saved place in the viewed lesson, offered when it is reopened */
  resumeOffer: ResumePoint | undefined = undefined
  transcripts = new Map<string, TranscriptState>()

  /** bumps whenever what should play changes, so late async steps know they are stale */
  private generation = 0
  /** a pause the store made itself and will undo (rate change, dragging) */
  private hold: 'rate' | 'drag' | undefined = undefined
  private rateTimer: ReturnType<typeof setTimeout> | undefined = undefined
  /** checked and ready, but paused before it reached the engine */
  private pendingLoad: AudioSource | undefined = undefined
  private readonly sizes = new Map<string, Promise<number | undefined>>()
  private lastSavedPosition = -Infinity

  constructor(
    private readonly engine: AudioEngine,
    private readonly storage: KeyValueStorage,
  ) {
    makeAutoObservable<PlayerStore, 'engine' | 'storage' | 'generation' | 'hold' | 'rateTimer' | 'pendingLoad' | 'sizes' | 'lastSavedPosition'
    >(
      this,
      {
        engine: false,
        storage: false,
        generation: false,
        hold: false,
        rateTimer: false,
        pendingLoad: false,
        sizes: false,
        lastSavedPosition: false,
      },
      { autoBind: true },
    )
    const listener: AudioEngineListener = {
      onPlay: () => this.handlePlay(),
      onPause: () => this.handlePause(),
      onWaiting: () => this.handleWaiting(),
      onEnded: () => this.handleEnded(),
      onStop: () => this.handleStop(),
      onError: () => this.handleError(),
      onTimeUpdate: (currentTime, duration) => this.handleTimeUpdate(currentTime, duration),
      onNext: () => void this.next(),
      onPrevious: () => void this.previous(),
    }
    engine.setListener(listener)
  }

  /** The viewed list contains voice (the background-play button shows only then). */
  get viewedHasVoice(): boolean {
    return this.viewed ? this.viewed.messages.some(isPlayableVoice) : false
  }

  get isPlaying(): boolean {
    return this.status === 'playing' || this.status === 'loading'
  }

  get currentVoiceId(): string | undefined {
    return this.current?.kind === 'voice' ? this.current.id : undefined
  }

  /** The audio panel shows while a voice is current, until closed. */
  get panelVisible(): boolean {
    return this.currentVoiceId !== undefined && !this.panelHidden
  }

  /** The current voice belongs to the lesson on screen. */
  get playingViewed(): boolean {
    return this.source !== undefined && this.source.key === this.viewed?.key
  }

  voiceState(msgId: string): VoiceState {
    if (this.currentVoiceId !== msgId) return 'stopped'
    if (this.status === 'loading') return 'loading'
    return this.status === 'playing' ? 'playing' : 'stopped'
  }

  transcriptState(msgId: string): TranscriptState | undefined {
    return this.transcripts.get(msgId)
  }

  // ---- the lesson page ----

  /** The lesson page hands over its list; a saved place in it becomes the resume offer. */
  attach(source: PlaylistSource): void {
    this.viewed = source
    const saved = readResumePoint(this.storage.get(RESUME_STORAGE_PREFIX + source.key))
    const alreadyPlayingIt = this.source?.key === source.key && this.current !== undefined
    // the same lesson opened again: auto-next and locate now walk the list on screen
    if (alreadyPlayingIt) this.source = source
    this.resumeOffer = alreadyPlayingIt ? undefined : saved
  }

  /** Tap on a voice cell: another voice starts; the playing one stops; a paused one goes on. */
  toggleVoice(msgId: string): void {
    if (this.currentVoiceId === msgId && this.playingViewed) {
      if (this.isPlaying) this.stop()
      else if (this.status === 'paused') this.resume()
      else void this.playVoice(msgId)
      return
    }
    void this.playVoice(msgId)
  }

  /** Plays a voice of the viewed list from `startAt` seconds, loading pages until it is there. */
  async playVoice(msgId: string, startAt = 0): Promise<void> {
    const list = this.viewed
    if (!list) return
    const generation = this.interrupt()
    // a loaded voice starts at once (the cell shows loading on the tap itself)
    const found = this.findVoice(list, msgId) ?? (await this.ensureLoaded(list, msgId))
    if (generation !== this.generation || !found) return
    runInAction(() => {
      this.source = list
    })
    await this.start(this.voiceMedia(list, found), startAt, generation)
  }

  /**
   * "Background continuous play" (mini-program): goes on with the lesson's current voice, or
   * starts at its first one; each voice then leads to the next.
   */
  playAll(): void {
    if (this.currentVoiceId && this.playingViewed) {
      if (!this.isPlaying) this.resume()
      return
    }
    const first = this.viewed?.messages.find(isPlayableVoice)
    if (first) void this.playVoice(first.msgId)
  }

  /** A file message's audio (the audio player pages). */
  async playFile(file: { url: string; title: string }): Promise<void> {
    const generation = this.interrupt()
    const media: PlayerMedia = { kind: 'file', id: file.url, url: file.url, title: file.title, singer: '', coverImgUrl: '', duration: 0 }
    await this.start(media, 0, generation)
  }

  /**
   * The 50 MB rule for audio that plays outside the engine (the native-element player page):
   * false, with the notice set, when the file is too large.
   */
  async admitFile(url: string): Promise<boolean> {
    const admitted = checkAudioSize(await this.sizeOf(url)).ok
    if (!admitted) runInAction(() => (this.notice = 'player.audioTooLarge'))
    return admitted
  }

  acceptResume(): Promise<void> {
    const offer = this.resumeOffer
    this.resumeOffer = undefined
    return offer ? this.playVoice(offer.msgId, offer.position) : Promise.resolve()
  }

  dismissResume(): void {
    this.resumeOffer = undefined
  }

  /**
   * "Locate current playback": makes sure the current voice is in the viewed list (loading
   * pages as needed) and answers its msgId for the page to scroll to.
   */
  async locateCurrent(): Promise<string | undefined> {
    const msgId = this.currentVoiceId
    if (!msgId || !this.viewed || !this.playingViewed) return undefined
    return (await this.ensureLoaded(this.viewed, msgId)) ? msgId : undefined
  }

  // ---- transport controls ----

  togglePlay(): void {
    if (this.isPlaying) this.pause()
    else this.resume()
  }

  pause(): void {
    if (!this.current) return
    this.cancelHold()
    if (this.status !== 'idle') this.status = 'paused'
    this.engine.pause()
    this.saveResumePoint(true)
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

  /** Stops and forgets the current media (the panel's close does this too). */
  stop(): void {
    this.interrupt()
    this.saveResumePoint(true)
    this.current = undefined
    this.status = 'idle'
    this.position = 0
    this.duration = 0
    this.engine.stop()
  }

  closePanel(): void {
    this.stop()
    this.panelHidden = true
  }

  /** The next voice, loading more pages when the loaded list ends. */
  async next(): Promise<void> {
    const media = this.current
    if (media?.kind !== 'voice') return
    const generation = this.interrupt()
    const list = this.source
    if (!list) return
    const following = await this.trackAfter(list, media.id, generation)
    if (generation !== this.generation) return
    if (!following) {
      runInAction(() => {
        this.status = 'idle'
        this.position = 0
      })
      // the lesson was heard to the end: nothing to resume next time
      this.storage.remove(RESUME_STORAGE_PREFIX + list.key)
      return
    }
    await this.start(this.voiceMedia(list, following), 0, generation)
  }

  /** The previous voice; at the first one, that one from the start. */
  async previous(): Promise<void> {
    const media = this.current
    const list = this.source
    if (media?.kind !== 'voice' || !list) return
    const voices = list.messages.filter(isPlayableVoice)
    const index = voices.findIndex((m) => m.msgId === media.id)
    const target = index > 0 ? voices[index - 1] : voices[index]
    if (!target) return
    await this.start(this.voiceMedia(list, target), 0, this.interrupt())
  }

  /** Spec 000 §4: a rate change pauses, then resumes after 300 ms. */
  setRate(rate: PlaybackRate): void {
    if (!PLAYBACK_RATES.includes(rate)) return
    this.rate = rate
    this.engine.setRate(rate)
    if (!this.isPlaying) return
    this.hold = 'rate'
    this.engine.pause()
    if (this.rateTimer !== undefined) clearTimeout(this.rateTimer)
    this.rateTimer = setTimeout(() => {
      this.rateTimer = undefined
      if (this.hold !== 'rate') return
      this.hold = undefined
      this.engine.play()
    }, RATE_RESUME_DELAY_MS)
  }

  /** The floating rate button: the next rate of the list, wrapping around. */
  cycleRate(): void {
    const index = PLAYBACK_RATES.indexOf(this.rate)
    this.setRate(PLAYBACK_RATES[(index + 1) % PLAYBACK_RATES.length])
  }

  setVolume(volume: number): void {
    this.volume = Math.min(1, Math.max(0, Number.isFinite(volume) ? volume : 1))
    this.engine.setVolume(this.volume)
  }

  /** Spec 000 §4: dragging the bar pauses... */
  startDrag(): void {
    if (this.dragging || !this.current) return
    const wasPlaying = this.isPlaying || this.hold === 'rate'
    this.cancelHold()
    this.dragging = true
    if (wasPlaying) {
      this.hold = 'drag'
      this.engine.pause()
    }
  }

  dragTo(seconds: number): void {
    if (this.dragging) this.position = this.clampPosition(seconds)
  }

  /** ...and release seeks (0 becomes 0.01 s), then playing goes on. */
  endDrag(seconds: number): void {
    if (!this.current) return
    this.dragging = false
    const target = this.clampPosition(seconds)
    this.position = target
    this.engine.seek(target <= 0 ? SEEK_FLOOR_SECONDS : target)
    if (this.hold === 'drag') {
      this.hold = undefined
      this.engine.play()
    }
  }

  clearNotice(): void {
    this.notice = undefined
  }

  // ---- voice -> text ----

  /** Spec 000 §4: converting, then finished with the text. Only for voices that carry text. */
  convertToText(msgId: string): void {
    const message = this.viewed?.messages.find((m): m is VoiceMessage => m.kind === 'voice' && m.msgId === msgId)
    if (!message?.text || this.transcripts.has(msgId)) return
    this.transcripts.set(msgId, 'converting')
    setTimeout(() => this.finishTranscript(msgId), TRANSCRIPT_REVEAL_MS)
  }

  private finishTranscript(msgId: string): void {
    this.transcripts.set(msgId, 'finished')
  }

  // ---- engine events ----

  private handlePlay(): void {
    if (this.current && !this.hold) this.status = 'playing'
  }

  /**
   * A pause from outside (lock screen, WeChat's player). While loading, the pause of the sound
   * being replaced arrives late and must not stop the new one.
   */
  private handlePause(): void {
    if (this.hold || !this.current) return
    if (this.status === 'playing') this.status = 'paused'
  }

  private handleWaiting(): void {
    if (this.status === 'playing') this.status = 'loading'
  }

  private handleEnded(): void {
    if (!this.current) return
    this.position = this.duration
    if (this.current.kind === 'voice') {
      void this.next()
    } else {
      this.status = 'idle'
      this.position = 0
    }
  }

  /** The system's player was closed (WeChat's floating player): nothing runs any more. */
  private handleStop(): void {
    if (this.status === 'playing' || this.status === 'paused') {
      this.status = 'idle'
      this.cancelHold()
    }
  }

  private handleError(): void {
    if (!this.current) return
    this.cancelHold()
    this.status = 'idle'
    this.notice = 'player.playFailed'
  }

  private handleTimeUpdate(currentTime: number, duration: number): void {
    if (!this.current) return
    if (duration > 0 && Number.isFinite(duration)) {
      this.duration = duration
      this.current.duration = duration
    }
    if (this.dragging) return
    this.position = currentTime
    this.saveResumePoint(false)
  }

  // ---- internals ----

  /** Whatever was under way is now stale; answers the new generation. */
  private interrupt(): number {
    this.cancelHold()
    this.pendingLoad = undefined
    this.generation += 1
    return this.generation
  }

  private cancelHold(): void {
    if (this.rateTimer !== undefined) clearTimeout(this.rateTimer)
    this.rateTimer = undefined
    this.hold = undefined
    this.dragging = false
  }

  private async start(media: PlayerMedia, startAt: number, generation: number): Promise<void> {
    if (this.isPlaying) this.engine.pause()
    runInAction(() => {
      this.current = media
      this.status = 'loading'
      this.position = startAt
      this.duration = media.duration
      this.notice = undefined
      this.panelHidden = false
      this.resumeOffer = undefined
      this.lastSavedPosition = -Infinity
    })
    const size = checkAudioSize(await this.sizeOf(media.url))
    if (generation !== this.generation) return
    if (!size.ok) {
      runInAction(() => {
        this.current = undefined
        this.status = 'idle'
        this.notice = 'player.audioTooLarge'
      })
      this.engine.stop()
      return
    }
    const source: AudioSource = {
      src: media.url,
      title: media.title,
      singer: media.singer,
      coverImgUrl: media.coverImgUrl,
      startAt,
      rate: this.rate,
      volume: this.volume,
    }
    if (this.status === 'paused') this.pendingLoad = source
    else this.engine.load(source)
    this.saveResumePoint(true)
    this.warmUpNext(media)
  }

  /**
   * Size check and decoding of the following voice start now, keeping the gap between voices
   * short. When the playing voice is the last one loaded, the next page is fetched during it,
   * not after it ends.
   */
  private warmUpNext(media: PlayerMedia): void {
    const list = this.source
    if (media.kind !== 'voice' || !list) return
    const generation = this.generation
    void this.trackAfter(list, media.id, generation).then((following) => {
      if (!following || following.msgId === media.id || generation !== this.generation) return
      void this.sizeOf(following.url)
      this.engine.prepare(following.url)
    })
  }

  private sizeOf(url: string): Promise<number | undefined> {
    let size = this.sizes.get(url)
    if (!size) {
      size = this.engine.mediaSize(url).catch(() => undefined)
      this.sizes.set(url, size)
    }
    return size
  }

  private voiceMedia(list: PlaylistSource, message: VoiceMessage): PlayerMedia {
    return {
      kind: 'voice',
      id: message.msgId,
      url: message.url,
      title: list.title,
      singer: message.sender.nickname,
      coverImgUrl: list.coverImgUrl || message.sender.faceIcon || '',
      duration: message.duration,
    }
  }

  private findVoice(list: PlaylistSource, msgId: string): VoiceMessage | undefined {
    return list.messages.find((m): m is VoiceMessage => isPlayableVoice(m) && m.msgId === msgId)
  }

  /** Loads pages of `list` until `msgId` is among its voices or the list ends. */
  private async ensureLoaded(list: PlaylistSource, msgId: string): Promise<VoiceMessage | undefined> {
    let found = this.findVoice(list, msgId)
    while (!found && !list.loadEnd) {
      const before = list.messages.length
      await list.loadMore()
      found = this.findVoice(list, msgId)
      // a failed page adds nothing: stop rather than ask again forever
      if (list.messages.length === before) break
    }
    return found
  }

  /** The voice after `msgId`, loading pages while the loaded list has none. */
  private async trackAfter(list: PlaylistSource, msgId: string, generation: number): Promise<VoiceMessage | undefined> {
    const following = (): VoiceMessage | undefined => {
      const voices = list.messages.filter(isPlayableVoice)
      const index = voices.findIndex((m) => m.msgId === msgId)
      return index === -1 ? undefined : voices[index + 1]
    }
    let found = following()
    while (!found && !list.loadEnd && generation === this.generation) {
      const before = list.messages.length
      await list.loadMore()
      found = following()
      if (list.messages.length === before) break
    }
    return found
  }

  private clampPosition(seconds: number): number {
    const upper = this.duration > 0 ? this.duration : Infinity
    return Math.min(upper, Math.max(0, Number.isFinite(seconds) ? seconds : 0))
  }

  /** Remembers where the lesson is, per lesson (resume where you left off). */
  private saveResumePoint(force: boolean): void {
    const media = this.current
    const list = this.source
    if (media?.kind !== 'voice' || !list) return
    if (!force && Math.abs(this.position - this.lastSavedPosition) < RESUME_SAVE_STEP_SECONDS) return
    this.lastSavedPosition = this.position
    const point: ResumePoint = { msgId: media.id, position: Math.floor(this.position) }
    this.storage.set(RESUME_STORAGE_PREFIX + list.key, JSON.stringify(point))
  }
}
