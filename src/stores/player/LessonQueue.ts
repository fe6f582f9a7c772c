import { makeAutoObservable, runInAction, when } from 'mobx'
import type { KeyValueStorage } from '../../platform/storage/types'
import type { Playback } from './Playback'
import { findVoice, firstVoice, loadVoice, loadVoiceAfter, voiceAfter, voiceBefore, voiceMedia, type PlaylistSource } from './playlist'
import { ResumePoints, type ResumePoint } from './resume'
import type { PlayerMedia } from './types'

/**
 * The lessons' voices in order (spec 000 §4, §9): the list on screen, the list the current voice
 * came from and auto-next through it page by page, and the place to resume each lesson at.
 */
export class LessonQueue {
  /** the list the user is looking at (the lesson page attaches it) */
  viewed: PlaylistSource | undefined = undefined
  /** the list the current voice came from: auto-next walks this one */
  source: PlaylistSource | undefined = undefined
  /** a saved place in the viewed lesson, offered when it is reopened */
  resumeOffer: ResumePoint | undefined = undefined

  private readonly resumes: ResumePoints

  constructor(
    private readonly playback: Playback,
    storage: KeyValueStorage,
  ) {
    this.resumes = new ResumePoints(storage)
    makeAutoObservable<LessonQueue, 'playback' | 'resumes'>(this, { playback: false, resumes: false }, { autoBind: true })
  }

  /** The viewed list contains voice (the background-play button shows only then). */
  get viewedHasVoice(): boolean {
    return this.viewed ? firstVoice(this.viewed) !== undefined : false
  }

  /** The current voice belongs to the lesson on screen. */
  get playingViewed(): boolean {
    return this.source !== undefined && this.source.key === this.viewed?.key
  }

  /** The current voice is its lesson's last: the list is fully loaded and has no voice after it. */
  get onLastVoice(): boolean {
    const id = this.playback.currentVoiceId
    const list = this.source
    return id !== undefined && list !== undefined && list.loadEnd && findVoice(list, id) !== undefined && voiceAfter(list, id) === undefined
  }

  /** The lesson page hands over its list; a saved place in it becomes the resume offer. */
  attach(source: PlaylistSource): void {
    this.viewed = source
    const saved = this.resumes.read(source.key)
    const alreadyPlayingIt = this.source?.key === source.key && this.playback.current !== undefined
    // the same lesson opened again: auto-next and locate now walk the list on screen
    if (alreadyPlayingIt) this.source = source
    this.resumeOffer = alreadyPlayingIt ? undefined : saved
  }

  /** Tap on a voice cell: another voice starts; the playing one stops; a paused one goes on. */
  toggleVoice(msgId: string): void {
    const playback = this.playback
    if (playback.currentVoiceId === msgId && this.playingViewed) {
      if (playback.isPlaying) playback.stop()
      else if (playback.status === 'paused') playback.resume()
      else void this.playVoice(msgId)
      return
    }
    void this.playVoice(msgId)
  }

  /** Plays a voice of the viewed list from `startAt` seconds, loading pages until it is there. */
  async playVoice(msgId: string, startAt = 0): Promise<void> {
    const list = this.viewed
    if (!list) return
    const generation = this.playback.interrupt()
    // a loaded voice starts at once (the cell shows loading on the tap itself)
    const found = findVoice(list, msgId) ?? (await loadVoice(list, msgId))
    if (!this.playback.isLatest(generation) || !found) return
    runInAction(() => {
      this.source = list
    })
    await this.playback.start(voiceMedia(list, found), startAt, generation)
  }

  /**
   * "Background continuous play" (mini-program): goes on with the lesson's current voice, or
   * starts at its first one; each voice then leads to the next.
   */
  playAll(): void {
    if (this.playback.currentVoiceId && this.playingViewed) {
      if (!this.playback.isPlaying) this.playback.resume()
      return
    }
    const first = this.viewed ? firstVoice(this.viewed) : undefined
    if (first) void this.playVoice(first.msgId)
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
    const msgId = this.playback.currentVoiceId
    if (!msgId || !this.viewed || !this.playingViewed) return undefined
    return (await loadVoice(this.viewed, msgId)) ? msgId : undefined
  }

  /** The next voice, loading more pages when the loaded list ends. */
  async next(): Promise<void> {
    const media = this.playback.current
    if (media?.kind !== 'voice') return
    const generation = this.playback.interrupt()
    const list = this.source
    if (!list) return
    const wanted = (): boolean => this.playback.isLatest(generation)
    const following = await loadVoiceAfter(list, media.id, wanted)
    if (!wanted()) return
    if (!following) {
      this.playback.finish()
      // the lesson was heard to the end: nothing to resume next time
      this.resumes.forget(list.key)
      return
    }
    await this.playback.start(voiceMedia(list, following), 0, generation)
  }

  /** The previous voice; at the first one, that one from the start. */
  async previous(): Promise<void> {
    const media = this.playback.current
    const list = this.source
    if (media?.kind !== 'voice' || !list) return
    const target = voiceBefore(list, media.id)
    if (!target) return
    await this.playback.start(voiceMedia(list, target), 0, this.playback.interrupt())
  }

  // ---- what the playback reports (PlaybackOwner) ----

  /** Another media starts: the offer is moot and its first place is saved whatever the step. */
  starting(): void {
    this.resumeOffer = undefined
    this.resumes.restart()
  }

  loaded(media: PlayerMedia, generation: number): void {
    this.savePlace(true)
    this.warmUpNext(media, generation)
  }

  /** Remembers where the lesson is, per lesson (resume where you left off). */
  savePlace(force: boolean): void {
    const media = this.playback.current
    const list = this.source
    if (media?.kind !== 'voice' || !list) return
    this.resumes.save(list.key, media.id, this.playback.position, force)
  }

  /**
   * Once `media` is sounding, the following voice is size-checked, fetched and decoded, so it
   * is ready before this one ends. When the playing voice is the last one loaded, the next page
   * is fetched during it, not after it ends. Waiting for the sound keeps that work (a page of
   * rows to render, a download) out of the moment the new voice starts.
   */
  private warmUpNext(media: PlayerMedia, generation: number): void {
    const list = this.source
    if (media.kind !== 'voice' || !list) return
    const wanted = (): boolean => this.playback.isLatest(generation)
    void when(() => this.playback.status === 'playing' || !wanted())
      .then(() => (wanted() ? loadVoiceAfter(list, media.id, wanted) : undefined))
      .then((following) => {
        if (!following || following.msgId === media.id || !wanted()) return
        this.playback.prepare(following.url)
      })
  }
}
