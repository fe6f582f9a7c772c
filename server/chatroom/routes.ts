import { createHash, randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyPluginAsync } from 'fastify'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { CHATROOM_SOCKET_PATH, CLIENT_KEY_PATTERN, ChatroomCode } from '../../types/chatroom'
import type { AnswerFrame, ChatroomChanges, ChatroomCommands, ChatroomNotice, PushFrame, ReconnectReason, WireChatroom, WireMember, WireMessage } from '../../types/chatroom'
import { safeUrl } from '../../src/domain/message/url'
import { hasControlCharacter } from '../../src/domain/validation'
import type { AppContext } from '../context'
import { wireMember, wireRoom, type ChatroomQueries, type MemberRecord } from './data'
import { WORKER_HEADER, workerName } from '../core/worker'
import { wsText } from '../core/wsText'
import { requestTarget } from '../core/urls'
import { chatroomMessages, countChatroomMembers } from '../ops/metrics'
import { isDatabaseUnavailable } from '../core/sql'
import { readerLanguage, textOf, type Language, type TextKey, type TextParams } from '../core/messages'
import type { RoomEvent } from './relay'
import { fileMessageBody } from './uploads'
import { CHAT_FILE_TYPE_CODES } from '../../types/chatUpload'
import {
  ANONYMOUS_PREFIX, MAX_ANNOUNCEMENT_LENGTH, MAX_BODY_LENGTH, MAX_CUSTOM_LENGTH, MAX_NICK_LENGTH, MAX_PAGE, MAX_ROOM_NAME_LENGTH, MAX_TEMP_MUTE_S, MAX_URL_LENGTH,
  entryRefusal, guestProfile, isModerator, markRefusal, posesAsModerator, roomRefusal, sendRefusal, type Refusal,
} from './rules'

/** A socket silent for this long (two missed 60 s heartbeats and some) is closed. */
const IDLE_LIMIT_MS = 150_000
const MAX_FRAME_BYTES = 16 * 1024
/** A socket that has not logged in this long after opening is closed (the spec's handshake time-out). */
const LOGIN_DEADLINE_MS = 10_000
/** The messaging library's codes of file, image and audio messages (spec 001 §3), which carry an uploaded file. */
const FILE_MESSAGE_TYPES: readonly number[] = Object.values(CHAT_FILE_TYPE_CODES)
/** How long a stopping node waits for the chat commands in flight before it sends their sockets on anyway. */
const FINISH_COMMANDS_MS = 5_000
/** The WebSocket close codes that say "come back": the server restarts (1012), or try again later (1013). */
const CLOSE_RESTARTING = 1012
const CLOSE_TRY_LATER = 1013
/**
 * A room's new messages go out together this long after the first of them: one frame per member
 * and window, serialised once for the whole room (a live of thousands pays a socket write per
 * member and window, not a JSON text per member and message).
 */
const BATCH_MS = 20
/**
 * A member whose socket holds this much unsent is cut rather than given more: its client
 * reconnects and catches up from the history, and the server's memory stays bounded however slow
 * a reader is.
 */
const MAX_UNSENT_BYTES = 1024 * 1024

/** A refusal answered on the socket: its code, and its catalogue text in the socket's language. */
class Refused extends Error {
  constructor(readonly code: number, readonly key: TextKey, readonly params: TextParams = {}) {
    super(textOf(key, 'en', params))
  }

  static of(refusal: Refusal): Refused {
    return new Refused(refusal.code, refusal.key, refusal.params)
  }
}

interface Seat {
  socket: WebSocket
  chatroomId: string
  account: string
  /** the SHA-256 of the client key the socket entered with */
  clientHash: string
  lastSeen: number
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown, max = 128): string | undefined => (typeof v === 'string' && v.length > 0 && v.length <= max ? v : undefined)
const int = (v: unknown, min: number, max: number): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : undefined)
const bad = (what: string): Refused => new Refused(ChatroomCode.BadRequest, 'chatBadRequest', { what })
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')
/** An anonymous member's account: the room and its client's key, hashed (the key cannot be read back from it). */
const guestAccount = (chatroomId: string, clientKey: string): string =>
  `${ANONYMOUS_PREFIX}${createHash('sha256').update(`${chatroomId}\n${clientKey}`).digest('base64url').slice(0, 24)}`
