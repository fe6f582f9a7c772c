/**
 * The local chat room's wire protocol: JSON frames over one WebSocket at CHATROOM_SOCKET_PATH of
 * the reference server. It mirrors the messaging library's chatroom service (spec 001 §7, service
 * 13): login, logout, sendMsg, getHistoryMsgs, getChatroomMembers, markChatroomMember,
 * updateChatroomMemberTempMute, plus a heartbeat. Shared by src/im/local and server/chatroom.
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
} as const

export interface WireMember {
  chatroomId: string
  account: string
  type: WireMemberType
  /** kept only for common members */
  level?: number
  nick: string
  avatar: string
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
}

export interface LoginAnswer {
  chatroom: WireChatroom
  member: WireMember
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
}

export interface TempMuteBody {
  account: string
  /** seconds; 0 lifts it */
  duration: number
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

/** Room to client, unasked: a new message, or the member was put out of the room. */
export type PushFrame =
  | { push: 'msg'; data: WireMessage }
  | { push: 'kicked'; data: { reason: 'blacked' | 'managerKick' | 'chatroomClosed' } }
