import { ChatroomCode } from '../../types/chatroom'
import type { MarkMemberBody, WireMemberType } from '../../types/chatroom'
import { safeUrl } from '../../src/domain/message/url'
import { hasControlCharacter } from '../../src/domain/validation'

/** A member as the room's rules see it. */
export interface MemberState {
  type: WireMemberType
  blacked: boolean
  gaged: boolean
  /** epoch ms; 0 or past: not muted */
  tempMuteUntil: number
}

export type Refusal = { code: number; msg: string }

/** The accounts the room generates for anonymous members; only these are claimed without a token. */
export const ANONYMOUS_PREFIX = 'anon_'

export const MAX_BODY_LENGTH = 4096
export const MAX_NICK_LENGTH = 32
export const MAX_PAGE = 100
/** Longest temporary mute: 30 days, in seconds. */
export const MAX_TEMP_MUTE_S = 30 * 24 * 3600

const MODERATORS: readonly WireMemberType[] = ['owner', 'manager']

/** Entering: a blacklisted account is refused. */
export function entryRefusal(member: MemberState | undefined): Refusal | undefined {
  return member?.blacked ? { code: ChatroomCode.Blacklisted, msg: 'You are on this chat room’s blacklist' } : undefined
}

/**
 * What a guest calls itself (issue 29, item 4): a nickname with a visible character and no control
 * character (NUL, line breaks, bidirectional overrides), and an avatar that is none or a picture
 * address (http(s), or the server's own path): never `javascript:` or `data:`. Answers the clean
 * profile (the nickname trimmed), or the refusal.
 */
export function guestProfile(nick: string, avatar: string): { nick: string; avatar: string } | Refusal {
  const trimmed = nick.trim()
  if (trimmed === '' || hasControlCharacter(trimmed)) return { code: ChatroomCode.BadRequest, msg: 'Bad chatroomNick: it needs a visible name' }
  if (avatar !== '' && (hasControlCharacter(avatar) || safeUrl(avatar) !== avatar)) return { code: ChatroomCode.BadRequest, msg: 'Bad chatroomAvatar: it must be a picture address' }
  return { nick: trimmed, avatar }
}

/** Sending: muted members, temporarily muted ones and everyone but moderators in a muted room are refused. */
export function sendRefusal(member: MemberState, roomMuted: boolean, now: number): Refusal | undefined {
  if (member.gaged || member.type === 'restricted' || member.tempMuteUntil > now) {
    return { code: ChatroomCode.Muted, msg: 'You are muted in this chat room' }
  }
  if (roomMuted && !MODERATORS.includes(member.type)) return { code: ChatroomCode.RoomMuted, msg: 'This chat room is muted' }
  return undefined
}

/**
 * Marking a member (type, blacklist, mute) or muting one for a while: the owner may mark anyone but
 * themself; a manager may mark common members, guests and anonymous ones (not another manager, not
 * the owner) and may not hand out the manager type. Guests and anonymous members cannot become fixed.
 */
export function markRefusal(actor: MemberState, target: MemberState, type: MarkMemberBody['type'] | 'tempMute', sameAccount: boolean): Refusal | undefined {
  const forbidden = (msg: string): Refusal => ({ code: ChatroomCode.Forbidden, msg })
  if (sameAccount) return forbidden('You cannot mark yourself')
  if (!MODERATORS.includes(actor.type)) return forbidden('Only the owner and managers may do this')
  if (target.type === 'owner') return forbidden('The owner cannot be marked')
  if (actor.type === 'manager' && (target.type === 'manager' || type === 'manager')) return forbidden('Only the owner manages managers')
  const transient = target.type === 'guest' || target.type === 'anonymous'
  if (transient && (type === 'manager' || type === 'common' || type === 'restricted')) {
    return { code: ChatroomCode.BadRequest, msg: 'Guests cannot be given a member type' }
  }
  return undefined
}
