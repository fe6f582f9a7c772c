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

/** The campaign's calendar is China's (UTC+8, no daylight saving), wherever the server or device runs. */
export const CAMPAIGN_UTC_OFFSET_MS = 8 * 3600_000

/** The smallest group that earns a quota (over 50). */
export const MIN_ELIGIBLE_MEMBERS = 51

/** spec 001 §9: a redeemed slot gives its friend one year of VIP. */
export const VIP_YEARS_PER_SLOT = 1

/** The largest quota of the table: no group earns more slots. */
export const MAX_QUOTA = Math.max(...VIP_QUOTA_TABLE.map((row) => row.quota))

const ordinal = ({ month, day }: MonthDay): number => month * 100 + day

/** The China-time calendar day of an instant; null for an unreadable one. */
function chinaDay(epochMs: number): { year: number; month: number; day: number } | null {
  if (!Number.isFinite(epochMs)) return null
  const shifted = new Date(epochMs + CAMPAIGN_UTC_OFFSET_MS)
  if (Number.isNaN(shifted.getTime())) return null
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() }
}

/** Whether the instant `epochMs` falls on a campaign day (China time), both ends included. */
export function isCampaignOpen(epochMs: number): boolean {
  const today = chinaDay(epochMs)
  if (!today) return false
  const value = ordinal(today)
  return value >= ordinal(VIP_CAMPAIGN.start) && value <= ordinal(VIP_CAMPAIGN.end)
}

/**
 * When a friend's VIP ends after a slot is redeemed for them: one calendar year (China time) from
 * `now`, or from the end of the VIP they still have. `currentUntil` null (or unreadable) means none.
 * A 29 February start ends on 1 March. NaN when `now` is unreadable (the caller refuses).
 */
export function vipUntilAfterRedeem(currentUntil: number | null, now: number): number {
  if (!Number.isFinite(now)) return Number.NaN
  const from = currentUntil !== null && Number.isFinite(currentUntil) && currentUntil > now ? currentUntil : now
  const shifted = new Date(from + CAMPAIGN_UTC_OFFSET_MS)
  shifted.setUTCFullYear(shifted.getUTCFullYear() + VIP_YEARS_PER_SLOT)
  return shifted.getTime() - CAMPAIGN_UTC_OFFSET_MS
}

/** Slot numbers of a quota, 1..quota (the list shows each number); a bad quota has none. */
export function slotNumbers(quota: number): number[] {
  if (!Number.isInteger(quota) || quota <= 0 || quota > MAX_QUOTA) return []
  return Array.from({ length: quota }, (_, index) => index + 1)
}
