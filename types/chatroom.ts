/**
 * The local chat room's wire protocol: JSON frames over one WebSocket at CHATROOM_SOCKET_PATH of
 * the reference server. It mirrors the messaging library's chatroom service (spec 001 §7, service
 * 13): login, logout, sendMsg, getHistoryMsgs, getChatroomMembers, markChatroomMember,
 * updateChatroomMemberTempMute, kickChatroomMember, getChatroom, updateChatroom, closeChatroom,
 * updateMyChatroomMemberInfo, plus a heartbeat. Shared by src/im/local and server/chatroom.
 */

export const CHATROOM_SOCKET_PATH = '/im/chatroom'

/** Member types by name (spec 001 §3; codes in src/domain/chat/constants.ts). */
export type WireMemberType = 'owner' | 'manager' | 'common' | 'guest' | 'anonymous' | 'restricted' | 'unset'

/** Answer codes: 200 ok, the rest refusals the client shows or handles. */
export const ChatroomCode = {
  Ok: 200,
  BadRequest: 414,
  /** not logged in on this socket, or a bad token */
  Unauthorized: 302,
  Forbidden: 403,
  NoRoom: 404,
  /** the account is on the room's blacklist */
  Blacklisted: 13003,
  /** the member is muted (gaged) or temporarily muted */
  Muted: 13004,
  /** the whole room is muted */
  RoomMuted: 13006,
  /** the room was closed by its owner */
  Closed: 13002,
  /** the client key given was not issued by the room: enter again without it */
  UnknownClient: 13011,
  /** the room's database cannot answer now: nothing was stored; the socket closes and the client reconnects */
  Unavailable: 503,
} as const

/** A client key the room issues (32 random bytes, base64url): what binds a guest to its client. */
export const CLIENT_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/

export interface WireMember {
  chatroomId: string
  account: string
  type: WireMemberType
  /** kept only for common members */
  level?: number
  nick: string
  avatar: string
  /** the member's own extension text (updateMyChatroomMemberInfo); '' when none */
  custom: string
  online: boolean
  /** dropped when offline */
  enterTime?: number
  blacked: boolean
  gaged: boolean
  tempMuted: boolean
  /** seconds left of a temporary mute; 0 when none */
  tempMuteDuration: number
  updateTime: number
  /** a guest loses `valid` */
  valid?: boolean
}

export interface WireChatroom {
  id: string
  name: string
  announcement: string
  /** the room's broadcast (stream) address; '' when none */
  broadcastUrl: string
  /** the room's extension text; '' when none */
  custom: string
  /** who may change the room's queue: 0 everyone, 1 only the owner and managers */
  queuelevel: number
  creator: string
  mute: boolean
  onlineMemberNum: number
  createTime: number
  updateTime: number
}

/** A stored room message; `type` is the messaging library's code (0 text, 100 custom). */
export interface WireMessage {
  chatroomId: string
  idClient: string
  /** the room's order of arrival */
  idServer: number
  from: string
  fromNick: string
  fromAvatar: string
  /** the sender's member type when it sent (the room's record, never the message's text): who shows a host's or manager's badge */
  fromType: WireMemberType
  type: number
  body: string
  time: number
}

export interface LoginBody {
  chatroomId: string
  /** an anonymous login needs `nick`; the room generates an account when none is given */
  anonymous: boolean
  account?: string
  /** the app session's token for `account` (a logged-in member) */
  token?: string
  nick?: string
  avatar?: string
  /**
   * The key this room issued to this client on an earlier login (LoginAnswer.clientKey). An
   * anonymous member's account is bound to it: the same key enters as the same guest, and naming
   * that account without it is refused. Mutes and blacklists hold for every account of a client.
   */
  clientKey?: string
}

export interface LoginAnswer {
  chatroom: WireChatroom
  member: WireMember
  /** the client's key (the one given, or a new one): the client keeps it and gives it on every login */
  clientKey: string
}

export interface SendBody {
  idClient: string
  type: number
  body: string
}

export interface HistoryBody {
  /** 0: from the newest (reverse false) or the oldest (reverse true) */
  timetag: number
  limit: number
  /** false: older than timetag, newest first; true: newer than timetag, oldest first */
  reverse: boolean
}

