import type { ChatroomMemberType } from '../domain/chat/constants'
import type { ChatFile } from '../../types/chatUpload'
import type { LiveChatMessage, LiveContent } from '../domain/chat/liveMessage'

/** Who enters: a logged-in account with its chat token, or an anonymous guest with a nick (spec 001 §5). */
export type ChatroomIdentity =
  | { kind: 'account'; account: string; token: string }
  | { kind: 'guest'; nick: string; avatar?: string }

export interface EnterOptions {
  chatroomId: string
  /** the room's addresses (live info `watchData.chatroomAddresses`, or the local room's socket URL) */
  addresses: readonly string[]
  identity: ChatroomIdentity
  /** the page is on https: a file message's http url is taken as https (spec 001 §3 secure-page mode) */
  securePage?: boolean
}

export interface ChatroomMemberInfo {
  account: string
  type: ChatroomMemberType
  nick: string
  avatar: string
  online: boolean
  /** muted in any way: gaged or temporarily */
  muted: boolean
  /** muted until lifted (markChatroomMember gaged) */
  gaged: boolean
  /** seconds left of a temporary mute; 0 when none */
  tempMuteDuration: number
  blacked: boolean
}

/** The room as its members see it (spec 001 §3 "Chatroom"). */
export interface ChatroomInfo {
  name: string
  announcement: string
  /** the whole room muted: only the owner and managers speak */
  mute: boolean
  onlineMemberNum: number
  creator: string
}

export interface EnterResult {
  /** the account in the room (generated for an anonymous guest) */
  account: string
  member: ChatroomMemberInfo
  roomName: string
  onlineMemberNum: number
  room: ChatroomInfo
}

/** Where a client keeps the key the local room issued to it (issue 29, item 2): its guest and its bans follow it. */
export interface ClientKeyStore {
  read(): string | undefined
  write(key: string): void
  forget(): void
}

/** What an action changed on a member: the local room answers the whole member, NetEase's server API what it changed. */
export type ChatroomMemberChange = Pick<ChatroomMemberInfo, 'account'> & Partial<ChatroomMemberInfo>

/** What the room changes on updateChatroom; fields left out stay. */
export interface ChatroomChangesInfo {
  announcement?: string
  mute?: boolean
}

/**
 * The host's and managers' tools (spec 001 §7, service 13): the room decides who may use them and
 * refuses everyone else. What changes reaches every member through `onMember` and `onRoom`.
 */
export interface ChatroomModeration {
  room(): Promise<ChatroomInfo>
  kick(account: string): Promise<void>
  /** seconds; 0 lifts the mute */
  tempMute(account: string, seconds: number): Promise<ChatroomMemberChange>
  setBlacklisted(account: string, on: boolean): Promise<ChatroomMemberChange>
  updateRoom(changes: ChatroomChangesInfo): Promise<ChatroomInfo>
  /** closes the room for good: every member is put out, this client too */
  closeRoom(): Promise<void>
  /** a member's new state (marked, muted, kicked), whoever acted */
  onMember(listener: (member: ChatroomMemberInfo) => void): Unsubscribe
  /** the room's new state (announcement, mute) */
  onRoom(listener: (room: ChatroomInfo) => void): Unsubscribe
}

/** The connection as the viewer sees it. */
export type ChatroomStatus =
  | { state: 'idle' }
  | { state: 'connecting' }
  | { state: 'connected' }
  | { state: 'reconnecting'; attempt: number; delayMs: number; final: boolean }
  /** the reconnect-failed event: every attempt and the final try failed */
  /** `reason`: the room's refusal that no retry changes (blacklisted, closed, …), when that was it */
  | { state: 'failed'; reason?: ChatroomErrorKind }
  /** left the room: on purpose, or put out of it (`kicked`) */
  | { state: 'exited'; reason: ExitReason }

/** Why the member left: on purpose, put out by a moderator, blacklisted, or the room closed. */
export type ExitReason = 'intentional' | 'kicked' | 'blacklisted' | 'closed'

export type ChatroomErrorKind =
  | 'muted'
  | 'roomMuted'
  | 'blacklisted'
  | 'unauthorized'
  | 'forbidden'
  | 'noRoom'
  | 'closed'
  | 'badRequest'
  | 'timeout'
  | 'offline'
  | 'refused'

/** A refused or failed chat room call; `message` is for logs, the UI maps `kind` to a localised string. */
export class ChatroomError extends Error {
  constructor(readonly kind: ChatroomErrorKind, readonly code: number, message: string) {
    super(message)
    this.name = 'ChatroomError'
  }
}

export type Unsubscribe = () => void

/**
 * One chat room client, whatever carries it (NetEase IM with an appKey, the local room without).
 * Every message leaves it normalised into a LiveChatMessage with its `flow`, at most once.
 */
export interface ChatroomClient {
  /** Connects and logs in; rejects with a ChatroomError when the room refuses or cannot be reached. */
  enter(options: EnterOptions): Promise<EnterResult>
  /** Leaves on purpose: nothing reconnects afterwards. */
  exit(): Promise<void>
  /**
   * Sends a custom text message with the live content JSON. `idClient` is ours for the local room;
   * NetEase's SDK generates its own, so the answer carries the id the room knows. An error the
   * library treats as trivial (7101) resolves as sent.
   */
  send(content: LiveContent, idClient: string): Promise<LiveChatMessage>
  /**
   * Sends a file, image or audio message with a file uploaded to this room (src/api/chatUpload.ts);
   * the room writes it from its upload record (a NetEase room: our server checks it and sends it with
   * NetEase's server API). Undefined where the app was given no way to send files.
   */
  readonly sendFile?: (file: ChatFile, idClient: string) => Promise<LiveChatMessage>
  /** Up to `limit` (10) messages older than `timetag` (0: the newest), oldest first. */
  history(timetag: number, limit?: number): Promise<LiveChatMessage[]>
  /** Members: fixed ones (`guest` false) or online guests (`guest` true), 100 a page before `time`. */
  members(guest: boolean, time?: number): Promise<ChatroomMemberInfo[]>
  /** Received messages, and after a reconnect the ones missed meanwhile. */
  onMessages(listener: (messages: LiveChatMessage[]) => void): Unsubscribe
  onStatus(listener: (status: ChatroomStatus) => void): Unsubscribe
  readonly status: ChatroomStatus
  /** the host's and managers' tools; undefined where the carrier offers none */
  readonly moderation: ChatroomModeration | undefined
}
