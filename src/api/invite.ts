import type { FriendInviteInfo, GroupInviteInfo, GroupOrderAnswer, WatermarkBind } from '../../types/invite'
import { GROUP_ORDER_CHANNEL, GROUP_PAYMENT_TYPE, inviteCalls } from '../../types/invite'
import type { ApiEnvelope } from '../../types/api'
import { ResponseCode } from '../../types/api'
import { ApiError, createCall } from './client'
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
/**
 * The transport hands 404 to the caller; for these calls it is a refusal like any other: an
 * ApiError the store reports (the transport has toasted every other refusal of a call that is not silent).
 */
function succeeded<T>(res: ApiEnvelope<T>, path: string): ApiEnvelope<T> {
  if (res.code !== ResponseCode.Ok) throw new ApiError(res.code, res.msg, path)
  return res
}

export function createInviteApi(post: Post) {
  const call = createCall(post)
  return {
    /** friend add (with the verification message when there is one) or group join */
    async add(kind: InviteKind, data: string, message: string | undefined): Promise<void> {
      if (kind === 'friend') succeeded(await call(inviteCalls.friendAdd, { data, message }), inviteCalls.friendAdd.path)
      else succeeded(await call(inviteCalls.groupAdd, { data }), inviteCalls.groupAdd.path)
    },
    async watermarkSms(data: string, phone: string, interCode: string): Promise<void> {
      succeeded(await call(inviteCalls.watermarkSms, { data, phone, interCode }, { silent: true }), inviteCalls.watermarkSms.path)
    },
    async watermarkBind(kind: InviteKind, params: WatermarkBindParams): Promise<WatermarkBind> {
      const endpoint = kind === 'friend' ? inviteCalls.watermarkFriendAdd : inviteCalls.watermarkGroupAdd
      return succeeded(await call(endpoint, { ...params }, { silent: true }), endpoint.path).data.object
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
    /** Non-200 answers reject (the transport toasts all but 404). */
    async groupOrder(orderData: string): Promise<GroupOrderAnswer> {
      const res = await call(inviteCalls.groupOrder, { orderData, orderChannels: GROUP_ORDER_CHANNEL, paymentType: GROUP_PAYMENT_TYPE })
      return succeeded(res, inviteCalls.groupOrder.path).data.object
    },
  }
}

export type InviteApi = ReturnType<typeof createInviteApi>
