import { makeAutoObservable, runInAction } from 'mobx'
import { ApiError } from '../../api/client'
import type { LiveApi, LiveInfo } from '../../api/live'
import { ResponseCode } from '../../../types/api'
import { LIVE_PASSWORD_MIN_LENGTH } from '../../api/live'
import type { LiveChatMessage, LiveSender } from '../../domain/chat/liveMessage'
import type { PickRefusal } from '../../domain/chat/fileMessage'
import type { ChatFile, ChatFileKind } from '../../../types/chatUpload'
import type { PickedFile } from '../../platform/chatFile'
import type { ChatroomClient, ChatroomIdentity, ChatroomInfo, ChatroomMemberInfo, ChatroomModeration } from '../../im'
import type { LoginData } from '../../../types/login'
import { LiveChatStore } from './LiveChatStore'
import { ModerationStore } from './ModerationStore'

/** spec 001 §9: replay speeds */
export const LIVE_RATES = [0.75, 1, 1.25, 1.5, 2] as const
export type LiveRate = (typeof LIVE_RATES)[number]
/** how often the watch count is asked again while watching */
export const WATCH_COUNT_EVERY_MS = 30_000
/**
 * A player error becomes the broken-stream dialog only when playback has not gone on for this long:
 * the H5 player reports the errors its HLS engine recovers from too (a late segment on a busy network).
 */
export const STREAM_RECOVERY_MS = 5_000

/** What /liveHome shows (spec 001 §2, §4 older live viewer). */
export type LiveView =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  /** the current behaviour: live only in the app (spec 001 §8 live in external view) */
  | { kind: 'appOnly' }
  /** choose: chat-app login or guest */
  | { kind: 'identity' }
  /** a replay with a password */
  | { kind: 'password' }
  | { kind: 'ended' }
  | { kind: 'watching' }
  /**
   * A paid live (or its replay) the viewer may not watch: a guest, or a login that has not bought it
   * (spec 001 §6). The way on is the pay flow's: log in, buy (/lessonPay of the live), or the app.
   */
  | { kind: 'paid' }
  /** /liveHomeAdmin without a session: why it needs one, and the way to log in */
  | { kind: 'adminLogin' }

/** What the page asks for: a live, its replay, or the admin view. */
export type LiveMode = 'live' | 'replay' | 'admin'

/** Toast keys the screen localises. */
export type LiveNotice = 'commentNeedsLogin' | 'subscribeNeedsLogin' | 'replayNoComment' | 'passwordTooShort'

export interface LiveHomeDeps {
  api: LiveApi
  /** the chat-app login, when there is one */
  login: () => LoginData | undefined
  /** whether the app has a session (userid and token), which /liveHomeAdmin's play info needs */
  signedIn: () => boolean
  /** a chat room client for the live's appKey ('' the local room) */
  createClient: (appKey: string) => ChatroomClient
  /** the host's tools through our server, for a room whose client has none (NetEase IM's web SDK) */
  serverModeration?: (courseData: string) => ChatroomModeration
  /** the page is on https (file messages' http urls are then taken as https) */
  securePage?: () => boolean
  /** uploads a file for a file, image or audio message to the room (src/api/chatUpload.ts); none: only comments */
  uploadFile?: (chatroomId: string, kind: ChatFileKind, name: string, file: PickedFile, onProgress: (fraction: number) => void) => Promise<ChatFile>
  /** a guest's nick in the room */
  guestNick: () => string
  notice: (key: LiveNotice) => void
  messageOf: (err: unknown) => string
  now?: () => number
}

/**
 * One live page: the info, who watches (chat-app login or guest), the stream, the chat room, the
 * watch count, subscribing, the replay's password and speed. The server decides every access rule;
 * this store only asks and shows what it answers.
 */
export class LiveHomeStore {
  view: LiveView = { kind: 'loading' }
  info: LiveInfo | undefined = undefined
  watchCount = 0
  /** the player failed: the dialog that sends the user to /refresh */
  streamBroken = false
  /**
   * The page is on screen. A hidden page (another page opened over it, /refresh's re-entry among
   * them) keeps no player, no chat connection and no timers: `suspend`, then `resume` when it shows.
   */
  active = true
  /** the platform refused to start playback without a tap (a browser's autoplay policy): the play button */
  playRefused = false
  rate: LiveRate = 1
  /** the order that has just paid for this live (the route's `orderNO`), sent with the stream call */
  private paidOrder: string | undefined = undefined
  chat: LiveChatStore | undefined = undefined
  /** /liveHomeAdmin's moderation panel, once the room is entered (issue 29, item 5) */
  moderation: ModerationStore | undefined = undefined
  /** the room as the moderators left it (announcement, the whole room's mute), for every viewer */
  room: ChatroomInfo | undefined = undefined
  private stopRoomNews: (() => void) | undefined = undefined
  subscribing = false
  private courseData = ''
  /** the route's `groupid` query (spec 001 §2): the group whose watch count the page asks */
  private groupid: string | undefined = undefined
  private mode: LiveMode = 'live'
  private client: ChatroomClient | undefined = undefined
  private countTimer: ReturnType<typeof setInterval> | undefined = undefined
  private brokenTimer: ReturnType<typeof setTimeout> | undefined = undefined
  /** moves on at every suspend and dispose: an answer that arrives for an older one opens nothing */
  private generation = 0
  private readonly now: () => number

