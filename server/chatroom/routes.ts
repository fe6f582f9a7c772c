import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyPluginAsync } from 'fastify'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { CHATROOM_SOCKET_PATH, ChatroomCode } from '../../types/chatroom'
import type { AnswerFrame, ChatroomCommands, PushFrame, WireMember } from '../../types/chatroom'
import type { AppContext } from '../context'
import { wireMember, wireRoom } from './data'
import { WORKER_HEADER, workerName } from '../core/worker'
import { wsText } from '../core/wsText'
import { requestTarget } from '../core/urls'
import type { RoomEvent } from './relay'
import { ANONYMOUS_PREFIX, MAX_BODY_LENGTH, MAX_NICK_LENGTH, MAX_PAGE, MAX_TEMP_MUTE_S, entryRefusal, guestProfile, markRefusal, sendRefusal } from './rules'

/** A socket silent for this long (two missed 60 s heartbeats and some) is closed. */
const IDLE_LIMIT_MS = 150_000
const MAX_FRAME_BYTES = 16 * 1024
/** A socket that has not logged in this long after opening is closed (the spec's handshake time-out). */
const LOGIN_DEADLINE_MS = 10_000

class Refused extends Error {
  constructor(readonly code: number, message: string) {
    super(message)
  }
}

interface Seat {
  socket: WebSocket
  chatroomId: string
  account: string
  lastSeen: number
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown, max = 128): string | undefined => (typeof v === 'string' && v.length > 0 && v.length <= max ? v : undefined)
const int = (v: unknown, min: number, max: number): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : undefined)
const bad = (what: string): Refused => new Refused(ChatroomCode.BadRequest, `Bad ${what}`)

/**
 * The local chat room: NetEase IM's chatroom service (spec 001 §7, service 13) over one WebSocket
 * at CHATROOM_SOCKET_PATH, persisted in the database. Rooms enforce blacklist, mute, temporary
 * mute and room mute; a resent message (same sender and client id) is stored and broadcast once.
 * Each worker of server/cluster.ts, and each machine, holds its own sockets: what one process's room
 * pushes, `relay` carries to the others (relay.ts and redisRelay.ts say how and why).
 */
