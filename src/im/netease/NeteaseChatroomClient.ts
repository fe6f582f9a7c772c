import { IM_LIMITS, TRIVIAL_SEND_ERROR } from '../../domain/chat/constants'
import { KIND_OF_CODE, onNetEaseStorage } from '../../domain/chat/fileMessage'
import { normaliseLiveMessage, type LiveChatMessage, type LiveContent } from '../../domain/chat/liveMessage'
import { DeliveryFilter, Listeners } from '../emitter'
import type { ChatFile, NetEaseFileMessage } from '../../../types/chatUpload'
import { ChatroomError, type ChatroomClient, type ChatroomErrorKind, type ChatroomMemberInfo, type ChatroomStatus, type EnterOptions, type EnterResult, type ExitReason, type Unsubscribe } from '../types'
import type { NimChatroomInstance, NimChatroomMember, NimChatroomMessage, NimChatroomSdk } from '../../platform/imSdk/types'

const CATCH_UP_PAGE = 100
/** The SDK's names of file messages: taken from NetEase's server API (our server) or on NetEase's own storage. */
const FILE_TYPES: ReadonlySet<string> = new Set(['image', 'audio', 'video', 'file'])
/** The SDK's fromClientType of a message NetEase's server API sent. */
const FROM_SERVER = 'Server'

/**
 * Sends a file uploaded to this room (src/api/chatUpload.ts) through our server, which checks the
 * sender and sends it with NetEase's server API in the sender's name: the message NetEase took.
 */
export type NetEaseFileSender = (chatroomId: string, url: string, idClient: string) => Promise<NetEaseFileMessage>

export interface NeteaseClientOptions {
  deviceId?: string
  /** files, images and audio; without it the room takes only comments from this app */
  sendFile?: NetEaseFileSender
}
const KIND_BY_CODE: Readonly<Record<number, ChatroomErrorKind>> = { 13003: 'blacklisted', 13004: 'muted', 13006: 'roomMuted', 13002: 'closed', 302: 'unauthorized', 403: 'forbidden', 404: 'noRoom', 414: 'badRequest' }
/** The SDK's kicked reasons (its 'kicked' event) as our exit reasons; any other is a kick. */
const EXIT_BY_REASON: Readonly<Record<string, ExitReason>> = { blacked: 'blacklisted', chatroomClosed: 'closed', managerKick: 'kicked' }

function errorOf(error: unknown): ChatroomError {
  if (error instanceof ChatroomError) return error
  const code = typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'number' ? error.code : 0
  const message = error instanceof Error ? error.message : 'the chat room refused'
  return new ChatroomError(KIND_BY_CODE[code] ?? 'refused', code, message)
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChatroomError('timeout', 0, `${what} timed out`)), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

const memberInfo = (m: NimChatroomMember): ChatroomMemberInfo => ({
  account: m.account,
  type: m.type,
  nick: m.nick,
  avatar: m.avatar,
  online: m.online ?? false,
  muted: Boolean(m.chatBanned || m.tempMuted),
  gaged: m.chatBanned ?? false,
  tempMuteDuration: m.tempMuted ? (m.tempMuteDuration ?? 0) : 0,
  blacked: m.blacked ?? false,
})

/**
 * The chat room client over NetEase IM's chatroom SDK (nim-web-sdk-ng, loaded only when a room has an
 * appKey). The SDK owns the socket and its reconnection; we give it the spec's attempt count, bound
 * its login and commands by the spec's time-outs, report its reconnection as our status, re-fetch the
 * history after it logs in again and hand on every message once, normalised with its flow.
 */
export class NeteaseChatroomClient implements ChatroomClient {
  private readonly messageListeners = new Listeners<LiveChatMessage[]>()
  private readonly statusListeners = new Listeners<ChatroomStatus>()
  private readonly delivered = new DeliveryFilter()
  private sdk: NimChatroomInstance | undefined
  private account = ''
  private newestTime: number | undefined
  private leaving = false
  private entered = false
  private current: ChatroomStatus = { state: 'idle' }

  /**
   * None on the SDK: NetEase's web SDK lacks the room's mute and close (its server API has them), so
   * the host's tools go through our server (NeteaseModeration.ts, given by the live page).
   */
  readonly moderation = undefined

  private readonly deviceId: string
  private chatroomId = ''

  /**
   * A file, image or audio message (spec 001 §3): not through the SDK, which would take any file
   * from any member straight to NetEase's storage, but through our server, which checks the sender
   * and the file (its upload's record) and sends it with NetEase's server API. Every member
   * receives it from the server (`fromClientType` Server), the sender too, under the same id.
   */
  readonly sendFile: ((file: ChatFile, idClient: string) => Promise<LiveChatMessage>) | undefined

