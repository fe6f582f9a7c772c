/**
 * The campaign's decisions (spec 000 §9, spec 001 §9), pure: whether a group can be exchanged now
 * and what it earns. The window and the quota table are the campaign's rules as the operator set
 * them (the spec's by default; vip_campaign), read by the domain's functions (src/domain/vip.ts).
 */
import { isCampaignOpen, minEligibleMembers } from '../../src/domain/vip'
import type { VipCampaignRules } from '../../src/domain/vip'
import type { VipIneligibility } from '../../types/vip'

export interface ExchangeFacts {
  campaign: VipCampaignRules
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
  if (!isCampaignOpen(facts.campaignNow, facts.campaign)) return 'closed'
  if (facts.memberCount < minEligibleMembers(facts.campaign.table)) return 'tooSmall'
  return undefined
}
