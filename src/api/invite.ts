import type { FriendInviteInfo, GroupInviteInfo, GroupOrderAnswer, WatermarkBind } from '../../types/invite'
import { GROUP_ORDER_CHANNEL, GROUP_PAYMENT_TYPE, inviteCalls } from '../../types/invite'
import { createCall } from './client'
import type { Post } from './client'

export type InviteKind = 'friend' | 'group'

export interface WatermarkBindParams {
  data: string
  wsid: string
  phone: string
  vcode: string
  interCode: string
}

/**
 * The invite calls (spec 000 §7 "Invite calls", spec 001 §7). The watermark calls are silent: their
 * screens toast the server's message, and a network error as 'err ==' with the error (spec 000 §8).
 * The answers stay as the wire has them; src/domain/invite.ts reads them.
 */
export function createInviteApi(post: Post) {
  const call = createCall(post)
  return {
    /** friend add (with the verification message when there is one) or group join */
    async add(kind: InviteKind, data: string, message: string | undefined): Promise<void> {
      if (kind === 'friend') await call(inviteCalls.friendAdd, { data, message })
      else await call(inviteCalls.groupAdd, { data })
    },
    async watermarkSms(data: string, phone: string, interCode: string): Promise<void> {
      await call(inviteCalls.watermarkSms, { data, phone, interCode }, { silent: true })
    },
    async watermarkBind(kind: InviteKind, params: WatermarkBindParams): Promise<WatermarkBind> {
      const endpoint = kind === 'friend' ? inviteCalls.watermarkFriendAdd : inviteCalls.watermarkGroupAdd
      const res = await call(endpoint, { ...params }, { silent: true })
      return res.data.object
    },
    /** 404 (no such group) is handed back as undefined: the page says so. */
    async groupInvite(wmid: string, gid: string, version: string | undefined): Promise<GroupInviteInfo | undefined> {
      const res = await call(inviteCalls.groupQuery, { wmid, gid, version }, { silent: true })
      return res.code === 200 ? res.data.object : undefined
    },
    async friendInvite(wmid: string, version: string | undefined): Promise<FriendInviteInfo | undefined> {
      const res = await call(inviteCalls.friendQuery, { wmid, version }, { silent: true })
      return res.code === 200 ? res.data.object : undefined
    },
    /** Non-200 answers are toasted by the transport and reject. */
    async groupOrder(orderData: string): Promise<GroupOrderAnswer | undefined> {
      const res = await call(inviteCalls.groupOrder, { orderData, orderChannels: GROUP_ORDER_CHANNEL, paymentType: GROUP_PAYMENT_TYPE })
      return res.code === 200 ? res.data.object : undefined
    },
  }
}

export type InviteApi = ReturnType<typeof createInviteApi>
