import type { OutsideFetch } from '../fetch'
import { randomToken } from '../../core/wechat'
import { nimCheckSum } from './protocol'
import type { ChatFileTypeCode, NetEaseFileMessage } from '../../../types/chatUpload'

/**
 * The NetEase IM server API calls the live room needs: register an account (`user/create`), give
 * an existing one a new token (`user/refreshToken`), the addresses of a chat room for one
 * account (`chatroom/requestAddr`), and the host's tools (get, kickMember, temporaryMute,
 * setMemberRole, muteRoom, update, toggleCloseStat), and a message sent in a member's name (`chatroom/sendMsg`:
 * the live chat's files, images and audio once this server has checked them). Errors (NetEase's `code`
 * other than 200, an HTTP error, an answer that is not NetEase's) are NimError.
 */
export interface NimConfig {
  appKey: string
  appSecret: string
  /** https://api.netease.im/nimserver, or its stand-in's path */
  base: string
}

/** NetEase's 414 with this `desc` is create.action's answer for an account that exists. */
const ALREADY_REGISTERED = /already register/i

export class NimError extends Error {
  constructor(
    readonly code: number,
    desc: string,
  ) {
    super(`NetEase IM answered ${code}: ${desc}`)
  }
}

/** requestAddr's clienttype: 1 weblink (a web page), 2 commonlink (an app), 3 wechatlink (a mini-program). */
export type NimClientType = 1 | 2 | 3

/** A chat room as `chatroom/get.action` answers it (its `valid` false: closed). */
export interface NimRoomInfo {
  name: string
  announcement: string
  muted: boolean
  valid: boolean
  creator: string
  onlineUserCount: number
}

/** setMemberRole's opt: 1 manager, 2 common member, -1 blacklist, -2 muted (until lifted). */
export type NimMemberRole = 1 | 2 | -1 | -2

/**
 * A message NetEase took (sendMsg.action's `desc`): what the room's members receive, as the wire's
 * NetEaseFileMessage (idClient is its msgid_client, time NetEase's, ms) with the attach as NetEase
 * stored it (JSON text).
 */
export type NimSentMessage = Omit<NetEaseFileMessage, 'attach'> & { attach: string }

export interface NimClient {
  /** A token for `accid`: registered now, or the existing account given a new token. */
  register(accid: string, name: string, icon: string): Promise<string>
  chatroomAddresses(roomId: string, accid: string, clientType: NimClientType): Promise<string[]>
  /** The host's tools (chatroom/*.action), each done as `operator`, who NetEase checks too. */
  room(roomId: string): Promise<NimRoomInfo>
  kickMember(roomId: string, operator: string, target: string): Promise<void>
  /** seconds; 0 lifts the mute */
  temporaryMute(roomId: string, operator: string, target: string, seconds: number): Promise<void>
  setMemberRole(roomId: string, operator: string, target: string, opt: NimMemberRole, on: boolean): Promise<void>
  muteRoom(roomId: string, operator: string, mute: boolean): Promise<void>
  updateAnnouncement(roomId: string, announcement: string): Promise<void>
  /** valid false closes the room: NetEase puts every member out */
  toggleCloseStat(roomId: string, operator: string, valid: boolean): Promise<void>
  /**
   * Sends a message to the room as `fromAccid` with NetEase's `attach` (the file's JSON, 4096
   * characters at most); `msgId` is the client's id, by which NetEase's clients take it once, and
   * NetEase too when `resend` says it may have been sent before (resendFlag 1). NetEase refuses a
   * sender it has muted (ignoreMute is left false).
   */
  sendMessage(roomId: string, msgId: string, fromAccid: string, msgType: ChatFileTypeCode, attach: string, resend: boolean): Promise<NimSentMessage>
}

