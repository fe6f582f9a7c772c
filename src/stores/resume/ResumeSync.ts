import { makeAutoObservable, reaction, runInAction } from 'mobx'
import type { ResumeApi } from '../../api/resume'
import {
  RESUME_MIN_MOVE_SECONDS,
  RESUME_SYNC_INTERVAL_MS,
  chooseResume,
  placeBehind,
  type ResumeDevice,
  type ResumePlace,
} from '../../domain/resume'
import { STORAGE_KEYS } from '../../domain/storageKeys'
import type { PlatformDevice } from '../../platform/device/types'
import type { KeyValueStorage } from '../../platform/storage/types'
import type { PlayerStore } from '../player'

/** When this device last sent its place in a lesson (epoch ms), per lesson: what the merge compares. */
export const RESUME_STAMP_PREFIX = 'resume.at.'

/** What the sync reads of the player and asks of it: the public face of the one player. */
export type ResumePlayer = Pick<
  PlayerStore,
  'viewed' | 'source' | 'current' | 'status' | 'position' | 'resumeOffer' | 'playingViewed' | 'playVoice' | 'dismissResume'
>

export interface ResumeSyncDeps {
  player: ResumePlayer
  api: Pick<ResumeApi, 'save' | 'place'>
  session: { readonly loggedIn: boolean }
  storage: KeyValueStorage
  device: PlatformDevice
  now: () => number
}

/** Another device's newer place in the lesson on screen, offered as "continue from 12:34 (from your phone)". */
export interface RemoteOffer {
  courseData: string
  msgId: string
  position: number
  device: ResumeDevice
}

interface SentPlace {
  courseData: string
  msgId: string
  position: number
}

/** Only v2 lessons (a courseData) have a place on the server; old `data` links keep the local one alone. */
const isServerLesson = (key: string | undefined): key is string => key !== undefined && key !== '' && !key.startsWith('legacy:')

function randomDeviceId(): string {
  let id = ''
  while (id.length < 20) id += Math.random().toString(36).slice(2)
  return id.slice(0, 20)
}

/**
 * Resume on any device (issue 35 item 4). While a logged-in listener plays a voice of a lesson, its
 * place (a little behind the playhead) goes to the server at most every RESUME_SYNC_INTERVAL_MS,
 * and at once on a pause, a stop or when the app leaves the screen; a place that barely moved is
 * not sent again. When a lesson opens, the server's place is asked for and merged with this
 * device's (src/domain/resume.ts `chooseResume`): another device's newer place becomes the
 * offer the lesson shows in place of the local one. Logged out, nothing is sent or asked: the
 * player's local resume is all there is.
 */
export class ResumeSync {
  offer: RemoteOffer | undefined = undefined

  readonly deviceId: string
  private sent: SentPlace | undefined = undefined
  private latest: SentPlace | undefined = undefined
  private lastSentAt = -Infinity
  private sending = false
  private again = false

  constructor(private readonly deps: ResumeSyncDeps) {
    const stored = deps.storage.get(STORAGE_KEYS.resumeDevice)
    this.deviceId = stored && /^[A-Za-z0-9_-]{8,64}$/.test(stored) ? stored : randomDeviceId()
    if (this.deviceId !== stored) deps.storage.set(STORAGE_KEYS.resumeDevice, this.deviceId)
    makeAutoObservable<ResumeSync, 'deps' | 'sent' | 'latest' | 'lastSentAt' | 'sending' | 'again'>(
      this,
      { deps: false, deviceId: false, sent: false, latest: false, lastSentAt: false, sending: false, again: false },
      { autoBind: true },
    )
  }

  /** The offer for the lesson on screen, unless that lesson is already playing. */
  get shownOffer(): RemoteOffer | undefined {
    const { player } = this.deps
    const offer = this.offer
    if (!offer || player.viewed?.key !== offer.courseData) return undefined
    if (player.playingViewed && player.current !== undefined) return undefined
    return offer
  }

