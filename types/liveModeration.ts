/**
 * The host's tools in a NetEase IM live room (issue 29 item 5, spec 001 §5-§7): NetEase's web SDK
 * cannot mute or close a room, so /liveHomeAdmin asks this server, which checks that the session is
 * the live's host or one of its admins (the local room's rules, server/chatroom/rules.ts) and then
 * calls NetEase's server API as that user. The local room keeps its socket commands.
 */
import type { ObjectData } from './api'
import { endpoint } from './contract'

export type LiveModerationAction = 'room' | 'kick' | 'tempMute' | 'blacklist' | 'roomMute' | 'announcement' | 'close'
export const LIVE_MODERATION_ACTIONS: readonly LiveModerationAction[] = ['room', 'kick', 'tempMute', 'blacklist', 'roomMute', 'announcement', 'close']

/** Codes beside ResponseCode's: NetEase refused the call (its code in `msg`), or the room is closed. */
export const LiveModerationCode = { NetEaseRefused: 502, Closed: 13002 } as const

export interface LiveModerationBody {
  courseData: string
  action: string
  /** the member acted on (kick, tempMute, blacklist) */
  account?: string
  /** tempMute: seconds, 0 lifts */
  seconds?: number
  /** blacklist, roomMute: 1 on, 0 off */
  on?: number
  announcement?: string
}

/** The room as NetEase keeps it. */
export interface LiveModerationRoom {
  name: string
  announcement: string
  mute: boolean
  onlineMemberNum: number
  creator: string
}

/** What an action on a member changed (the rest of the member stays as the panel knows it). */
export interface LiveModerationMember {
  account: string
  online?: boolean
  tempMuteDuration?: number
  blacked?: boolean
}

export interface LiveModerationAnswer {
  room?: LiveModerationRoom
  member?: LiveModerationMember
}

export const liveModerationCalls = {
  /** scoped to the session headers: the live's owner or one of its admins */
  moderate: endpoint<LiveModerationBody, ObjectData<LiveModerationAnswer>>('/wmim/live/admin/chatroom/moderate.do', {
    courseData: 'required',
    action: 'required',
    account: 'optional',
    seconds: 'optional',
    on: 'optional',
    announcement: 'optional',
  }),
}