export const chatroomRoutes: FastifyPluginAsync<AppContext> = async (app, { repos: { chatrooms: data, accounts }, roomRelay: relay }) => {
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
    wss.handleUpgrade(request, socket, head, (ws) => attach(ws))
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

  /** Pushes `event` to this process's seats; `except` is the sender's socket. */
  const deliver = (event: RoomEvent, except?: WebSocket): void => {
    if (event.kind === 'msg') {
      for (const seat of seatsOf(event.message.chatroomId)) if (seat.socket !== except) send(seat.socket, { push: 'msg', data: event.message })
      return
    }
    if (event.kind === 'kick') {
      for (const kicked of seatsOf(event.chatroomId, event.account)) {
        send(kicked.socket, { push: 'kicked', data: { reason: 'blacked' } })
        leaveSeat(kicked.socket)
        kicked.socket.close(4003, 'blacked')
      }
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
  if (worker !== undefined) relay.publish({ kind: 'hello', worker })

  // started by the first socket, cleared when the server closes
  let idleCheck: ReturnType<typeof setInterval> | undefined
  const watchIdle = (): void => {
    idleCheck ??= setInterval(() => {
      const t = now()
      for (const seat of seats.values()) if (t - seat.lastSeen > IDLE_LIMIT_MS) seat.socket.terminate()
    }, IDLE_LIMIT_MS / 2)
  }

  // before the HTTP server closes: it waits for every connection, upgraded sockets included
  app.addHook('preClose', async () => {
    clearInterval(idleCheck)
    stopRelay()
    app.server.off('upgrade', onUpgrade)
    for (const client of wss.clients) client.terminate()
    await new Promise<void>((resolve) => wss.close(() => resolve()))
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
  const seatsOf = (chatroomId: string, account?: string): Seat[] =>
    [...seats.values()].filter((s) => s.chatroomId === chatroomId && (account === undefined || s.account === account))

  function attach(ws: WebSocket): void {
    watchIdle()
    // a socket's frames and its close are handled one after another, in the order they came: a
    // send right behind its login finds the seat taken, one right before the close is still stored
    let handled: Promise<void> = Promise.resolve()
    ws.on('message', (raw) => {
      const seat = seats.get(ws)
      if (seat) seat.lastSeen = now()
      handled = handled.then(() => receive(ws, raw))
    })
    const loginDeadline = setTimeout(() => {
      if (!seats.has(ws)) ws.terminate()
    }, LOGIN_DEADLINE_MS)
    ws.on('close', () => {
      clearTimeout(loginDeadline)
      handled = handled.then(() => leaveSeat(ws))
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
        send(ws, { id, code: error.code, msg: error.message })
        return
      }
      // the database failed: this socket's client reconnects and catches up from the history
      app.log.error(error)
      ws.close(1011, 'chat room failure')
    }
  }

  function seatOf(ws: WebSocket): Seat {
    const seat = seats.get(ws)
    if (!seat) throw new Refused(ChatroomCode.Unauthorized, 'Log in to the chat room first')
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
      default:
        throw new Refused(ChatroomCode.BadRequest, 'Unknown command')
    }
  }

  async function login(ws: WebSocket, body: Record<string, unknown>): Promise<ChatroomCommands['login']['answer']> {
    if (seats.has(ws)) throw new Refused(ChatroomCode.BadRequest, 'Already logged in on this connection')
    const chatroomId = str(body.chatroomId)
    if (chatroomId === undefined || typeof body.anonymous !== 'boolean') throw bad('login')
    const room = await data.room(chatroomId)
    if (!room) throw new Refused(ChatroomCode.NoRoom, 'No such chat room')
    const t = now()
    const entry = body.anonymous ? await anonymousEntry(chatroomId, body) : await accountEntry(body, t)
    // the blacklist check and the entry are one transaction: a blacking on any worker comes before
    // or after both
    const member = await data.atomically(async (tx) => {
      const refusal = entryRefusal(await tx.member(chatroomId, entry.account))
      if (refusal) throw new Refused(refusal.code, refusal.msg)
      return tx.enter(chatroomId, entry.account, entry.type, entry.nick, entry.avatar, t)
    })
    takeSeat({ socket: ws, chatroomId, account: member.account, lastSeen: t })
    return { chatroom: wireRoom(room, online(chatroomId).size), member: wireMember(chatroomId, member, true, t) }
  }

  /** Spec 001 §5: anonymous login needs a nick; an account is generated when none is given; avatar blank by default. */
  async function anonymousEntry(chatroomId: string, body: Record<string, unknown>): Promise<{ account: string; type: 'anonymous'; nick: string; avatar: string }> {
    const nick = str(body.nick, MAX_NICK_LENGTH)
    if (nick === undefined) throw new Refused(ChatroomCode.BadRequest, 'An anonymous login needs chatroomNick')
    const given = str(body.account)
    // only an account the room generated for an anonymous member is claimed without a token (a
    // member's type never changes to or from anonymous, so this read needs no transaction)
    const reusable = given !== undefined && given.startsWith(ANONYMOUS_PREFIX) && (await data.member(chatroomId, given))?.type === 'anonymous'
    const account = reusable ? given : `${ANONYMOUS_PREFIX}${randomBytes(9).toString('base64url')}`
    const profile = guestProfile(nick, str(body.avatar, 512) ?? '')
    if ('code' in profile) throw new Refused(profile.code, profile.msg)
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
    if (account === undefined || !proven) {
      throw new Refused(ChatroomCode.Unauthorized, 'The chat room login has expired: log in again')
    }
    const profile = await accounts.user(account)
    return { account, type: 'guest', nick: profile?.nickname ?? account, avatar: profile?.faceIcon ?? '' }
  }

  async function sendMsg(seat: Seat, body: Record<string, unknown>): Promise<ChatroomCommands['sendMsg']['answer']> {
    const idClient = str(body.idClient, 64)
    const type = body.type === 0 || body.type === 100 ? body.type : undefined
    const text = typeof body.body === 'string' && body.body.length <= MAX_BODY_LENGTH ? body.body : undefined
    if (idClient === undefined || type === undefined || text === undefined) throw bad('message')
    const { message, created } = await data.atomically(async (tx) => {
      const t = await tx.nextMessageTime(seat.chatroomId, now())
      const member = await tx.member(seat.chatroomId, seat.account)
      const room = await tx.room(seat.chatroomId)
      if (!member || !room) throw new Refused(ChatroomCode.NoRoom, 'No such chat room')
      const refusal = sendRefusal(member, room.mute === 1, t)
      if (refusal) throw new Refused(refusal.code, refusal.msg)
      return tx.saveMessage({
        chatroomId: seat.chatroomId, idClient, from: seat.account, fromNick: member.nick, fromAvatar: member.avatar, type, body: text, time: t,
      })
    })
    if (created) broadcast({ kind: 'msg', message }, seat.socket)
    return message
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

  async function mark(seat: Seat, cmd: 'markChatroomMember' | 'updateChatroomMemberTempMute', body: Record<string, unknown>): Promise<WireMember> {
    const account = str(body.account)
    if (account === undefined) throw bad('account')
    const t = now()
    const { updated, kick } = await data.atomically(async (tx) => {
      const actor = await tx.member(seat.chatroomId, seat.account)
      const target = await tx.member(seat.chatroomId, account)
      if (!actor || !target) throw new Refused(ChatroomCode.NoRoom, 'No such member')
      const type = cmd === 'updateChatroomMemberTempMute' ? 'tempMute' : body.type
      if (type !== 'tempMute' && type !== 'manager' && type !== 'common' && type !== 'restricted' && type !== 'blacked' && type !== 'gaged') throw bad('mark')
      const refusal = markRefusal(actor, target, type, account === seat.account)
      if (refusal) throw new Refused(refusal.code, refusal.msg)
      if (type === 'tempMute') {
        const duration = int(body.duration, 0, MAX_TEMP_MUTE_S)
        if (duration === undefined) throw bad('duration')
        await tx.setTempMute(seat.chatroomId, account, duration === 0 ? 0 : t + duration * 1000, t)
      } else {
        if (typeof body.isAdd !== 'boolean') throw bad('mark')
        if (type === 'blacked') await tx.setBlacked(seat.chatroomId, account, body.isAdd, t)
        else if (type === 'gaged') await tx.setGaged(seat.chatroomId, account, body.isAdd, t)
        else await tx.setType(seat.chatroomId, account, body.isAdd ? type : 'common', t)
      }
      const member = await tx.member(seat.chatroomId, account)
      if (!member) throw new Refused(ChatroomCode.NoRoom, 'No such member')
      return { updated: member, kick: type === 'blacked' && body.isAdd === true }
    })
    // mutes need no push: every send reads the member's state from the database
    if (kick) broadcast({ kind: 'kick', chatroomId: seat.chatroomId, account })
    return wireMember(seat.chatroomId, updated, online(seat.chatroomId).has(account), t)
  }
}