  /** Starts watching the player and the app's visibility; answers how to stop. */
  start(): () => void {
    const { player, session, device } = this.deps
    const stopPlace = reaction(
      () => ({ key: player.source?.key, media: player.current, status: player.status, position: player.position }),
      ({ key, media, status, position }) => {
        if (!session.loggedIn) return
        // stopped, or the lesson heard to its end (the playhead back at 0): the last place heard goes now
        if (status === 'idle') {
          void this.flush(true)
          return
        }
        if (!isServerLesson(key) || media?.kind !== 'voice') return
        this.latest = { courseData: key, msgId: media.id, position: placeBehind(position) }
        if (status === 'paused') void this.flush(true)
        else if (this.deps.now() - this.lastSentAt >= RESUME_SYNC_INTERVAL_MS) void this.flush(false)
      },
    )
    const stopOffer = reaction(
      () => ({ key: player.viewed?.key, loggedIn: session.loggedIn }),
      ({ key, loggedIn }) => {
        this.offer = undefined
        if (loggedIn && isServerLesson(key)) void this.askServer(key)
      },
      { fireImmediately: true },
    )
    const stopHide = device.onHide(() => void this.flush(true))
    return () => {
      stopPlace()
      stopOffer()
      stopHide()
    }
  }

  /**
   * Sends the latest place unless the server has it already (one request at a time). While playing
   * (`exact` false) a place that moved less than RESUME_MIN_MOVE_SECONDS counts as sent; a pause, a
   * stop or a hidden app (`exact`) sends any place the server does not have exactly.
   */
  async flush(exact = true): Promise<void> {
    const place = this.latest
    if (!place || !this.deps.session.loggedIn || this.isSent(place, exact)) return
    if (this.sending) {
      this.again = true
      return
    }
    this.sending = true
    const at = this.deps.now()
    this.lastSentAt = at
    const saved: ResumePlace = { msgId: place.msgId, position: place.position, at, deviceId: this.deviceId, device: this.deps.device.kind() }
    try {
      await this.deps.api.save(place.courseData, saved)
      this.sent = place
      this.deps.storage.set(RESUME_STAMP_PREFIX + place.courseData, String(at))
    } catch {
      // a failed save is sent again with the next place (the interval keeps it from flooding)
    } finally {
      this.sending = false
    }
    if (this.again) {
      this.again = false
      await this.flush(true)
    }
  }

  accept(): Promise<void> {
    const offer = this.shownOffer
    this.offer = undefined
    if (!offer) return Promise.resolve()
    this.deps.player.dismissResume()
    return this.deps.player.playVoice(offer.msgId, offer.position)
  }

  dismiss(): void {
    this.offer = undefined
    this.deps.player.dismissResume()
  }

  private isSent(place: SentPlace, exact: boolean): boolean {
    const sent = this.sent
    if (sent === undefined || sent.courseData !== place.courseData || sent.msgId !== place.msgId) return false
    const moved = Math.abs(sent.position - place.position)
    return exact ? moved === 0 : moved < RESUME_MIN_MOVE_SECONDS
  }

  private localStamp(courseData: string): number | undefined {
    const raw = this.deps.storage.get(RESUME_STAMP_PREFIX + courseData)
    const at = raw === undefined ? NaN : Number(raw)
    return Number.isFinite(at) ? at : undefined
  }

  private async askServer(courseData: string): Promise<void> {
    let remote: ResumePlace | undefined
    try {
      remote = await this.deps.api.place(courseData)
    } catch {
      // no answer: the local place (if any) is what the lesson offers
      return
    }
    const { player } = this.deps
    if (player.viewed?.key !== courseData) return
    const choice = chooseResume(
      { has: player.resumeOffer !== undefined, at: this.localStamp(courseData) },
      remote,
      this.deviceId,
      this.deps.now(),
    )
    runInAction(() => {
      this.offer = choice.kind === 'remote' ? { courseData, msgId: choice.place.msgId, position: choice.place.position, device: choice.place.device } : undefined
    })
  }
}
