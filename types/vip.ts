/**
 * Wire types and calls of the 'team migration reward' campaign (spec 000 §2 "VIP exchange" steps
 * 1 and 2, §9; spec 001 §1, §2 VIP slot list and /vipExchange4, §9). The spec names no paths, so
 * they are chosen here.
 *
 * Who asks: `data` is the campaign link's handle (the `{data}` of /vipExchange/{data}), which the
 * server maps to one account (its owner) and the group that link is about. The pages pass it on to
 * the next step. The link alone shows the campaign and the group's eligibility; the exchange, the
 * slots, the friend lookup and every redeem also need the owner's session (code 601 without a
 * session, 403 for anyone else's), so a link that travels gives nothing away. The server decides
 * everything: the campaign window (2 to 30 April, China time), the quota from the group's member
 * count at exchange time, one exchange per account and per group, the slots (one per quota unit),
 * and every redeem.
 */
import type { ObjectData } from './api'
import { endpoint } from './contract'

/** Why a group cannot be exchanged (now): eligibility on /vipExchange2 and exchange refusals. */
export type VipIneligibility =
  /** outside 2 to 30 April */
  | 'closed'
  /** 50 members or fewer */
  | 'tooSmall'
  /** this account has exchanged already (one exchange per person) */
  | 'exchanged'
  /** this group has been counted for another account already (one group per account) */
  | 'groupCounted'

/**
 * The campaign's rules as the server holds them (the operator's, the spec's by default): its days
 * every year, China time, as `MM-DD`, and its quota table in rising order (src/domain/vip.ts reads it).
 */
export interface VipCampaignWire {
  start: string
  end: string
  table: Array<{ members: number; comparison: 'over' | 'atLeast'; quota: number }>
}

/** data.object of vipCalls.eligibility */
export interface VipEligibility {
  groupName: string
  memberCount: number
  /** the quota the member count earns now (spec 000 §9 table); fixed once exchanged */
  quota: number
  /** '' when the group can be exchanged now */
  reason: VipIneligibility | ''
  /** who asks: the link's owner (logged in), someone else logged in, or nobody logged in */
  viewer: VipViewer
  /** the campaign the pages show: its days and its quota table */
  campaign: VipCampaignWire
}

/** Who reads a campaign link: only its `owner` may exchange, list and give its slots. */
export type VipViewer = 'owner' | 'other' | 'guest'

/** A friend lookup over the limit (per account and per client) answers this code. */
export const VIP_LOOKUP_LIMIT_CODE = 429

/** One VIP slot; a used one names the friend it went to. */
export interface VipSlot {
  number: number
  used: 0 | 1
  friendId: string
  friendNickname: string
  friendFaceIcon: string
}

/** data.object of vipCalls.slots */
export interface VipSlots {
  /** slots won (the exchange's quota) */
  quota: number
  slots: VipSlot[]
}

/** data.object of vipCalls.friend: who a product ID is (shown before the VIP is given). */
export interface VipFriend {
  friendId: string
  nickname: string
  faceIcon: string
}

/** data.object of vipCalls.redeem */
export interface VipRedeemed {
  slot: VipSlot
  /** epoch ms the friend's VIP now lasts until */
  vipUntil: number
}

/**
 * Code of a campaign refusal (a `VipRefusal`): the pages show its `msg`, which the server writes in
 * the reader's language, in place, and reload what it changed.
 */
export const VIP_REFUSED_CODE = 409

/** Why the campaign refuses an exchange or a redeem. */
export type VipRefusal = VipIneligibility | 'notExchanged' | 'slotUsed' | 'friendHasSlot' | 'self'

export const vipCalls = {
  /** step 2: the group, its member count, the quota it earns, and whether it can be exchanged now */
  eligibility: endpoint<{ data: string }, ObjectData<VipEligibility>>('/wmim/vip/exchange/query.do', { data: 'required' }),
  /** step 2's confirm: exchanges the group's quota into slots, once per account and per group */
  exchange: endpoint<{ data: string }, ObjectData<VipSlots>>('/wmim/vip/exchange/confirm.do', { data: 'required' }),
  /** step 3: the slots won; code 409 `notExchanged` before the exchange */
  slots: endpoint<{ data: string }, ObjectData<VipSlots>>('/wmim/vip/slot/list.do', { data: 'required' }),
  /** step 4: the friend a product ID names; 404 for an unknown one; limited (VIP_LOOKUP_LIMIT_CODE) */
  friend: endpoint<{ data: string; friendId: string }, ObjectData<VipFriend>>('/wmim/vip/friend/query.do', {
    data: 'required',
    friendId: 'required',
  }),
  /** step 4's confirm: gives the friend one year of VIP from slot `number`; one friend per slot, once */
  redeem: endpoint<{ data: string; number: number; friendId: string }, ObjectData<VipRedeemed>>('/wmim/vip/slot/redeem.do', {
    data: 'required',
    number: 'required',
    friendId: 'required',
  }),
} as const