export function createNimClient(config: NimConfig, send: OutsideFetch): NimClient {
  const call = async (path: string, form: Record<string, string>): Promise<Record<string, unknown>> => {
    const nonce = randomToken(16)
    const curTime = String(Math.floor(Date.now() / 1000))
    const response = await send(`${config.base}/${path}`, {
      method: 'POST',
      headers: {
        AppKey: config.appKey,
        Nonce: nonce,
        CurTime: curTime,
        CheckSum: nimCheckSum(config.appSecret, nonce, curTime),
        'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8',
      },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(10_000),
    })
    if (!response.ok) throw new NimError(-1, `HTTP ${response.status}`)
    let answer: Record<string, unknown>
    try {
      answer = (await response.json()) as Record<string, unknown>
    } catch {
      throw new NimError(-1, 'the answer is not JSON')
    }
    if (answer.code !== 200) throw new NimError(typeof answer.code === 'number' ? answer.code : -1, typeof answer.desc === 'string' ? answer.desc : '')
    return answer
  }

  const tokenOf = (answer: Record<string, unknown>): string => {
    const info = answer.info as { token?: unknown } | undefined
    if (typeof info?.token !== 'string' || info.token === '') throw new NimError(-1, 'the answer has no token')
    return info.token
  }

  return {
    async register(accid, name, icon) {
      try {
        return tokenOf(await call('user/create.action', { accid, name, icon }))
      } catch (error) {
        if (!(error instanceof NimError && error.code === 414 && ALREADY_REGISTERED.test(error.message))) throw error
        return tokenOf(await call('user/refreshToken.action', { accid }))
      }
    },

    async chatroomAddresses(roomId, accid, clientType) {
      const answer = await call('chatroom/requestAddr.action', { roomid: roomId, accid, clienttype: String(clientType) })
      const addresses = Array.isArray(answer.addr) ? answer.addr.filter((a): a is string => typeof a === 'string' && a !== '') : []
      if (addresses.length === 0) throw new NimError(-1, 'the chat room has no address')
      return addresses
    },

    async room(roomId) {
      const answer = await call('chatroom/get.action', { roomid: roomId, needOnlineUserCount: 'true' })
      const room = answer.chatroom as Record<string, unknown> | undefined
      if (typeof room !== 'object' || room === null) throw new NimError(-1, 'the answer has no chat room')
      const text = (v: unknown): string => (typeof v === 'string' ? v : '')
      return {
        name: text(room.name),
        announcement: text(room.announcement),
        muted: room.muted === true,
        valid: room.valid !== false,
        creator: text(room.creator),
        onlineUserCount: typeof room.onlineusercount === 'number' ? room.onlineusercount : 0,
      }
    },

    async kickMember(roomId, operator, target) {
      await call('chatroom/kickMember.action', { roomid: roomId, operator, target })
    },

    async temporaryMute(roomId, operator, target, seconds) {
      await call('chatroom/temporaryMute.action', { roomid: roomId, operator, target, muteDuration: String(seconds), needNotify: 'true' })
    },

    async setMemberRole(roomId, operator, target, opt, on) {
      await call('chatroom/setMemberRole.action', { roomid: roomId, operator, target, opt: String(opt), optvalue: String(on) })
    },

    async muteRoom(roomId, operator, mute) {
      await call('chatroom/muteRoom.action', { roomid: roomId, operator, mute: String(mute), needNotify: 'true' })
    },

    async updateAnnouncement(roomId, announcement) {
      await call('chatroom/update.action', { roomid: roomId, announcement, needNotify: 'true' })
    },

    async toggleCloseStat(roomId, operator, valid) {
      await call('chatroom/toggleCloseStat.action', { roomid: roomId, operator, valid: String(valid) })
    },

    async sendMessage(roomId, msgId, fromAccid, msgType, attach, resend) {
      const answer = await call('chatroom/sendMsg.action', { roomid: roomId, msgId, fromAccid, msgType: String(msgType), resendFlag: resend ? '1' : '0', attach })
      const desc = answer.desc as Record<string, unknown> | undefined
      const text = (v: unknown): string => (typeof v === 'string' ? v : '')
      // NetEase writes `time` as a number or as its digits
      const time = Number(desc?.time)
      if (typeof desc !== 'object' || desc === null || !Number.isSafeInteger(time)) throw new NimError(-1, 'the answer has no message')
      return {
        idClient: text(desc.msgid_client) || msgId,
        from: text(desc.fromAccount) || fromAccid,
        fromNick: text(desc.fromNick),
        fromAvatar: text(desc.fromAvator),
        time,
        type: Number(desc.type ?? msgType),
        attach: text(desc.attach) || attach,
      }
    },
  }
}