  constructor(
    private readonly appKey: string,
    private readonly loadSdk: () => Promise<NimChatroomSdk>,
    options: NeteaseClientOptions = {},
  ) {
    this.deviceId = options.deviceId ?? `dev-${Math.random().toString(36).slice(2)}`
    const sender = options.sendFile
    this.sendFile = sender ? (file, idClient) => this.sendThroughServer(sender, file, idClient) : undefined
  }

  get status(): ChatroomStatus {
    return this.current
  }

  onMessages(listener: (messages: LiveChatMessage[]) => void): Unsubscribe {
    return this.messageListeners.add(listener)
  }

  onStatus(listener: (status: ChatroomStatus) => void): Unsubscribe {
    return this.statusListeners.add(listener)
  }

  /** the page is on https (spec 001 §3 secure-page mode) */
  private securePage = false

  async enter(options: EnterOptions): Promise<EnterResult> {
    this.securePage = options.securePage === true
    this.chatroomId = options.chatroomId
    this.leaving = false
    this.setStatus({ state: 'connecting' })
    const Chatroom = await this.loadSdk()
    const identity = options.identity
    const sdk = Chatroom.getInstance({
      appkey: this.appKey,
      account: identity.kind === 'account' ? identity.account : '',
      token: identity.kind === 'account' ? identity.token : '',
      chatroomId: options.chatroomId,
      chatroomAddresses: [...options.addresses],
      isAnonymous: identity.kind === 'guest',
      needReconnect: true,
      reconnectionAttempts: IM_LIMITS.maxReconnectionAttempts,
      debugLevel: 'off',
    })
    this.sdk = sdk
    const logined = new Promise<EnterResult>((resolve) => {
      sdk.on('logined', (result) => {
        this.account = sdk.account
        if (!this.entered) {
          this.entered = true
          const chatroom = result.chatroom
          resolve({
            account: sdk.account,
            member: memberInfo(result.member),
            roomName: chatroom.name ?? '',
            onlineMemberNum: chatroom.onlineMemberNum ?? 0,
            room: { name: chatroom.name ?? '', announcement: chatroom.announcement ?? '', mute: chatroom.mute ?? false, onlineMemberNum: chatroom.onlineMemberNum ?? 0, creator: chatroom.creator ?? '' },
          })
          return
        }
        this.setStatus({ state: 'connected' })
        this.catchUp().catch(() => undefined)
      })
    })
    sdk.on('chatroomMsg', (message) => this.deliver([message]))
    sdk.on('willReconnect', ({ retryCount, duration }) => {
      if (!this.leaving) this.setStatus({ state: 'reconnecting', attempt: retryCount, delayMs: duration, final: retryCount > IM_LIMITS.maxReconnectionAttempts })
    })
    sdk.on('disconnect', () => {
      // the SDK publishes disconnect when the attempts ran out (and on an intentional exit)
      if (!this.leaving && this.current.state === 'reconnecting') this.setStatus({ state: 'failed' })
    })
    sdk.on('kicked', ({ reason }) => {
      this.leaving = true
      this.setStatus({ state: 'exited', reason: EXIT_BY_REASON[reason] ?? 'kicked' })
    })
    try {
      await withTimeout(sdk.connect(), IM_LIMITS.connectTimeoutMs + IM_LIMITS.handshakeTimeoutMs, 'entering the chat room')
      const result = await withTimeout(logined, IM_LIMITS.handshakeTimeoutMs, 'logging in to the chat room')
      this.setStatus({ state: 'connected' })
      return result
    } catch (error) {
      const failure = errorOf(error)
      if (!this.leaving) this.setStatus({ state: 'failed', reason: failure.kind })
      await sdk.destroy().catch(() => undefined)
      throw failure
    }
  }

  async exit(): Promise<void> {
    if (this.leaving && this.current.state === 'exited') return
    this.leaving = true
    const sdk = this.sdk
    this.sdk = undefined
    this.setStatus({ state: 'exited', reason: 'intentional' })
    if (sdk) await sdk.destroy().catch(() => undefined)
  }