export interface MembersBody {
  /** true: guests and anonymous members online; false: fixed members */
  guest: boolean
  /** enterTime/updateTime before which to list; 0 from the newest */
  time: number
  limit: number
}

export interface MarkMemberBody {
  account: string
  /** manager/common set the member's type; blacked/gaged set the flag */
  type: 'manager' | 'common' | 'restricted' | 'blacked' | 'gaged'
  isAdd: boolean
  /** the notification's extension text, handed on with the member's new state */
  custom?: string
}

export interface TempMuteBody {
  account: string
  /** seconds; 0 lifts it */
  duration: number
  /** whether members are told (the `member` push's `notify`); the new state reaches them either way */
  needNotify?: boolean
  custom?: string
}

export interface KickBody {
  account: string
  custom?: string
}

/** What updateChatroom may change; fields left out stay as they are. */
export interface ChatroomChanges {
  name?: string
  announcement?: string
  broadcastUrl?: string
  custom?: string
  queuelevel?: number
  /** the whole room muted: only the owner and managers speak */
  mute?: boolean
}

export interface UpdateChatroomBody {
  chatroom: ChatroomChanges
  /** whether members are told (the `room` push's `notify`); the new state reaches them either way */
  needNotify: boolean
  custom?: string
}

export interface UpdateMyInfoBody {
  member: { custom: string }
}

/** What a moderator's action hands every member with the new state. */
export interface ChatroomNotice {
  /** whether the actor asked for members to be told (needNotify) */
  notify: boolean
  /** the account that acted */
  operator: string
  custom: string
}

export interface ChatroomCommands {
  login: { body: LoginBody; answer: LoginAnswer }
  logout: { body: Record<string, never>; answer: null }
  heartbeat: { body: Record<string, never>; answer: null }
  sendMsg: { body: SendBody; answer: WireMessage }
  getHistoryMsgs: { body: HistoryBody; answer: WireMessage[] }
  getChatroomMembers: { body: MembersBody; answer: WireMember[] }
  markChatroomMember: { body: MarkMemberBody; answer: WireMember }
  updateChatroomMemberTempMute: { body: TempMuteBody; answer: WireMember }
  kickChatroomMember: { body: KickBody; answer: null }
  getChatroom: { body: Record<string, never>; answer: WireChatroom }
  updateChatroom: { body: UpdateChatroomBody; answer: WireChatroom }
  closeChatroom: { body: Record<string, never>; answer: null }
  updateMyChatroomMemberInfo: { body: UpdateMyInfoBody; answer: WireMember }
}

export type ChatroomCommand = keyof ChatroomCommands

/** Client to room: one command with the id its answer carries back. */
export interface CommandFrame<C extends ChatroomCommand = ChatroomCommand> {
  id: number
  cmd: C
  body: ChatroomCommands[C]['body']
}

/** Room to client: the answer to command `id`. */
export type AnswerFrame =
  | { id: number; code: typeof ChatroomCode.Ok; data: unknown }
  | { id: number; code: number; msg: string }

/** Why the room sends a member on: the node is stopping, or cannot reach the other nodes (Redis). */
export type ReconnectReason = 'restarting' | 'unavailable'

/** Why a member was put out of the room. */
export type KickReason = 'blacked' | 'managerKick' | 'chatroomClosed'

/**
 * Room to client, unasked: new messages (those of a short window, oldest first: one frame however
 * many, and none of the member's own); the member was put out of the room; a member's new state
 * (marked, muted, kicked, blacklisted: every member of the room gets it); the room's new state
 * (announcement, mute, …); go to another node: this one is stopping (a deploy) or has lost what
 * the nodes share (Redis), and the socket closes behind this frame.
 */
export type PushFrame =
  | { push: 'msgs'; data: WireMessage[] }
  | { push: 'kicked'; data: { reason: KickReason } }
  | { push: 'member'; data: { member: WireMember; notice: ChatroomNotice } }
  | { push: 'room'; data: { chatroom: WireChatroom; notice: ChatroomNotice } }
  | { push: 'reconnect'; data: { reason: ReconnectReason } }
