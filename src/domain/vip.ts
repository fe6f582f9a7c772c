/**
 * The 'team migration reward' campaign (spec 000 §2 "VIP exchange", §9): group size buys VIP quotas.
 */

export interface VipQuotaRow {
  /** member count the rule is stated against */
  members: number
  /**
   * The spec's own wording: 'over' (strictly more than `members`) for every row but the last,
   * 'atLeast' ("2000 and above") for the last. The display keeps the distinction.
   */
  comparison: 'over' | 'atLeast'
  quota: number
}

/** Spec 000 §9, in ascending order as the step-1 table shows it. */
export const VIP_QUOTA_TABLE: readonly VipQuotaRow[] = [
  { members: 50, comparison: 'over', quota: 1 },
  { members: 100, comparison: 'over', quota: 3 },
  { members: 200, comparison: 'over', quota: 5 },
  { members: 500, comparison: 'over', quota: 10 },
  { members: 1000, comparison: 'over', quota: 20 },
  { members: 2000, comparison: 'atLeast', quota: 50 },
]

const qualifies = (groupSize: number, row: VipQuotaRow): boolean =>
  row.comparison === 'over' ? groupSize > row.members : groupSize >= row.members

/** VIP quotas a group of `groupSize` members earns; 50 members or fewer (or an unreadable size) earn none. */
export function vipQuotaForGroupSize(groupSize: number): number {
  if (!Number.isFinite(groupSize)) return 0
  const members = Math.floor(groupSize)
  let quota = 0
  for (const row of VIP_QUOTA_TABLE) if (qualifies(members, row)) quota = row.quota
  return quota
}

export interface MonthDay {
  /** 1-12 */
  month: number
  day: number
}

/** "2 April to 30 April"; the spec gives no year, so the campaign recurs on these days every year. */
export const VIP_CAMPAIGN: { readonly start: MonthDay; readonly end: MonthDay } = {
  start: { month: 4, day: 2 },
  end: { month: 4, day: 30 },
}

const ordinal = ({ month, day }: MonthDay): number => month * 100 + day

/** Whether `date` falls on a campaign day, both ends included, in the device's local time. */
export function isCampaignOpen(date: Date): boolean {
  const time = date.getTime()
  if (Number.isNaN(time)) return false
  const today = ordinal({ month: date.getMonth() + 1, day: date.getDate() })
  return today >= ordinal(VIP_CAMPAIGN.start) && today <= ordinal(VIP_CAMPAIGN.end)
}
