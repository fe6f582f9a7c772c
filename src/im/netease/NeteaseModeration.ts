import { ResponseCode } from '../../../types/api'
import { LiveModerationCode, type LiveModerationAnswer, type LiveModerationBody, type LiveModerationRoom } from '../../../types/liveModeration'
import { ChatroomError, type ChatroomChangesInfo, type ChatroomErrorKind, type ChatroomInfo, type ChatroomMemberChange, type ChatroomModeration, type Unsubscribe } from '../types'

/** One call to our server's moderation endpoint for this live (types/liveModeration.ts); rejects with the transport's error. */
export type ModerationCall = (fields: Omit<LiveModerationBody, 'courseData'>) => Promise<LiveModerationAnswer>

/** The transport's failures (src/api/client.ts: -1 no network, -2 timed out) and the server's refusals, as the panel's kinds. */
const KIND_BY_CODE: Readonly<Record<number, ChatroomErrorKind>> = {
  [-1]: 'offline',
  [-2]: 'timeout',
  [ResponseCode.SessionExpired]: 'unauthorized',
  [ResponseCode.Forbidden]: 'forbidden',
  [ResponseCode.BadRequest]: 'badRequest',
  [ResponseCode.NotFound]: 'noRoom',
  [LiveModerationCode.Closed]: 'closed',
  [LiveModerationCode.NetEaseRefused]: 'refused',
}

function errorOf(error: unknown): ChatroomError {
  const code = typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'number' ? error.code : 0
  return new ChatroomError(KIND_BY_CODE[code] ?? 'refused', code, error instanceof Error ? error.message : 'the moderation call failed')
}

const roomOf = (answer: LiveModerationAnswer): ChatroomInfo => {
  if (!answer.room) throw new ChatroomError('refused', 0, 'the answer has no room')
  return answer.room satisfies LiveModerationRoom
}

/**
 * The host's tools in a NetEase IM room (issue 29 item 5): NetEase's web SDK cannot mute or close a
 * room, so each tool is a call to our server, which checks the session against the live's host and
 * admins and calls NetEase's server API. Each answer carries what changed; NetEase tells the room's
 * members itself (its notification messages, which this client does not read), so `onMember` and
 * `onRoom` hear nothing: the panel takes each change from its own call's answer.
 */
export class NeteaseModeration implements ChatroomModeration {
  constructor(private readonly call: ModerationCall) {}

  async room(): Promise<ChatroomInfo> {
    return roomOf(await this.ask({ action: 'room' }))
  }

  async kick(account: string): Promise<void> {
    await this.ask({ action: 'kick', account })
  }

  tempMute(account: string, seconds: number): Promise<ChatroomMemberChange> {
    return this.member({ action: 'tempMute', account, seconds })
  }

  setBlacklisted(account: string, on: boolean): Promise<ChatroomMemberChange> {
    return this.member({ action: 'blacklist', account, on: on ? 1 : 0 })
  }

  /** The room's mute, then its announcement: one call each, as NetEase has one for each. */
  async updateRoom(changes: ChatroomChangesInfo): Promise<ChatroomInfo> {
    let answer: LiveModerationAnswer | undefined
    if (changes.mute !== undefined) answer = await this.ask({ action: 'roomMute', on: changes.mute ? 1 : 0 })
    if (changes.announcement !== undefined) answer = await this.ask({ action: 'announcement', announcement: changes.announcement })
    return roomOf(answer ?? (await this.ask({ action: 'room' })))
  }

  async closeRoom(): Promise<void> {
    await this.ask({ action: 'close' })
  }

  onMember(): Unsubscribe {
    return () => undefined
  }

  onRoom(): Unsubscribe {
    return () => undefined
  }

  private async member(fields: Omit<LiveModerationBody, 'courseData'>): Promise<ChatroomMemberChange> {
    const answer = await this.ask(fields)
    if (!answer.member) throw new ChatroomError('refused', 0, 'the answer has no member')
    return answer.member
  }

  private async ask(fields: Omit<LiveModerationBody, 'courseData'>): Promise<LiveModerationAnswer> {
    try {
      return await this.call(fields)
    } catch (error) {
      throw errorOf(error)
    }
  }
}
