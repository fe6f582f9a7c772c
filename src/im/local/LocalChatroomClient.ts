import { ChatroomCode } from '../../../types/chatroom'
import type { AnswerFrame, ChatroomCommand, ChatroomCommands, KickReason, LoginAnswer, LoginBody, PushFrame, WireChatroom, WireMember, WireMessage } from '../../../types/chatroom'
import { nextReconnectStep } from '../../domain/chat/backoff'
import { IM_LIMITS } from '../../domain/chat/constants'
import { normaliseLiveMessage, type LiveChatMessage, type LiveContent, type Viewer } from '../../domain/chat/liveMessage'
import { codeOfKind } from '../../domain/chat/fileMessage'
import type { ChatFile } from '../../../types/chatUpload'
import type { ImSocket, OpenSocket } from '../../platform/socket'
import { DeliveryFilter, Listeners } from '../emitter'
import {
  ChatroomError,
  type ChatroomChangesInfo,
  type ChatroomClient,
  type ChatroomErrorKind,
  type ChatroomInfo,
  type ChatroomMemberInfo,
  type ChatroomModeration,
  type ChatroomStatus,
  type ClientKeyStore,
  type EnterOptions,
  type EnterResult,
  type ExitReason,
  type Unsubscribe,
} from '../types'

/** Catch-up after a reconnect reads this many a page (the room's page limit), for at most MAX_CATCH_UP_PAGES pages. */
const CATCH_UP_PAGE = 100
const MAX_CATCH_UP_PAGES = 50
/**
 * Catch-up reads back this far before the newest message seen: a message another node stored a
 * moment before one this client saw may reach it by the relay only after the connection was lost
 * (Redis away, a node stopping), and would otherwise never be fetched. What was delivered already is
 * filtered out by its client message id.
 */
const CATCH_UP_OVERLAP_MS = 5_000

const KIND_BY_CODE: Readonly<Record<number, ChatroomErrorKind>> = {
  [ChatroomCode.Muted]: 'muted',
  [ChatroomCode.RoomMuted]: 'roomMuted',
  [ChatroomCode.Blacklisted]: 'blacklisted',
  [ChatroomCode.Unauthorized]: 'unauthorized',
  [ChatroomCode.Forbidden]: 'forbidden',
  [ChatroomCode.NoRoom]: 'noRoom',
  [ChatroomCode.Closed]: 'closed',
  [ChatroomCode.BadRequest]: 'badRequest',
}
/** Refusals no retry can change: entering or reconnecting stops on them. */
const FINAL_KINDS: readonly ChatroomErrorKind[] = ['blacklisted', 'unauthorized', 'forbidden', 'noRoom', 'closed', 'badRequest']
const EXIT_BY_KICK: Readonly<Record<KickReason, ExitReason>> = { managerKick: 'kicked', blacked: 'blacklisted', chatroomClosed: 'closed' }

/** A key store that lives as long as the client (tests, and a platform without storage). */
export function memoryClientKeys(): ClientKeyStore {
  let key: string | undefined
  return {
    read: () => key,
    write: (next) => (key = next),
    forget: () => (key = undefined),
  }
}

interface Pending {
  resolve: (data: unknown) => void
  reject: (error: ChatroomError) => void
  timer: ReturnType<typeof setTimeout>
}

export function memberInfo(m: WireMember): ChatroomMemberInfo {
  return {
    account: m.account,
    type: m.type,
    nick: m.nick,
    avatar: m.avatar,
    online: m.online,
    muted: m.gaged || m.tempMuted,
    gaged: m.gaged,
    tempMuteDuration: m.tempMuted ? m.tempMuteDuration : 0,
    blacked: m.blacked,
  }
}

export function roomInfo(r: WireChatroom): ChatroomInfo {
  return { name: r.name, announcement: r.announcement, mute: r.mute, onlineMemberNum: r.onlineMemberNum, creator: r.creator }
}