  constructor(private readonly deps: LiveHomeDeps) {
    this.now = deps.now ?? Date.now
    makeAutoObservable<LiveHomeStore, 'deps' | 'client' | 'countTimer' | 'brokenTimer' | 'generation' | 'now' | 'stopRoomNews'>(this, {
      deps: false,
      client: false,
      countTimer: false,
      brokenTimer: false,
      generation: false,
      now: false,
      stopRoomNews: false,
    })
  }

  /**
   * Whether the viewer is the live's host (issue 30, item 6): the chat-app login's user, or the
   * account the room was entered with. A host does not subscribe to himself.
   */
  get isOwnLive(): boolean {
    const host = this.info?.wmid
    if (!host) return false
    return this.deps.login()?.userid === host || this.info?.watchData?.account === host
  }

  get isReplay(): boolean {
    return this.mode === 'replay'
  }

  get loggedIn(): boolean {
    return this.deps.login() !== undefined
  }

  /** `groupid`: the route's query, which the watch count asks for instead of the info's group */
  async load(courseData: string, mode: LiveMode, groupid?: string): Promise<void> {
    this.courseData = courseData
    this.groupid = groupid
    this.mode = mode
    this.active = true
    this.view = { kind: 'loading' }
    if (mode === 'admin') {
      // without a session the call can only answer 601, which would open /profile saying a login expired
      if (!this.deps.signedIn()) this.view = { kind: 'adminLogin' }
      else await this.enter(() => this.deps.api.adminPlay(courseData))
      return
    }
    const generation = this.generation
    try {
      const info = await this.deps.api.info(courseData, this.deps.login()?.loginData)
      if (generation !== this.generation) return
      runInAction(() => {
        this.info = info
        this.watchCount = info.watchCount
        if (info.isAppOnly === 1) this.view = { kind: 'appOnly' }
        // a guest cannot watch a paid live or its replay: nothing to ask the server
        else if (info.liveP === 1 && !this.loggedIn && (mode === 'replay' || info.status !== 2)) this.view = { kind: 'paid' }
        else if (mode === 'replay') this.view = info.isPlayPass === 1 ? { kind: 'password' } : { kind: 'loading' }
        else if (info.status === 2) this.view = { kind: 'ended' }
        else this.view = this.loggedIn ? { kind: 'loading' } : { kind: 'identity' }
      })
      if (this.view.kind !== 'loading') return
      await (mode === 'replay' ? this.openReplay(undefined) : this.watch())
    } catch (err) {
      runInAction(() => (this.view = { kind: 'failed', message: this.deps.messageOf(err) }))
    }
  }

  /** The order the viewer has just paid this live with (the route's `orderNO`): the server confirms it before it answers. */
  setPaidOrder(orderNO: string | undefined): void {
    this.paidOrder = orderNO
  }

  /** After the chat-app login: the page as the logged-in viewer sees it (a live plays at once). */
  afterLogin(): Promise<void> {
    return this.load(this.courseData, this.mode, this.groupid)
  }

  /** The guest choice, or after the chat-app login: the stream and the room. */
  watch(): Promise<void> {
    this.view = { kind: 'loading' }
    return this.enter(() => this.deps.api.play(this.courseData, this.deps.login(), this.paidOrder))
  }

  /** Spec 001 §5: under 4 characters is the toast without a call; a wrong one is the server's toast. */
  async openReplay(password: string | undefined): Promise<void> {
    if (password !== undefined && password.length < LIVE_PASSWORD_MIN_LENGTH) {
      this.deps.notice('passwordTooShort')
      return
    }
    try {
      const info = await this.deps.api.playback(this.courseData, password, this.deps.login()?.loginData)
      runInAction(() => {
        this.info = info
        this.view = { kind: 'watching' }
      })
    } catch (err) {
      // the transport toasted the server's message; without a password prompt there is nothing to retry
      runInAction(() => {
        if (this.notBought(err)) this.view = { kind: 'paid' }
        else if (this.view.kind !== 'password') this.view = { kind: 'failed', message: this.deps.messageOf(err) }
      })
    }
  }

