import { ChatroomCode } from '../../types/chatroom'
import type { MarkMemberBody, WireMemberType } from '../../types/chatroom'
import { safeUrl } from '../../src/domain/message/url'
import { hasControlCharacter } from '../../src/domain/validation'
import type { TextKey, TextParams } from '../core/messages'

/** A member as the room's rules see it. */
export interface MemberState {
  type: WireMemberType
  blacked: boolean
  gaged: boolean
  /** epoch ms; 0 or past: not muted */
  tempMuteUntil: number
}

/** A refusal: its code, and its text in the catalogue (core/messages.ts), written in the socket's language. */
export type Refusal = { code: number; key: TextKey; params?: TextParams }

/** The accounts the room generates for anonymous members. */
export const ANONYMOUS_PREFIX = 'anon_'

export const MAX_BODY_LENGTH = 4096
export const MAX_NICK_LENGTH = 32
export const MAX_PAGE = 100
/** Longest temporary mute: 30 days, in seconds. */
export const MAX_TEMP_MUTE_S = 30 * 24 * 3600
/** The room's texts a moderator writes (spec 001 §3 "Chatroom"), and a member's custom text. */
export const MAX_ANNOUNCEMENT_LENGTH = 1000
export const MAX_ROOM_NAME_LENGTH = 64
export const MAX_CUSTOM_LENGTH = 1024
export const MAX_URL_LENGTH = 512

const MODERATORS: readonly WireMemberType[] = ['owner', 'manager']

export const isModerator = (type: WireMemberType): boolean => MODERATORS.includes(type)

const forbidden = (key: TextKey): Refusal => ({ code: ChatroomCode.Forbidden, key })

/**
 * Entering: a blacklisted account is refused, and so is any account but a moderator's from a client
 * one of whose accounts is blacklisted in the room (issue 29, item 3).
 */
export function entryRefusal(member: MemberState | undefined, clientBlacked: boolean): Refusal | undefined {
  if (member?.blacked || (clientBlacked && !(member && isModerator(member.type)))) return { code: ChatroomCode.Blacklisted, key: 'chatBlacklisted' }
  return undefined
}

/**
 * What a guest calls itself (issue 29, item 4): a nickname with a visible character and no control
 * character (NUL, line breaks, bidirectional overrides), and an avatar that is none or a picture
 * address (http(s), or the server's own path): never `javascript:` or `data:`. Answers the clean
 * profile (the nickname trimmed), or the refusal.
 */
export function guestProfile(nick: string, avatar: string): { nick: string; avatar: string } | Refusal {
  const trimmed = nick.trim()
  if (trimmed === '' || hasControlCharacter(trimmed)) return { code: ChatroomCode.BadRequest, key: 'chatBadNick' }
  if (avatar !== '' && (hasControlCharacter(avatar) || safeUrl(avatar) !== avatar)) return { code: ChatroomCode.BadRequest, key: 'chatBadAvatar' }
  return { nick: trimmed, avatar }
}

/**
 * A name as a reader takes it in: compatibility forms folded (full-width letters, ligatures), case
 * folded, and spaces and invisible characters (zero-width, format) dropped. `林 老师`, `林老师\u200b`
 * and `林老师` read the same.
 */
export function readAs(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(/[\s\p{Cf}]/gu, '')
}

/**
 * Issue 29, item 3: a guest may not take the name of the host or a manager (as a reader takes it in),
 * nor their picture.
 */
export function posesAsModerator(profile: { nick: string; avatar: string }, moderators: ReadonlyArray<{ nick: string; avatar: string }>): Refusal | undefined {
  const name = readAs(profile.nick)
  const poses = moderators.some((m) => readAs(m.nick) === name || (profile.avatar !== '' && m.avatar === profile.avatar))
  return poses ? { code: ChatroomCode.Forbidden, key: 'chatPosesAsModerator' } : undefined
}

/**
 * Sending: muted members, temporarily muted ones and everyone but moderators in a muted room are
 * refused. `clientBans` are the bans of the other accounts of the sender's client: they hold for
 * anyone but a moderator (issue 29, item 3).
 */
export function sendRefusal(member: MemberState, clientBans: { gaged: boolean; tempMuteUntil: number }, roomMuted: boolean, now: number): Refusal | undefined {
  const moderator = isModerator(member.type)
  const clientMuted = !moderator && (clientBans.gaged || clientBans.tempMuteUntil > now)
  if (member.gaged || member.type === 'restricted' || member.tempMuteUntil > now || clientMuted) return { code: ChatroomCode.Muted, key: 'chatMuted' }
  if (roomMuted && !moderator) return { code: ChatroomCode.RoomMuted, key: 'chatRoomMuted' }
  return undefined
}

/**
 * Marking a member (type, blacklist, mute), muting one for a while or kicking one: the owner may act
 * on anyone but themself; a manager on common members, guests and anonymous ones (not another
 * manager, not the owner) and may not hand out the manager type. An anonymous member has no account
 * to keep a type for; a logged-in guest may become a fixed member (common, manager, restricted).
 */
export function markRefusal(actor: MemberState, target: MemberState, type: MarkMemberBody['type'] | 'tempMute' | 'kick', sameAccount: boolean): Refusal | undefined {
  if (sameAccount) return forbidden('chatNotOnSelf')
  if (!isModerator(actor.type)) return forbidden('chatModeratorsOnly')
  if (target.type === 'owner') return forbidden('chatOwnerUntouchable')
  if (actor.type === 'manager' && (target.type === 'manager' || type === 'manager')) return forbidden('chatManagersByOwner')
  if (target.type === 'anonymous' && (type === 'manager' || type === 'common' || type === 'restricted')) return { code: ChatroomCode.BadRequest, key: 'chatGuestNoType' }
  return undefined
}

/** Changing the room (announcement, mute, …): the owner and managers. Closing it: the owner alone. */
export function roomRefusal(actor: MemberState, action: 'update' | 'close'): Refusal | undefined {
  if (action === 'close') return actor.type === 'owner' ? undefined : forbidden('chatOwnerOnly')
  return isModerator(actor.type) ? undefined : forbidden('chatModeratorsOnly')
}