/**
 * The chat room client over the local room (server/chatroom): JSON commands on one WebSocket, with
 * the messaging library's connection rules in our own code (spec 001 §4, §9): connect and handshake
 * time-outs, command time-out, heartbeat, reconnection with a doubling capped delay on the next
 * address each time, one final try with every address, then the reconnect-failed status. Exiting on
 * purpose never reconnects. After a reconnect the messages missed meanwhile are fetched and handed on
 * without any already delivered. The key the room issues to this client is kept in `keys` and given
 * on every login: the same guest comes back, and so do its bans (issue 29, items 2 and 3).
 */
export class LocalChatroomClient implements ChatroomClient {
  private readonly messageListeners = new Listeners<LiveChatMessage[]>()
  private readonly statusListeners = new Listeners<ChatroomStatus>()
  private readonly memberListeners = new Listeners<ChatroomMemberInfo>()
  private readonly roomListeners = new Listeners<ChatroomInfo>()
  private readonly delivered = new DeliveryFilter()
  private readonly pending = new Map<number, Pending>()
  private nextId = 1
  private socket: ImSocket | undefined
  private options: EnterOptions | undefined
  private account = ''
  private newestTime: number | undefined
  private heartbeat: ReturnType<typeof setInterval> | undefined
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined
  /** the address of the socket this client holds, or tries last (an index into the enter options' addresses) */
  private addressIndex = 0
  private leaving = false
  private current: ChatroomStatus = { state: 'idle' }

  constructor(
    private readonly openSocket: OpenSocket,
    private readonly keys: ClientKeyStore = memoryClientKeys(),
    private readonly deviceId: string = `dev-${Math.random().toString(36).slice(2)}`,
  ) {}