  async send(content: LiveContent, idClient: string): Promise<LiveChatMessage> {
    const sdk = this.connected()
    try {
      const sent = await withTimeout(sdk.chatroomMsg.sendCustomMsg({ body: JSON.stringify(content) }), IM_LIMITS.commandTimeoutMs, 'sending')
      const message = this.normalise(sent)
      if (!message) throw new ChatroomError('refused', 0, 'the SDK answered with an unreadable message')
      this.delivered.fresh([message])
      this.noteTime([message])
      return message
    } catch (error) {
      const failure = errorOf(error)
      if (failure.code !== TRIVIAL_SEND_ERROR) throw failure
      // spec 001 §8: 7101 on send is trivial: the message stands as sent
      const message = this.normalise({ chatroomId: '', idClient, from: this.account, time: content.time, type: 'custom', body: JSON.stringify(content) })
      if (!message) throw failure
      return message
    }
  }

  private async sendThroughServer(sender: NetEaseFileSender, file: ChatFile, idClient: string): Promise<LiveChatMessage> {
    this.connected()
    const sent = await sender(this.chatroomId, file.url, idClient)
    const message = this.normalise({ chatroomId: this.chatroomId, idClient: sent.idClient, from: sent.from, fromNick: sent.fromNick, fromAvatar: sent.fromAvatar, time: sent.time, type: KIND_OF_CODE[sent.type] ?? String(sent.type), body: { ...sent.attach }, fromClientType: FROM_SERVER })
    if (!message) throw new ChatroomError('refused', 0, 'the server answered with an unreadable message')
    this.delivered.fresh([message])
    this.noteTime([message])
    return message
  }

  async history(timetag: number, limit: number = IM_LIMITS.historyBatch): Promise<LiveChatMessage[]> {
    const sdk = this.connected()
    try {
      const page = await withTimeout(sdk.chatroomMsg.queryMessageHistory({ timetag, limit, reverse: false }), IM_LIMITS.commandTimeoutMs, 'history')
      return page.flatMap((m) => this.normalise(m) ?? []).reverse()
    } catch (error) {
      throw errorOf(error)
    }
  }

  async members(guest: boolean, time = 0): Promise<ChatroomMemberInfo[]> {
    const sdk = this.connected()
    try {
      const list = await withTimeout(sdk.chatroomMember.queryMembers({ type: guest ? 'temp' : 'regular', time, limit: IM_LIMITS.memberPageSize }), IM_LIMITS.commandTimeoutMs, 'members')
      return list.map(memberInfo)
    } catch (error) {
      throw errorOf(error)
    }
  }

  private connected(): NimChatroomInstance {
    if (!this.sdk || this.current.state !== 'connected') throw new ChatroomError('offline', 0, 'not connected to the chat room')
    return this.sdk
  }

  private setStatus(status: ChatroomStatus): void {
    this.current = status
    this.statusListeners.emit(status)
  }

  /**
   * One SDK message as a live chat message. A file message sent by NetEase's server API (our
   * server, after its checks) is shown; one a client's SDK sent (the native app's host and members
   * upload to NetEase's storage) only when its url is on that storage (onNetEaseStorage): a url a
   * member's SDK wrote to point anywhere else is not shown.
   */
  private normalise(m: NimChatroomMessage): LiveChatMessage | undefined {
    const message = normaliseLiveMessage({ idClient: m.idClient, from: m.from, fromNick: m.fromNick, fromAvatar: m.fromAvatar, time: m.time, type: m.type, body: m.body, file: m.attach }, { account: this.account, deviceId: this.deviceId, secure: this.securePage })
    if (FILE_TYPES.has(m.type) && m.fromClientType !== FROM_SERVER && !(message?.file && onNetEaseStorage(message.file.url))) return undefined
    return message
  }

  private noteTime(messages: readonly LiveChatMessage[]): void {
    for (const m of messages) if (this.newestTime === undefined || m.time > this.newestTime) this.newestTime = m.time
  }

  private deliver(raw: readonly NimChatroomMessage[]): void {
    const fresh = this.delivered.fresh(raw.flatMap((m) => this.normalise(m) ?? []))
    this.noteTime(fresh)
    if (fresh.length > 0) this.messageListeners.emit(fresh)
  }

  /** After the SDK logs in again: the messages newer than the newest seen (or the newest batch). */
  private async catchUp(): Promise<void> {
    const sdk = this.connected()
    if (this.newestTime === undefined) {
      this.deliver((await sdk.chatroomMsg.queryMessageHistory({ timetag: 0, limit: IM_LIMITS.historyBatch, reverse: false })).reverse())
      return
    }
    const page = await withTimeout(sdk.chatroomMsg.queryMessageHistory({ timetag: Math.max(0, this.newestTime - 1), limit: CATCH_UP_PAGE, reverse: true }), IM_LIMITS.commandTimeoutMs, 'history')
    this.deliver(page)
  }
}
