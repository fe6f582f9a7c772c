import type { ChatroomMemberType } from '../domain/chat/constants'
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
}

export interface ChatroomMemberInfo {
  account: string
  type: ChatroomMemberType
  nick: string
  avatar: string
  online: boolean
  muted: boolean
  blacked: boolean
}

export interface EnterResult {
  /** the account in the room (generated for an anonymous guest) */
  account: string
  member: ChatroomMemberInfo
  roomName: string
  onlineMemberNum: number
}

/** The connection as the viewer sees it. */
export type ChatroomStatus =
  | { state: 'idle' }
  | { state: 'connecting' }
  | { state: 'connected' }
  | { state: 'reconnecting'; attempt: number; delayMs: number; final: boolean }
  /** the reconnect-failed event: every attempt and the final try failed */
  | { state: 'failed' }
  /** left the room: on purpose, or put out of it (`kicked`) */
  | { state: 'exited'; reason: 'intentional' | 'kicked' }

export type ChatroomErrorKind = 'muted' | 'roomMuted' | 'blacklisted' | 'unauthorized' | 'noRoom' | 'badRequest' | 'timeout' | 'offline' | 'refused'

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
  /** Up to `limit` (10) messages older than `timetag` (0: the newest), oldest first. */
  history(timetag: number, limit?: number): Promise<LiveChatMessage[]>
  /** Members: fixed ones (`guest` false) or online guests (`guest` true), 100 a page before `time`. */
  members(guest: boolean, time?: number): Promise<ChatroomMemberInfo[]>
  /** Received messages, and after a reconnect the ones missed meanwhile. */
  onMessages(listener: (messages: LiveChatMessage[]) => void): Unsubscribe
  onStatus(listener: (status: ChatroomStatus) => void): Unsubscribe
  readonly status: ChatroomStatus
}