  /** The local room offers every tool; it decides who may use them. */
  readonly moderation: ChatroomModeration = {
    room: async () => roomInfo(await this.request('getChatroom', {})),
    kick: async (account) => {
      await this.request('kickChatroomMember', { account })
    },
    tempMute: async (account, seconds) => memberInfo(await this.request('updateChatroomMemberTempMute', { account, duration: seconds, needNotify: true })),
    setBlacklisted: async (account, on) => memberInfo(await this.request('markChatroomMember', { account, type: 'blacked', isAdd: on })),
    updateRoom: async (changes: ChatroomChangesInfo) => roomInfo(await this.request('updateChatroom', { chatroom: changes, needNotify: true })),
    closeRoom: async () => {
      await this.request('closeChatroom', {})
      // the room puts this socket out behind the answer: leave first, so nothing reconnects
      this.leave('closed')
    },
    onMember: (listener) => this.memberListeners.add(listener),
    onRoom: (listener) => this.roomListeners.add(listener),
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

  async enter(options: EnterOptions): Promise<EnterResult> {
    if (options.addresses.length === 0) throw new ChatroomError('badRequest', 0, 'no chat room address')
    this.options = options
    this.leaving = false
    this.setStatus({ state: 'connecting' })
    let lastError: unknown
    // spec 001 §4: after the handshake each transport (here: each address) is tried in turn
    for (const address of options.addresses) {
      try {
        this.addressIndex = options.addresses.indexOf(address)
        const answer = await this.connect(address)
        this.setStatus({ state: 'connected' })
        return {
          account: answer.member.account,
          member: memberInfo(answer.member),
          roomName: answer.chatroom.name,
          onlineMemberNum: answer.chatroom.onlineMemberNum,
          room: roomInfo(answer.chatroom),
        }
      } catch (error) {
        lastError = error
        if (this.leaving || (error instanceof ChatroomError && FINAL_KINDS.includes(error.kind))) break
      }
    }
    const failure = lastError instanceof ChatroomError ? lastError : new ChatroomError('offline', 0, 'the chat room cannot be reached')
    if (!this.leaving) this.setStatus({ state: 'failed', reason: failure.kind })
    throw failure
  }

  async exit(): Promise<void> {
    if (this.leaving) return
    this.leaving = true
    clearTimeout(this.reconnectTimer)
    const socket = this.socket
    if (socket) {
      // tell the room, without waiting for it: leaving must not hang on a dead connection
      this.request('logout', {}).catch(() => undefined)
      this.drop(socket)
    }
    this.setStatus({ state: 'exited', reason: 'intentional' })
  }

  send(content: LiveContent, idClient: string): Promise<LiveChatMessage> {
    return this.sendMessage(idClient, 100, JSON.stringify(content))
  }

  /** A file message (type 1 image, 2 audio, 6 file) naming the uploaded file by its url; the room writes the rest. */
  readonly sendFile = (file: ChatFile, idClient: string): Promise<LiveChatMessage> =>
    this.sendMessage(idClient, codeOfKind(file.type), JSON.stringify({ type: file.type, url: file.url }))

  async history(timetag: number, limit: number = IM_LIMITS.historyBatch): Promise<LiveChatMessage[]> {
    const page = await this.request('getHistoryMsgs', { timetag, limit, reverse: false })
    return this.readAll(page).reverse()
  }

  async members(guest: boolean, time = 0): Promise<ChatroomMemberInfo[]> {
    const list = await this.request('getChatroomMembers', { guest, time, limit: IM_LIMITS.memberPageSize })
    return list.map(memberInfo)
  }

  /** Sends one message and takes the room's stored copy as delivered (its own echo never comes back). */
  private async sendMessage(idClient: string, type: number, body: string): Promise<LiveChatMessage> {
    const stored = await this.request('sendMsg', { idClient, type, body })
    const message = this.normalise(stored)
    if (!message) throw new ChatroomError('refused', 0, 'the room answered with an unreadable message')
    this.delivered.fresh([message])
    this.noteTime([message])
    return message
  }

  private setStatus(status: ChatroomStatus): void {
    this.current = status
    this.statusListeners.emit(status)
  }

  private normalise(wire: WireMessage): LiveChatMessage | undefined {
    const viewer: Viewer = { account: this.account, deviceId: this.deviceId, secure: this.options?.securePage === true }
    return normaliseLiveMessage({ idClient: wire.idClient, from: wire.from, fromNick: wire.fromNick, fromAvatar: wire.fromAvatar, fromType: wire.fromType, time: wire.time, type: wire.type, body: wire.body }, viewer)
  }

  private readAll(wires: readonly WireMessage[]): LiveChatMessage[] {
    return wires.flatMap((w) => this.normalise(w) ?? [])
  }

  private noteTime(messages: readonly LiveChatMessage[]): void {
    for (const m of messages) if (this.newestTime === undefined || m.time > this.newestTime) this.newestTime = m.time
  }

  private deliver(messages: readonly LiveChatMessage[]): void {
    const fresh = this.delivered.fresh(messages)
    this.noteTime(fresh)
    if (fresh.length > 0) this.messageListeners.emit(fresh)
  }

  /** Opens a socket to `address` and logs in; the socket becomes the client's on success. */
  private connect(address: string): Promise<LoginAnswer> {
    const options = this.options as EnterOptions
    return new Promise<LoginAnswer>((resolve, reject) => {
      let opened = false
      const connectTimer = setTimeout(() => {
        reject(new ChatroomError('timeout', 0, 'connecting to the chat room timed out'))
        socket.close()
      }, IM_LIMITS.connectTimeoutMs)
      const socket = this.openSocket(address, {
        onOpen: () => {
          opened = true
          clearTimeout(connectTimer)
          this.socket = socket
          this.login(options).then(
            (answer) => {
              this.account = answer.member.account
              this.startHeartbeat()
              resolve(answer)
            },
            // request() rejects only with a ChatroomError (refused, timed out, offline)
            (error: ChatroomError) => {
              reject(error)
              socket.close()
            },
          )
        },
        onMessage: (data) => this.receive(data),
        onClose: () => {
          clearTimeout(connectTimer)
          if (!opened) reject(new ChatroomError('offline', 0, 'the chat room cannot be reached'))
          if (this.socket === socket) this.lost(socket)
        },
      })
    })
  }

  /**
   * Logs in with this client's key (a guest's account is the room's to derive from it). A key the
   * room does not know (its database was replaced) is forgotten and the login made once without it.
   */
  private async login(options: EnterOptions): Promise<LoginAnswer> {
    const identity = options.identity
    const body = (clientKey: string | undefined): LoginBody => ({
      chatroomId: options.chatroomId,
      ...(identity.kind === 'account' ? { anonymous: false, account: identity.account, token: identity.token } : { anonymous: true, nick: identity.nick, avatar: identity.avatar }),
      ...(clientKey === undefined ? {} : { clientKey }),
    })
    const key = this.keys.read()
    let answer: LoginAnswer
    try {
      answer = await this.request('login', body(key), IM_LIMITS.handshakeTimeoutMs)
    } catch (error) {
      if (!(error instanceof ChatroomError && error.code === ChatroomCode.UnknownClient)) throw error
      this.keys.forget()
      answer = await this.request('login', body(undefined), IM_LIMITS.handshakeTimeoutMs)
    }
    this.keys.write(answer.clientKey)
    return answer
  }

  /** Put out of the room, or the room closed: nothing reconnects. */
  private leave(reason: ExitReason): void {
    this.leaving = true
    clearTimeout(this.reconnectTimer)
    if (this.socket) this.drop(this.socket)
    this.setStatus({ state: 'exited', reason })
  }

  private receive(data: string): void {
    let frame: unknown
    try {
      frame = JSON.parse(data)
    } catch {
      return
    }
    if (typeof frame !== 'object' || frame === null) return
    if ('push' in frame) {
      const push = frame as PushFrame
      if (push.push === 'msgs') {
        if (Array.isArray(push.data)) this.deliver(this.readAll(push.data))
      } else if (push.push === 'kicked') {
        this.leave(EXIT_BY_KICK[push.data.reason] ?? 'kicked')
      } else if (push.push === 'member') {
        this.memberListeners.emit(memberInfo(push.data.member))
      } else if (push.push === 'room') {
        this.roomListeners.emit(roomInfo(push.data.chatroom))
      } else if (push.push === 'reconnect') {
        this.moveOn()
      }
      return
    }
    const answer = frame as AnswerFrame
    const waiting = this.pending.get(answer.id)
    if (!waiting) return
    this.pending.delete(answer.id)
    clearTimeout(waiting.timer)
    if (answer.code === ChatroomCode.Ok && 'data' in answer) waiting.resolve(answer.data)
    else waiting.reject(new ChatroomError(KIND_BY_CODE[answer.code] ?? 'refused', answer.code, 'msg' in answer ? answer.msg : 'refused'))
  }

  private request<C extends ChatroomCommand>(cmd: C, body: ChatroomCommands[C]['body'], timeoutMs: number = IM_LIMITS.commandTimeoutMs): Promise<ChatroomCommands[C]['answer']> {
    const socket = this.socket
    if (!socket) {
      return Promise.reject(new ChatroomError('offline', 0, 'not connected to the chat room'))
    }
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id)
        reject(new ChatroomError('timeout', 0, `${cmd} timed out`))
      }, timeoutMs)
      this.pending.set(id, { resolve: resolve as (data: unknown) => void, reject, timer })
      socket.send(JSON.stringify({ id, cmd, body }))
    })
  }

  private startHeartbeat(): void {
    clearInterval(this.heartbeat)
    this.heartbeat = setInterval(() => {
      const socket = this.socket
      // no answer within the command time-out: the connection is dead, closing it starts the reconnection
      this.request('heartbeat', {}).catch(() => {
        if (socket && this.socket === socket) socket.close()
      })
    }, IM_LIMITS.heartbeatMs)
  }

  /** Forgets the socket: stops the heartbeat, fails the commands waiting on it, closes it. */
  private drop(socket: ImSocket): void {
    if (this.socket === socket) this.socket = undefined
    clearInterval(this.heartbeat)
    for (const [id, waiting] of this.pending) {
      clearTimeout(waiting.timer)
      waiting.reject(new ChatroomError('offline', 0, 'the connection to the chat room was lost'))
      this.pending.delete(id)
    }
    socket.close()
  }

  private lost(socket: ImSocket): void {
    this.drop(socket)
    if (this.leaving || this.current.state !== 'connected') return
    this.scheduleReconnect(0)
  }

  /**
   * The room sent this client on (its node stops for a deploy, or lost what the nodes share): the
   * reconnection plan's first step, with the next address first and the one it leaves last; behind
   * one balancer's address, another node answers. Failing that, the plan goes on as after any loss.
   */
  private moveOn(): void {
    const socket = this.socket
    if (!socket || this.leaving || this.current.state !== 'connected') return
    this.drop(socket)
    const addresses = (this.options as EnterOptions).addresses
    const step = nextReconnectStep(0, addresses.length)
    if (!step) return
    const order = addresses.map((_, i) => addresses[(this.addressIndex + 1 + i) % addresses.length])
    this.setStatus({ state: 'reconnecting', attempt: step.attempt, delayMs: step.delayMs, final: step.final })
    clearTimeout(this.reconnectTimer)
    this.reconnectTimer = setTimeout(() => {
      void this.attempt(order, 0)
    }, step.delayMs)
  }

  private scheduleReconnect(failed: number): void {
    const addresses = (this.options as EnterOptions).addresses
    const step = nextReconnectStep(failed, addresses.length)
    if (!step) {
      this.setStatus({ state: 'failed' })
      return
    }
    this.setStatus({ state: 'reconnecting', attempt: step.attempt, delayMs: step.delayMs, final: step.final })
    this.reconnectTimer = setTimeout(() => {
      void this.attempt(step.addresses.map((i) => addresses[i]), failed)
    }, step.delayMs)
  }

  private async attempt(urls: readonly string[], failed: number): Promise<void> {
    const addresses = (this.options as EnterOptions).addresses
    // the newest message seen before the loss: a send made on the new socket as soon as it opens
    // (before the catch-up below) must not move the catch-up past what was missed
    const since = this.newestTime
    for (const url of urls) {
      if (this.leaving) return
      try {
        this.addressIndex = addresses.indexOf(url)
        await this.connect(url)
        if (this.leaving) return
        this.setStatus({ state: 'connected' })
        // a catch-up cut short by another loss is redone after the next reconnect
        await this.catchUp(since).catch(() => undefined)
        return
      } catch (error) {
        if (this.leaving) return
        if (error instanceof ChatroomError && FINAL_KINDS.includes(error.kind)) {
          this.setStatus({ state: 'failed', reason: error.kind })
          return
        }
      }
    }
    this.scheduleReconnect(failed + 1)
  }

  /** The messages sent while the connection was down: newer than `since` (the newest seen before), oldest first. */
  private async catchUp(since: number | undefined): Promise<void> {
    if (since === undefined) {
      this.deliver(await this.history(0))
      return
    }
    // CATCH_UP_OVERLAP_MS back: messages of the same moment as the newest seen, and ones the relay
    // had not brought yet, are not skipped; the ones already delivered are filtered out by their id
    let timetag = Math.max(0, since - CATCH_UP_OVERLAP_MS)
    for (let page = 0; page < MAX_CATCH_UP_PAGES; page++) {
      const wires = await this.request('getHistoryMsgs', { timetag, limit: CATCH_UP_PAGE, reverse: true })
      this.deliver(this.readAll(wires))
      if (wires.length < CATCH_UP_PAGE) return
      timetag = wires[wires.length - 1].time - 1
    }
  }
}
