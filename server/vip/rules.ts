/**
 * The campaign's decisions (spec 000 §9, spec 001 §9), pure: whether a group can be exchanged now
 * and what it earns. The quota table, the window and the VIP year are the app's own domain rules
 * (src/domain/vip.ts), so the server and the pages cannot disagree about them.
 */
import { MIN_ELIGIBLE_MEMBERS, isCampaignOpen } from '../../src/domain/vip'
import type { VipIneligibility } from '../../types/vip'

export interface ExchangeFacts {
  /** the instant the campaign window is checked against */
  campaignNow: number
  memberCount: number
  /** this account has an exchange already */
  accountExchanged: boolean
  /** the group was exchanged by another account */
  groupCountedElsewhere: boolean
}

/** Why the group cannot be exchanged now, first reason first; undefined when it can. */
export function ineligibility(facts: ExchangeFacts): VipIneligibility | undefined {
  if (facts.accountExchanged) return 'exchanged'
  if (facts.groupCountedElsewhere) return 'groupCounted'
  if (!isCampaignOpen(facts.campaignNow)) return 'closed'
  if (facts.memberCount < MIN_ELIGIBLE_MEMBERS) return 'tooSmall'
  return undefined
}