  private async enter(fetch: () => Promise<LiveInfo>): Promise<void> {
    const generation = this.generation
    try {
      const info = await fetch()
      if (generation !== this.generation) return
      runInAction(() => {
        this.info = info
        this.watchCount = info.watchCount
        this.view = info.status === 2 || info.playUrl === '' ? { kind: 'ended' } : { kind: 'watching' }
      })
      if (this.view.kind === 'watching') {
        this.startCounting()
        await this.openChat(info)
      }
    } catch (err) {
      runInAction(() => (this.view = this.notBought(err) ? { kind: 'paid' } : { kind: 'failed', message: this.deps.messageOf(err) }))
    }
  }

  /** The server refused the stream of a paid live that is on (or its replay): the viewer has not bought it. */
  private notBought(err: unknown): boolean {
    const info = this.info
    return err instanceof ApiError && err.code === ResponseCode.Forbidden && info?.liveP === 1 && info.isAppOnly !== 1 && info.status !== 0
  }

  private async openChat(info: LiveInfo): Promise<void> {
    const room = info.watchData
    if (!room || this.chat || !this.active) return
    const client = this.deps.createClient(room.appKey)
    this.client = client
    const { uploadFile } = this.deps
    const chat = new LiveChatStore(client, {
      onNotice: (notice) => this.onNotice(notice),
      messageOf: this.deps.messageOf,
      ...(uploadFile ? { upload: (kind, name, file, onProgress) => uploadFile(room.chatroomId, kind, name, file, onProgress) } : {}),
    })
    runInAction(() => (this.chat = chat))
    const identity: ChatroomIdentity =
      room.account && room.imToken ? { kind: 'account', account: room.account, token: room.imToken } : { kind: 'guest', nick: this.deps.guestNick() }
    try {
      const entered = await client.enter({ chatroomId: room.chatroomId, addresses: room.chatroomAddresses, identity, ...(this.deps.securePage ? { securePage: this.deps.securePage() } : {}) })
      if (this.client === client) {
        runInAction(() => (this.room = entered.room))
        this.stopRoomNews = client.moderation?.onRoom((room) => runInAction(() => (this.room = room)))
        if (this.mode === 'admin') this.openModeration(client, entered.member)
      }
      await chat.loadEarlier()
    } catch {
      // the chat's status shows the failure; the stream keeps playing
    }
  }

  private openModeration(client: ChatroomClient, self: ChatroomMemberInfo): void {
    // through our server the live decides the role: its host is the owner, an admin a manager (the page opened for no one else)
    const viaServer = client.moderation ? undefined : this.deps.serverModeration?.(this.courseData)
    const role = viaServer ? { account: self.account, type: this.info?.wmid === self.account ? ('owner' as const) : ('manager' as const) } : self
    const moderation = new ModerationStore(client, role, viaServer ?? client.moderation)
    runInAction(() => (this.moderation = moderation))
    void moderation.load()
  }

  /** `live_deinit`: the stream restarted; ask for its address again. */
  private onNotice(notice: LiveChatMessage): void {
    if (notice.type !== 'live_deinit' || this.mode === 'replay') return
    const generation = this.generation
    const fetch = this.mode === 'admin' ? this.deps.api.adminPlay(this.courseData) : this.deps.api.play(this.courseData, this.deps.login(), this.paidOrder)
    void fetch.then(
      (info) =>
        runInAction(() => {
          if (generation !== this.generation) return
          this.info = info
          if (info.status === 2 || info.playUrl === '') this.view = { kind: 'ended' }
        }),
      () =>
        runInAction(() => {
          if (generation === this.generation) this.streamBroken = true
        }),
    )
  }

  private startCounting(): void {
    const info = this.info
    if (!info || this.countTimer !== undefined || this.mode === 'replay' || !this.active) return
    const groupid = this.groupid ?? info.groupid
    this.countTimer = setInterval(() => void this.refreshCount(groupid), WATCH_COUNT_EVERY_MS)
  }

  async refreshCount(groupid: string): Promise<void> {
    try {
      const count = await this.deps.api.watchCount(groupid, this.now())
      if (count !== undefined) runInAction(() => (this.watchCount = count))
    } catch {
      // the count shown stays; the next tick asks again
    }
  }