/** Text a moderator writes: at most `max` characters, no control character but line breaks where `lines`. */
const text = (v: unknown, field: string, max: number, lines = false): string | undefined => {
  if (v === undefined) return undefined
  if (typeof v !== 'string' || hasControlCharacter(lines ? v.replace(/\r?\n/g, '') : v)) throw bad(field)
  if (v.length > max) throw new Refused(ChatroomCode.BadRequest, 'chatTooLong', { field, max })
  return v
}

/**
 * The local chat room: NetEase IM's chatroom service (spec 001 §7, service 13) over one WebSocket
 * at CHATROOM_SOCKET_PATH, persisted in the database. Rooms enforce blacklist, mute, temporary
 * mute and room mute; a resent message (same sender and client id) is stored and broadcast once.
 * Each worker of server/cluster.ts, and each machine, holds its own sockets: what one process's room
 * pushes, `relay` carries to the others (relay.ts and redisRelay.ts say how and why).
 */
export const chatroomRoutes: FastifyPluginAsync<AppContext> = async (app, { db, repos: { chatrooms: data, accounts }, roomRelay: relay }) => {
  const now = Date.now
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES })
  const seats = new Map<WebSocket, Seat>()
  const answeredBy = workerName()
  if (answeredBy !== undefined) wss.on('headers', (headers) => headers.push(`${WORKER_HEADER}: ${answeredBy}`))
  // the name this process's members are announced with to the others: its worker, or its node
  const worker = relay.node

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    // another area's socket path, or none: app.ts refuses the paths nobody serves
    if (requestTarget(request.url)?.pathname !== CHATROOM_SOCKET_PATH) return
    // without the relay a member here would miss what the other nodes say: its client tries again later
    if (relay.link && !relay.link.up()) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 2\r\nContent-Length: 0\r\n\r\n')
      return
    }
    // the app's language (its `lang`: a browser's socket sends no header of the app's), else the header's
    const language = readerLanguage(requestTarget(request.url)?.searchParams.get('lang') ?? request.headers['accept-language'])
    wss.handleUpgrade(request, socket, head, (ws) => attach(ws, language))
  }
  app.server.on('upgrade', onUpgrade)

  /** Accounts seated on the other workers, by worker and room (their presence events). */
  const elsewhere = new Map<string, Map<string, Set<string>>>()
  const announce = (seat: Seat, isOnline: boolean): void => {
    if (worker !== undefined) relay.publish({ kind: 'presence', worker, chatroomId: seat.chatroomId, account: seat.account, online: isOnline })
  }
  const takeSeat = (seat: Seat): void => {
    seats.set(seat.socket, seat)
    if (seatsOf(seat.chatroomId, seat.account).length === 1) announce(seat, true)
  }
  const leaveSeat = (ws: WebSocket): void => {
    const seat = seats.get(ws)
    if (!seat) return
    seats.delete(ws)
    if (seatsOf(seat.chatroomId, seat.account).length === 0) announce(seat, false)
  }

  /** Each room's messages waiting for their frame (BATCH_MS), each with its sender's socket when it sits here. */
  const batches = new Map<string, { messages: Array<{ message: WireMessage; from?: WebSocket }>; timer: NodeJS.Timeout }>()
  /** Sends a room's waiting messages: one frame for every seat, and one without its own for a seat that sent some. */
  const flush = (chatroomId: string): void => {
    const batch = batches.get(chatroomId)
    if (!batch) return
    batches.delete(chatroomId)
    clearTimeout(batch.timer)
    const senders = new Set(batch.messages.map((m) => m.from))
    const all = frameOf({ push: 'msgs', data: batch.messages.map((m) => m.message) })
    for (const seat of seatsOf(chatroomId)) {
      if (!senders.has(seat.socket)) {
        sendFrame(seat.socket, all)
        continue
      }
      const others = batch.messages.filter((m) => m.from !== seat.socket).map((m) => m.message)
      if (others.length > 0) sendFrame(seat.socket, frameOf({ push: 'msgs', data: others }))
    }
  }
  const flushAll = (): void => {
    for (const chatroomId of [...batches.keys()]) flush(chatroomId)
  }

  /** Pushes `event` to this process's seats; `except` is the sender's socket. */
  const deliver = (event: RoomEvent, except?: WebSocket): void => {
    if (event.kind === 'msg') {
      const { chatroomId } = event.message
      const batch = batches.get(chatroomId) ?? { messages: [], timer: setTimeout(() => flush(chatroomId), BATCH_MS) }
      batches.set(chatroomId, batch)
      batch.messages.push({ message: event.message, from: except })
      return
    }
    // what a room's members learn next comes after the messages before it
    if (event.kind === 'kick' || event.kind === 'close' || event.kind === 'member') flush(event.chatroomId)
    if (event.kind === 'room') flush(event.chatroom.id)
    if (event.kind === 'kick' || event.kind === 'close') {
      const reason = event.kind === 'kick' ? event.reason : 'chatroomClosed'
      for (const kicked of seatsOf(event.chatroomId, event.kind === 'kick' ? event.account : undefined)) {
        // the closer's own socket gets its answer first (closeRoom puts it out after)
        if (kicked.socket === except) continue
        send(kicked.socket, { push: 'kicked', data: { reason } })
        leaveSeat(kicked.socket)
        kicked.socket.close(4003, reason)
      }
      return
    }
    if (event.kind === 'member') {
      const frame = frameOf({ push: 'member', data: { member: event.member, notice: event.notice } })
      for (const seat of seatsOf(event.chatroomId)) sendFrame(seat.socket, frame)
      return
    }
    if (event.kind === 'room') {
      const frame = frameOf({ push: 'room', data: { chatroom: event.chatroom, notice: event.notice } })
      for (const seat of seatsOf(event.chatroom.id)) sendFrame(seat.socket, frame)
      return
    }
    if (event.kind === 'presence') {
      const rooms = elsewhere.get(event.worker) ?? new Map<string, Set<string>>()
      elsewhere.set(event.worker, rooms)
      const accounts = rooms.get(event.chatroomId) ?? new Set<string>()
      rooms.set(event.chatroomId, accounts)
      if (event.online) accounts.add(event.account)
      else accounts.delete(event.account)
      return
    }
    if (event.kind === 'gone') {
      elsewhere.delete(event.worker)
      return
    }
    // hello: a worker started and knows nobody yet; say who sits here, once per room and account
    const told = new Set<string>()
    for (const seat of seats.values()) {
      const key = `${seat.chatroomId}\n${seat.account}`
      if (told.has(key)) continue
      told.add(key)
      announce(seat, true)
    }
  }

  /** Pushes `event` here and in every other worker. */
  const broadcast = (event: RoomEvent, except?: WebSocket): void => {
    deliver(event, except)
    relay.publish(event)
  }
  const stopRelay = relay.subscribe((event) => deliver(event))
  const stopCounting = countChatroomMembers(() => seats.size)
  app.addHook('onClose', async () => stopCounting())
  if (worker !== undefined) relay.publish({ kind: 'hello', worker })

  // started by the first socket, cleared when the server closes
  let idleCheck: ReturnType<typeof setInterval> | undefined
  const watchIdle = (): void => {
    idleCheck ??= setInterval(() => {
      const t = now()
      for (const seat of seats.values()) if (t - seat.lastSeen > IDLE_LIMIT_MS) seat.socket.terminate()
    }, IDLE_LIMIT_MS / 2)
  }

  /** Each socket's frames in hand, one after another (attach): what a stopping node finishes first. */
  const inFlight = new Map<WebSocket, Promise<void>>()
  let stopping = false

  /** Tells every socket to go to another node, and closes it behind that word. */
  const sendAllOn = (reason: ReconnectReason, closeCode: number): void => {
    flushAll()
    for (const ws of wss.clients) {
      send(ws, { push: 'reconnect', data: { reason } })
      leaveSeat(ws)
      ws.close(closeCode, reason)
    }
  }
  // the relay lost (Redis away): every member reconnects, and is seated again once it is back
  const stopWatching = relay.link?.watch((up) => {
    if (!up) sendAllOn('unavailable', CLOSE_TRY_LATER)
  })

  // before the HTTP server closes: it waits for every connection, upgraded sockets included. The
  // commands in flight finish and are answered, new ones are not read, and every member is sent on
  // to another node (its client reconnects at once, ops/graceful.ts)
  app.addHook('preClose', async () => {
    stopping = true
    clearInterval(idleCheck)
    app.server.off('upgrade', onUpgrade)
    stopWatching?.()
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, FINISH_COMMANDS_MS)))
    await Promise.race([Promise.allSettled(inFlight.values()), late])
    clearTimeout(timer)
    sendAllOn('restarting', CLOSE_RESTARTING)
    stopRelay()
    // a socket that does not take its close frame within the wait is cut
    const cut = setTimeout(() => {
      for (const client of wss.clients) client.terminate()
    }, 1_000)
    await new Promise<void>((resolve) => wss.close(() => resolve()))
    clearTimeout(cut)
  })

  const online = (chatroomId: string): Set<string> => {
    const accounts = new Set<string>()
    for (const seat of seats.values()) if (seat.chatroomId === chatroomId) accounts.add(seat.account)
    for (const rooms of elsewhere.values()) for (const account of rooms.get(chatroomId) ?? []) accounts.add(account)
    return accounts
  }
  const send = (ws: WebSocket, frame: AnswerFrame | PushFrame): void => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame))
  }
  /** A push's text, once for every member it goes to. */
  const frameOf = (push: PushFrame): Buffer => Buffer.from(JSON.stringify(push))
  /** Sends a push serialised by frameOf, or cuts a member too slow to take it (MAX_UNSENT_BYTES). */
  const sendFrame = (ws: WebSocket, frame: Buffer): void => {
    if (ws.readyState !== ws.OPEN) return
    if (ws.bufferedAmount > MAX_UNSENT_BYTES) {
      ws.terminate()
      return
    }
    ws.send(frame, { binary: false })
  }
  const seatsOf = (chatroomId: string, account?: string): Seat[] =>
    [...seats.values()].filter((s) => s.chatroomId === chatroomId && (account === undefined || s.account === account))

  /** Each socket's language (its upgrade request's Accept-Language): the one its refusals are written in. */
  const languages = new WeakMap<WebSocket, Language>()

  function attach(ws: WebSocket, language: Language): void {
    languages.set(ws, language)
    watchIdle()
    // a socket's frames and its close are handled one after another, in the order they came: a
    // send right behind its login finds the seat taken, one right before the close is still stored
    let handled: Promise<void> = Promise.resolve()
    ws.on('message', (raw) => {
      // a stopping node takes no new command: the member is sent on right behind the ones in hand
      if (stopping) return
      const seat = seats.get(ws)
      if (seat) seat.lastSeen = now()
      handled = handled.then(() => receive(ws, raw))
      inFlight.set(ws, handled)
    })
    const loginDeadline = setTimeout(() => {
      if (!seats.has(ws)) ws.terminate()
    }, LOGIN_DEADLINE_MS)
    ws.on('close', () => {
      clearTimeout(loginDeadline)
      handled = handled.then(() => {
        leaveSeat(ws)
        inFlight.delete(ws)
      })
    })
    ws.on('error', () => ws.terminate())
  }

  /** One frame: its answer, a refusal, or the socket closed (not a command, or the room failed). */
  async function receive(ws: WebSocket, raw: RawData): Promise<void> {
    let frame: unknown
    try {
      frame = JSON.parse(wsText(raw))
    } catch {
      ws.close(1003, 'not JSON')
      return
    }
    const id = isObject(frame) ? int(frame.id, 0, Number.MAX_SAFE_INTEGER) : undefined
    if (!isObject(frame) || id === undefined) {
      ws.close(1003, 'not a command')
      return
    }
    try {
      send(ws, { id, code: ChatroomCode.Ok, data: await handle(ws, frame.cmd, isObject(frame.body) ? frame.body : {}) })
    } catch (error) {
      if (error instanceof Refused) {
        send(ws, { id, code: error.code, msg: textOf(error.key, languages.get(ws) ?? 'zh-CN', error.params) })
        return
      }
      if (isDatabaseUnavailable(error)) {
        // nothing was stored (the engine rolled it back): the member is told, and its client
        // reconnects until the database is back, then catches up from the history
        app.log.warn({ err: error }, 'chat room command failed: the database is unavailable')
        send(ws, { id, code: ChatroomCode.Unavailable, msg: textOf('databaseUnavailable', languages.get(ws) ?? 'zh-CN') })
        ws.close(CLOSE_TRY_LATER, 'database unavailable')
        return
      }
      // the database failed: this socket's client reconnects and catches up from the history
      app.log.error(error)
      ws.close(1011, 'chat room failure')
    }
  }

  function seatOf(ws: WebSocket): Seat {
    const seat = seats.get(ws)
    if (!seat) throw new Refused(ChatroomCode.Unauthorized, 'chatNotLoggedIn')
    return seat
  }

  async function handle(ws: WebSocket, cmd: unknown, body: Record<string, unknown>): Promise<unknown> {
    switch (cmd) {
      case 'login':
        return login(ws, body)
      case 'heartbeat':
        seatOf(ws)
        return null
      case 'logout':
        leaveSeat(ws)
        return null
      case 'sendMsg':
        return sendMsg(seatOf(ws), body)
      case 'getHistoryMsgs': {
        const seat = seatOf(ws)
        const timetag = int(body.timetag, 0, Number.MAX_SAFE_INTEGER)
        const limit = int(body.limit, 1, MAX_PAGE)
        if (timetag === undefined || limit === undefined || typeof body.reverse !== 'boolean') throw bad('history query')
        return await data.history(seat.chatroomId, timetag, limit, body.reverse)
      }
      case 'getChatroomMembers':
        return members(seatOf(ws), body)
      case 'markChatroomMember':
      case 'updateChatroomMemberTempMute':
        return mark(seatOf(ws), cmd, body)
      case 'kickChatroomMember':
        return kick(seatOf(ws), body)
      case 'getChatroom': {
        const seat = seatOf(ws)
        const room = await data.room(seat.chatroomId)
        if (!room) throw new Refused(ChatroomCode.NoRoom, 'chatNoRoom')
        return wireRoom(room, online(seat.chatroomId).size)
      }
      case 'updateChatroom':
        return updateRoom(seatOf(ws), body)
      case 'closeChatroom':
        return closeRoom(seatOf(ws))
      case 'updateMyChatroomMemberInfo':
        return updateMyInfo(seatOf(ws), body)
      default:
        throw new Refused(ChatroomCode.BadRequest, 'chatUnknownCommand')
    }
  }

  async function login(ws: WebSocket, body: Record<string, unknown>): Promise<ChatroomCommands['login']['answer']> {
    if (seats.has(ws)) throw new Refused(ChatroomCode.BadRequest, 'chatAlreadyIn')
    const chatroomId = str(body.chatroomId)
    if (chatroomId === undefined || typeof body.anonymous !== 'boolean') throw bad('login')
    if (body.clientKey !== undefined && (typeof body.clientKey !== 'string' || !CLIENT_KEY_PATTERN.test(body.clientKey))) throw bad('clientKey')
    const room = await data.room(chatroomId)
    if (!room) throw new Refused(ChatroomCode.NoRoom, 'chatNoRoom')
    if (room.closed === 1) throw new Refused(ChatroomCode.Closed, 'chatClosed')
    const t = now()
    // a client without a key gets one: it binds its guest, and its bans follow all of its accounts
    const given = typeof body.clientKey === 'string' ? body.clientKey : undefined
    const clientKey = given ?? randomBytes(32).toString('base64url')
    const clientHash = sha256(clientKey)
    const entry = body.anonymous ? anonymousEntry(chatroomId, body, clientKey) : await accountEntry(body, t)
    // the key, the impostor and blacklist checks and the entry are one transaction: a blacking or a
    // new manager on any worker comes before or after all of them
    const member = await data.atomically(async (tx) => {
      if (given === undefined) await tx.issueClient(clientHash, t)
      else if (!(await tx.knowsClient(clientHash))) throw new Refused(ChatroomCode.UnknownClient, 'chatUnknownClient')
      if (entry.type === 'anonymous') {
        const posing = posesAsModerator(entry, await tx.moderators(chatroomId))
        if (posing) throw Refused.of(posing)
      }
      const refusal = entryRefusal(await tx.member(chatroomId, entry.account), (await tx.clientBans(chatroomId, clientHash)).blacked)
      if (refusal) throw Refused.of(refusal)
      const entered = await tx.enter(chatroomId, entry.account, entry.type, entry.nick, entry.avatar, t)
      await tx.bindClient(chatroomId, clientHash, entry.account)
      return entered
    })
    takeSeat({ socket: ws, chatroomId, account: member.account, clientHash, lastSeen: t })
    return { chatroom: wireRoom(room, online(chatroomId).size), member: wireMember(chatroomId, member, true, t), clientKey }
  }

  /**
   * Spec 001 §5: anonymous login needs a nick; the avatar is blank by default. The account is the
   * client's own (issue 29, item 2): derived from its key, so the same client enters as the same
   * guest and an account named without its key is refused.
   */
  function anonymousEntry(chatroomId: string, body: Record<string, unknown>, clientKey: string): { account: string; type: 'anonymous'; nick: string; avatar: string } {
    const nick = str(body.nick, MAX_NICK_LENGTH)
    if (nick === undefined) throw new Refused(ChatroomCode.BadRequest, 'chatNeedsNick')
    const account = guestAccount(chatroomId, clientKey)
    if (body.account !== undefined && body.account !== account) throw new Refused(ChatroomCode.Forbidden, 'chatGuestTaken')
    const profile = guestProfile(nick, str(body.avatar, MAX_URL_LENGTH) ?? '')
    if ('code' in profile) throw Refused.of(profile)
    return { account, type: 'anonymous', ...profile }
  }

  /**
   * A logged-in member: the chat token a live's watchData handed out, or the app's own session,
   * proves the account; name and avatar come from the server.
   */
  async function accountEntry(body: Record<string, unknown>, t: number): Promise<{ account: string; type: 'guest'; nick: string; avatar: string }> {
    const account = str(body.account)
    const token = str(body.token, 256)
    const proven = account !== undefined && token !== undefined && ((await accounts.chatTokenOf(token, account, t)) || (await accounts.sessionUser(token, account, t)) !== undefined)
    if (account === undefined || !proven) throw new Refused(ChatroomCode.Unauthorized, 'chatLoginExpired')
    const profile = await accounts.user(account)
    return { account, type: 'guest', nick: profile?.nickname ?? account, avatar: profile?.faceIcon ?? '' }
  }

  async function sendMsg(seat: Seat, body: Record<string, unknown>): Promise<ChatroomCommands['sendMsg']['answer']> {
    const idClient = str(body.idClient, 64)
    const type = body.type === 0 || body.type === 100 || FILE_MESSAGE_TYPES.includes(body.type as number) ? (body.type as number) : undefined
    const sent = typeof body.body === 'string' && body.body.length <= MAX_BODY_LENGTH ? body.body : undefined
    if (idClient === undefined || type === undefined || sent === undefined) throw bad('message')
    // a file, image or audio message carries a file this account uploaded to this room, as the upload recorded it (uploads.ts)
    const message = type === 0 || type === 100 ? sent : await fileMessageBody(db, seat.chatroomId, seat.account, type, sent)
    if (message === null) throw new Refused(ChatroomCode.BadRequest, 'chatFileNotUploaded')
    const { saved, created } = await data.atomically(async (tx) => {
      const t = await tx.nextMessageTime(seat.chatroomId, now())
      const member = await tx.member(seat.chatroomId, seat.account)
      const room = await tx.room(seat.chatroomId)
      if (!member || !room) throw new Refused(ChatroomCode.NoRoom, 'chatNoRoom')
      if (room.closed === 1) throw new Refused(ChatroomCode.Closed, 'chatClosed')
      const refusal = sendRefusal(member, await tx.clientBans(seat.chatroomId, seat.clientHash), room.mute === 1, t)
      if (refusal) throw Refused.of(refusal)
      const stored = await tx.saveMessage({
        chatroomId: seat.chatroomId, idClient, from: seat.account, fromNick: member.nick, fromAvatar: member.avatar, fromType: member.type, type, body: message, time: t,
      })
      return { saved: stored.message, created: stored.created }
    })
    if (created) {
      chatroomMessages.inc()
      broadcast({ kind: 'msg', message: saved }, seat.socket)
    }
    return saved
  }

  async function members(seat: Seat, body: Record<string, unknown>): Promise<WireMember[]> {
    const time = int(body.time, 0, Number.MAX_SAFE_INTEGER)
    const limit = int(body.limit, 1, MAX_PAGE)
    if (time === undefined || limit === undefined || typeof body.guest !== 'boolean') throw bad('member query')
    const before = time === 0 ? Number.MAX_SAFE_INTEGER : time
    const t = now()
    const on = online(seat.chatroomId)
    const list = body.guest
      ? (await data.transientMembers(seat.chatroomId, before)).filter((m) => on.has(m.account)).slice(0, limit)
      : await data.fixedMembers(seat.chatroomId, before, limit)
    return list.map((m) => wireMember(seat.chatroomId, m, on.has(m.account), t))
  }

  /** What a moderator's action hands every member: whether to tell them, who acted, and its extension text. */
  const noticeOf = (seat: Seat, body: Record<string, unknown>, notify: boolean): ChatroomNotice => ({
    notify,
    operator: seat.account,
    custom: text(body.custom, 'custom', MAX_CUSTOM_LENGTH) ?? '',
  })

  /** The actor and the target of a member action, each read in the action's transaction. */
  async function actorAndTarget(tx: ChatroomQueries, seat: Seat, account: string): Promise<{ actor: MemberRecord; target: MemberRecord }> {
    const actor = await tx.member(seat.chatroomId, seat.account)
    const target = await tx.member(seat.chatroomId, account)
    if (!actor || !target) throw new Refused(ChatroomCode.NoRoom, 'chatNoMember')
    return { actor, target }
  }

  /** A member blacked or kicked leaves; so do the other accounts of its clients, moderators aside (issue 29, item 3). */
  async function leavers(tx: ChatroomQueries, chatroomId: string, account: string): Promise<string[]> {
    const out: string[] = []
    for (const mate of await tx.clientMates(chatroomId, account)) {
      const member = await tx.member(chatroomId, mate)
      if (mate === account || (member && !isModerator(member.type))) out.push(mate)
    }
    return out
  }

  async function mark(seat: Seat, cmd: 'markChatroomMember' | 'updateChatroomMemberTempMute', body: Record<string, unknown>): Promise<WireMember> {
    const account = str(body.account)
    if (account === undefined) throw bad('account')
    const type = cmd === 'updateChatroomMemberTempMute' ? 'tempMute' : body.type
    if (type !== 'tempMute' && type !== 'manager' && type !== 'common' && type !== 'restricted' && type !== 'blacked' && type !== 'gaged') throw bad('mark')
    const duration = type === 'tempMute' ? int(body.duration, 0, MAX_TEMP_MUTE_S) : undefined
    if (type === 'tempMute' ? duration === undefined : typeof body.isAdd !== 'boolean') throw bad(type === 'tempMute' ? 'duration' : 'mark')
    if (body.needNotify !== undefined && typeof body.needNotify !== 'boolean') throw bad('needNotify')
    const notice = noticeOf(seat, body, body.needNotify !== false)
    const t = now()
    const { updated, kicked } = await data.atomically(async (tx) => {
      const { actor, target } = await actorAndTarget(tx, seat, account)
      const refusal = markRefusal(actor, target, type, account === seat.account)
      if (refusal) throw Refused.of(refusal)
      if (type === 'tempMute') await tx.setTempMute(seat.chatroomId, account, duration === 0 ? 0 : t + (duration ?? 0) * 1000, t)
      else if (type === 'blacked') await tx.setBlacked(seat.chatroomId, account, body.isAdd === true, t)
      else if (type === 'gaged') await tx.setGaged(seat.chatroomId, account, body.isAdd === true, t)
      else await tx.setType(seat.chatroomId, account, body.isAdd === true ? type : 'common', t)
      const member = await tx.member(seat.chatroomId, account)
      if (!member) throw new Refused(ChatroomCode.NoRoom, 'chatNoMember')
      return { updated: member, kicked: type === 'blacked' && body.isAdd === true ? await leavers(tx, seat.chatroomId, account) : [] }
    })
    for (const leaver of kicked) broadcast({ kind: 'kick', chatroomId: seat.chatroomId, account: leaver, reason: 'blacked' })
    // every member learns the new state (a mute is enforced anyway: every send reads it from the database)
    const wire = wireMember(seat.chatroomId, updated, kicked.length === 0 && online(seat.chatroomId).has(account), t)
    broadcast({ kind: 'member', chatroomId: seat.chatroomId, member: wire, notice })
    return wire
  }

  /** Puts a member out of the room (spec 001 §7 kickChatroomMember): it may enter again; the blacklist keeps one out. */
  async function kick(seat: Seat, body: Record<string, unknown>): Promise<null> {
    const account = str(body.account)
    if (account === undefined) throw bad('account')
    const notice = noticeOf(seat, body, true)
    const t = now()
    const target = await data.atomically(async (tx) => {
      const pair = await actorAndTarget(tx, seat, account)
      const refusal = markRefusal(pair.actor, pair.target, 'kick', account === seat.account)
      if (refusal) throw Refused.of(refusal)
      return pair.target
    })
    broadcast({ kind: 'kick', chatroomId: seat.chatroomId, account, reason: 'managerKick' })
    broadcast({ kind: 'member', chatroomId: seat.chatroomId, member: wireMember(seat.chatroomId, target, false, t), notice })
    return null
  }

  /** The changes an updateChatroom asks for, each checked; at least one. */
  function roomChanges(value: unknown): ChatroomChanges {
    if (!isObject(value)) throw bad('chatroom')
    const changes: ChatroomChanges = {}
    const name = text(value.name, 'name', MAX_ROOM_NAME_LENGTH)
    if (name !== undefined) {
      if (name.trim() === '') throw bad('name')
      changes.name = name
    }
    const announcement = text(value.announcement, 'announcement', MAX_ANNOUNCEMENT_LENGTH, true)
    if (announcement !== undefined) changes.announcement = announcement
    const broadcastUrl = text(value.broadcastUrl, 'broadcastUrl', MAX_URL_LENGTH)
    if (broadcastUrl !== undefined) {
      if (broadcastUrl !== '' && safeUrl(broadcastUrl) !== broadcastUrl && !/^rtmps?:\/\/\S+$/.test(broadcastUrl)) throw bad('broadcastUrl')
      changes.broadcastUrl = broadcastUrl
    }
    const custom = text(value.custom, 'custom', MAX_CUSTOM_LENGTH)
    if (custom !== undefined) changes.custom = custom
    if (value.queuelevel !== undefined) {
      const level = int(value.queuelevel, 0, 1)
      if (level === undefined) throw bad('queuelevel')
      changes.queuelevel = level
    }
    if (value.mute !== undefined) {
      if (typeof value.mute !== 'boolean') throw bad('mute')
      changes.mute = value.mute
    }
    if (Object.keys(changes).length === 0) throw bad('chatroom')
    return changes
  }

  /** Spec 001 §5, §7 updateChatroom: the announcement, the whole room's mute and the room's other fields. */
  async function updateRoom(seat: Seat, body: Record<string, unknown>): Promise<WireChatroom> {
    if (typeof body.needNotify !== 'boolean') throw bad('needNotify')
    const changes = roomChanges(body.chatroom)
    const notice = noticeOf(seat, body, body.needNotify)
    const room = await data.atomically(async (tx) => {
      const actor = await tx.member(seat.chatroomId, seat.account)
      if (!actor) throw new Refused(ChatroomCode.NoRoom, 'chatNoMember')
      const refusal = roomRefusal(actor, 'update')
      if (refusal) throw Refused.of(refusal)
      return tx.updateRoom(seat.chatroomId, changes, now())
    })
    if (!room) throw new Refused(ChatroomCode.NoRoom, 'chatNoRoom')
    const wire = wireRoom(room, online(seat.chatroomId).size)
    broadcast({ kind: 'room', chatroom: wire, notice })
    return wire
  }

  /** Spec 001 §7 closeChatroom: the owner closes the room; every member on every worker is put out, and nobody enters again. */
  async function closeRoom(seat: Seat): Promise<null> {
    await data.atomically(async (tx) => {
      const actor = await tx.member(seat.chatroomId, seat.account)
      if (!actor) throw new Refused(ChatroomCode.NoRoom, 'chatNoMember')
      const refusal = roomRefusal(actor, 'close')
      if (refusal) throw Refused.of(refusal)
      await tx.closeRoom(seat.chatroomId, now())
    })
    broadcast({ kind: 'close', chatroomId: seat.chatroomId }, seat.socket)
    leaveSeat(seat.socket)
    // behind this command's answer, which goes out as soon as this returns
    setTimeout(() => seat.socket.close(4003, 'chatroomClosed'), 0)
    return null
  }

  /** Spec 001 §7 updateMyChatroomMemberInfo: a member's own extension text (its name and picture are the server's). */
  async function updateMyInfo(seat: Seat, body: Record<string, unknown>): Promise<WireMember> {
    const custom = isObject(body.member) ? text(body.member.custom, 'custom', MAX_CUSTOM_LENGTH) : undefined
    if (custom === undefined) throw bad('member')
    const t = now()
    const member = await data.atomically(async (tx) => {
      await tx.setCustom(seat.chatroomId, seat.account, custom, t)
      return tx.member(seat.chatroomId, seat.account)
    })
    if (!member) throw new Refused(ChatroomCode.NoRoom, 'chatNoMember')
    const wire = wireMember(seat.chatroomId, member, true, t)
    broadcast({ kind: 'member', chatroomId: seat.chatroomId, member: wire, notice: { notify: false, operator: seat.account, custom: '' } })
    return wire
  }
}
