import { ResponseCode } from '../../types/api'
import type { VipEligibility, VipFriend, VipRedeemed, VipSlots } from '../../types/vip'
import { VIP_REFUSED_CODE, vipCalls } from '../../types/vip'
import { ApiError, createCall } from './client'
import type { Post } from './client'

export type { VipEligibility, VipFriend, VipIneligibility, VipRedeemed, VipSlot, VipSlots, VipViewer } from '../../types/vip'

/** A campaign refusal (code 409): the server's message, in the reader's language, shown in place. */
export class VipRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'VipRefused'
  }
}

/** The call needs the link owner's session and the request has none (code 601): the page asks to log in. */
export class VipLoginNeeded extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'VipLoginNeeded'
  }
}

/** The session is another account's than the link's owner (code 403): the page says what they can do instead. */
export class VipNotOwner extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'VipNotOwner'
  }
}

/** A link, friend or slot the server does not know (code 404). */
export class VipNotFound extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'VipNotFound'
  }
}

type Answer<T> = { code: number; msg: string; data: { object: T } | null }

/** The object of a 200; 404, 601, 403 and the campaign's refusals (passed by the transport) as typed errors. */
function objectOf<T>(res: Answer<T>, path: string): T {
  if (res.code === ResponseCode.SessionExpired) throw new VipLoginNeeded(res.msg)
  if (res.code === ResponseCode.Forbidden) throw new VipNotOwner(res.msg)
  if (res.code === VIP_REFUSED_CODE) throw res.msg ? new VipRefused(res.msg) : new ApiError(res.code, res.msg, path)
  if (res.code === ResponseCode.NotFound || !res.data) throw new VipNotFound(res.msg)
  return res.data.object
}

/**
 * The campaign's calls (types/vip.ts). Every screen shows its own failure (`silent`): an error
 * state, or an error row under the form, so the transport does not toast them too. 601 is the
 * page's to handle (a login card in place, not the transport's move to /profile).
 */
export function createVipApi(post: Post) {
  const call = createCall(post)
  const options = { silent: true, passCodes: [VIP_REFUSED_CODE, ResponseCode.SessionExpired, ResponseCode.Forbidden] } as const

  return {
    eligibility: async (data: string): Promise<VipEligibility> =>
      objectOf(await call(vipCalls.eligibility, { data }, options), vipCalls.eligibility.path),
    exchange: async (data: string): Promise<VipSlots> => objectOf(await call(vipCalls.exchange, { data }, options), vipCalls.exchange.path),
    slots: async (data: string): Promise<VipSlots> => objectOf(await call(vipCalls.slots, { data }, options), vipCalls.slots.path),
    friend: async (data: string, friendId: string): Promise<VipFriend> =>
      objectOf(await call(vipCalls.friend, { data, friendId }, options), vipCalls.friend.path),
    redeem: async (data: string, number: number, friendId: string): Promise<VipRedeemed> =>
      objectOf(await call(vipCalls.redeem, { data, number, friendId }, options), vipCalls.redeem.path),
  }
}

export type VipApi = ReturnType<typeof createVipApi>