  /** The player failed: the dialog, unless playback goes on within STREAM_RECOVERY_MS (`streamPlaying`). */
  streamFailed(): void {
    if (this.view.kind !== 'watching' || !this.active || this.brokenTimer !== undefined) return
    this.brokenTimer = setTimeout(() => runInAction(() => (this.streamBroken = true)), STREAM_RECOVERY_MS)
  }

  /**
   * The player's time moved: an error before it was recovered from. (Not that it plays: a browser
   * reports a time as it loads the first frame of a stream it refused to start.)
   */
  streamPlaying(): void {
    clearTimeout(this.brokenTimer)
    this.brokenTimer = undefined
  }

  /** Playback started (the player's play event). */
  playbackStarted(): void {
    this.playRefused = false
  }

  /** Starting playback was refused until the viewer taps (the screen's play button starts it). */
  playbackRefused(): void {
    if (this.active) this.playRefused = true
  }

  setRate(rate: LiveRate): void {
    this.rate = rate
  }

  /** Spec 001 §5: replays cannot be commented; commenting needs the chat-app login. */
  async send(text: string): Promise<boolean> {
    if (this.mode === 'replay') {
      this.deps.notice('replayNoComment')
      return false
    }
    const login = this.deps.login()
    if (!login || !this.chat || !this.info?.watchData?.account) {
      this.deps.notice('commentNeedsLogin')
      return false
    }
    const trimmed = text.trim()
    if (!trimmed) return false
    const sender: LiveSender = { nickname: login.nickname ?? '', faceIcon: login.faceIcon ?? '', uid: this.info.watchData.account, updateTime: this.now() }
    await this.chat.send(trimmed, sender)
    return true
  }

  /**
   * A picked file, image or audio to the chat, under the comment's rules (spec 001 §5: a chat-app
   * login, no comments in a replay); a file the room cannot take is said at once (its refusal key).
   */
  async sendFile(kind: ChatFileKind, file: PickedFile): Promise<PickRefusal | undefined> {
    if (this.mode === 'replay') {
      this.deps.notice('replayNoComment')
      return undefined
    }
    const login = this.deps.login()
    if (!login || !this.chat || !this.info?.watchData?.account) {
      this.deps.notice('commentNeedsLogin')
      return undefined
    }
    const sender: LiveSender = { nickname: login.nickname ?? '', faceIcon: login.faceIcon ?? '', uid: this.info.watchData.account, updateTime: this.now() }
    return this.chat.sendFile(kind, file, sender)
  }

  /** Spec 001 §5: subscribing needs the chat-app login; the state follows the server's answer. */
  async toggleSubscribe(): Promise<void> {
    const login = this.deps.login()
    const info = this.info
    if (!login) {
      this.deps.notice('subscribeNeedsLogin')
      return
    }
    if (!info || this.subscribing) return
    this.subscribing = true
    const on = info.isSubscribe !== 1
    try {
      await this.deps.api.subscribe(info.wmid, login.loginData, on)
      runInAction(() => {
        if (this.info) this.info = { ...this.info, isSubscribe: on ? 1 : 0 }
      })
    } catch {
      // toasted by the transport; the state stays what the server has
    } finally {
      runInAction(() => (this.subscribing = false))
    }
  }

  /**
   * The page hides (another page over it, or /refresh's re-entry): the player leaves the screen
   * (`active`), the chat room is left and the timers stop. What the page shows stays, for `resume`.
   */
  suspend(): void {
    if (!this.active) return
    this.active = false
    this.release()
  }

  /**
   * The page shows again after `suspend`: a live or the admin view asks for its stream again (its
   * address and token may have changed meanwhile) and re-enters the chat; a replay plays again.
   */
  resume(): void {
    if (this.active) return
    this.active = true
    this.streamBroken = false
    this.playRefused = false
    if (this.view.kind !== 'watching' || this.mode === 'replay') return
    const login = this.deps.login()
    void this.enter(() => (this.mode === 'admin' ? this.deps.api.adminPlay(this.courseData) : this.deps.api.play(this.courseData, login, this.paidOrder)))
  }

  /** The page is gone: nothing of it plays, connects or ticks any more. */
  dispose(): void {
    this.active = false
    this.release()
  }

  private release(): void {
    this.generation += 1
    clearTimeout(this.brokenTimer)
    this.brokenTimer = undefined
    clearInterval(this.countTimer)
    this.countTimer = undefined
    this.chat?.dispose()
    this.chat = undefined
    this.moderation?.dispose()
    this.moderation = undefined
    this.stopRoomNews?.()
    this.stopRoomNews = undefined
    const client = this.client
    this.client = undefined
    void client?.exit()
  }
}
