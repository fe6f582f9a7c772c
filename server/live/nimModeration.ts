import type { FastifyInstance } from 'fastify'
import { ResponseCode } from '../../types/api'
import { LIVE_MODERATION_ACTIONS, LiveModerationCode, liveModerationCalls, type LiveModerationAnswer, type LiveModerationRoom } from '../../types/liveModeration'
import type { WireMemberType } from '../../types/chatroom'
import { contractRoute } from '../core/contractRoute'
import { ApiRefusal, ok } from '../core/envelope'
import { handle } from '../core/schema'
import type { Identity } from '../login/identity'
import { MAX_ANNOUNCEMENT_LENGTH, MAX_TEMP_MUTE_S, markRefusal, roomRefusal, type MemberState, type Refusal } from '../chatroom/rules'
import { NimError, type NimRoomInfo } from '../outside/nim/client'
import type { NimRoom } from '../outside/nim/room'
import type { LiveRecord, LiveRepository } from './data'

/** A NetEase account: what create.action takes (our users' wmids, NetEase's generated guests). */
const ACCID = { type: 'string', minLength: 1, maxLength: 32, pattern: '^[\\w.@-]+$' } as const

const member = (type: WireMemberType): MemberState => ({ type, blacked: false, gaged: false, tempMuteUntil: 0 })
const say = (refusal: Refusal | undefined): void => {
  if (refusal) throw ApiRefusal.say(refusal.code === 400 ? ResponseCode.BadRequest : ResponseCode.Forbidden, refusal.key, refusal.params)
}
const wireRoom = (room: NimRoomInfo): LiveModerationRoom => ({ name: room.name, announcement: room.announcement, mute: room.muted, onlineMemberNum: room.onlineUserCount, creator: room.creator })

/**
 * The host's tools in a NetEase IM room (types/liveModeration.ts): the session must be the live's
 * host or one of its admins, and the local room's rules decide what each may do (a manager not on
 * the host or another manager, closing for the host alone); then NetEase's server API is called
 * with the session's account as operator. NetEase's refusal is answered as LiveModerationCode
 * (closed, or refused with its code). Without NIM set the live's room is this server's own, whose
 * socket carries these tools: the call is refused.
 */
export function nimModerationRoutes(app: FastifyInstance, deps: { identity: Identity; lives: LiveRepository; nimRoom: NimRoom | undefined; findLive: (courseData: string) => Promise<LiveRecord>; clock: () => number }): void {
  const { identity, lives, nimRoom, findLive, clock } = deps
  const roleOf = async (wmid: string, live: LiveRecord): Promise<WireMemberType> => (live.wmid === wmid ? 'owner' : (await lives.isAdmin(wmid, live)) ? 'manager' : 'guest')

  contractRoute(
    app,
    liveModerationCalls.moderate,
    {
      fields: {
        courseData: handle,
        action: { type: 'string', enum: [...LIVE_MODERATION_ACTIONS] },
        account: ACCID,
        seconds: { type: 'integer', minimum: 0, maximum: MAX_TEMP_MUTE_S },
        on: { type: 'integer', enum: [0, 1] },
        announcement: { type: 'string', maxLength: MAX_ANNOUNCEMENT_LENGTH },
      },
    },
    async (request) => {
      const me = await identity.requireViewer(request, clock())
      const { courseData, action, account, seconds, on, announcement } = request.body
      const live = await findLive(courseData)
      if (!nimRoom) throw ApiRefusal.say(ResponseCode.BadRequest, 'chatNotNetEase')
      const actor = member(await roleOf(me.wmid, live))
      if (actor.type === 'guest') throw ApiRefusal.say(ResponseCode.Forbidden, 'chatModeratorsOnly')
      const api = nimRoom.api
      const roomId = live.chatroomId
      const room = async (): Promise<LiveModerationAnswer> => ({ room: wireRoom(await api.room(roomId)) })
      const target = async (type: 'kick' | 'tempMute' | 'blacked'): Promise<string> => {
        if (account === undefined) throw ApiRefusal.say(ResponseCode.BadRequest, 'chatBadRequest', { what: 'account' })
        say(markRefusal(actor, member(await roleOf(account, live)), type, account === me.wmid))
        return account
      }
      const flag = (): boolean => {
        if (on === undefined) throw ApiRefusal.say(ResponseCode.BadRequest, 'chatBadRequest', { what: 'on' })
        return on === 1
      }
      try {
        switch (action) {
          case 'room':
            return ok({ object: await room() })
          case 'kick': {
            const who = await target('kick')
            await api.kickMember(roomId, me.wmid, who)
            return ok({ object: { member: { account: who, online: false } } })
          }
          case 'tempMute': {
            const who = await target('tempMute')
            if (seconds === undefined) throw ApiRefusal.say(ResponseCode.BadRequest, 'chatBadRequest', { what: 'seconds' })
            await api.temporaryMute(roomId, me.wmid, who, seconds)
            return ok({ object: { member: { account: who, tempMuteDuration: seconds } } })
          }
          case 'blacklist': {
            const who = await target('blacked')
            const blacked = flag()
            await api.setMemberRole(roomId, me.wmid, who, -1, blacked)
            // NetEase puts a blacklisted member out of the room
            return ok({ object: { member: { account: who, blacked, ...(blacked ? { online: false } : {}) } } })
          }
          case 'roomMute': {
            say(roomRefusal(actor, 'update'))
            await api.muteRoom(roomId, me.wmid, flag())
            return ok({ object: await room() })
          }
          case 'announcement': {
            say(roomRefusal(actor, 'update'))
            // a control character, a line break too, was refused with the form (core/schema.ts)
            if (announcement === undefined) throw ApiRefusal.say(ResponseCode.BadRequest, 'chatBadRequest', { what: 'announcement' })
            await api.updateAnnouncement(roomId, announcement)
            return ok({ object: await room() })
          }
          default: {
            say(roomRefusal(actor, 'close'))
            await api.toggleCloseStat(roomId, me.wmid, false)
            return ok({ object: {} })
          }
        }
      } catch (error) {
        if (!(error instanceof NimError)) throw error
        request.log.warn({ err: error, action, roomId }, 'NetEase IM refused a moderation call')
        if (error.code === LiveModerationCode.Closed) throw ApiRefusal.say(LiveModerationCode.Closed, 'chatClosed')
        throw ApiRefusal.say(LiveModerationCode.NetEaseRefused, 'chatNetEaseRefused', { code: error.code })
      }
    },
  )
}
