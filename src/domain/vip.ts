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

/**
 * VIP quotas a group of `groupSize` members earns by `table` (the spec's by default); under the
 * table's first row (50 members or fewer in the spec's), or an unreadable size, earns none.
 */
export function vipQuotaForGroupSize(groupSize: number, table: readonly VipQuotaRow[] = VIP_QUOTA_TABLE): number {
  if (!Number.isFinite(groupSize)) return 0
  const members = Math.floor(groupSize)
  let quota = 0
  for (const row of table) if (qualifies(members, row)) quota = row.quota
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

/** Whether the instant `epochMs` falls on a day of `window` (China time, the spec's by default), both ends included. */
export function isCampaignOpen(epochMs: number, window: { start: MonthDay; end: MonthDay } = VIP_CAMPAIGN): boolean {
  const today = chinaDay(epochMs)
  if (!today) return false
  const value = ordinal(today)
  return value >= ordinal(window.start) && value <= ordinal(window.end)
}

/**
 * A campaign's rules as an operator sets them (the authoring command, server/content/vipCampaign.ts):
 * its days every year, China time, and its quota table. The spec's are the default.
 */
export interface VipCampaignRules {
  start: MonthDay
  end: MonthDay
  table: readonly VipQuotaRow[]
}

export const SPEC_VIP_CAMPAIGN: VipCampaignRules = { start: VIP_CAMPAIGN.start, end: VIP_CAMPAIGN.end, table: VIP_QUOTA_TABLE }

/** The smallest group `table` gives a quota to (51 for the spec's: over 50). */
export function minEligibleMembers(table: readonly VipQuotaRow[]): number {
  const first = table[0]
  if (!first) return Number.POSITIVE_INFINITY
  return first.comparison === 'over' ? first.members + 1 : first.members
}

/** A slot holder has at most this many slots (the slots' numbers are 1 to 50). */
export const MAX_CAMPAIGN_QUOTA = 50
const MAX_TABLE_ROWS = 20
const MAX_GROUP_SIZE = 100_000
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

const isRecordValue = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const wholeIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max

/** `'04-02'` as a month and day (29 February allowed: it comes in leap years); undefined otherwise. */
function readMonthDay(value: unknown): MonthDay | undefined {
  const match = typeof value === 'string' ? /^(\d{2})-(\d{2})$/.exec(value) : null
  if (!match) return undefined
  const month = Number(match[1])
  const day = Number(match[2])
  return month >= 1 && month <= 12 && day >= 1 && day <= DAYS_IN_MONTH[month - 1] ? { month, day } : undefined
}

const twoDigits = (n: number): string => String(n).padStart(2, '0')

/** The rules as an operator writes them (readVipCampaignRules reads this back). */
export function vipCampaignJson(rules: VipCampaignRules): { start: string; end: string; table: VipQuotaRow[] } {
  const day = ({ month, day: d }: MonthDay): string => `${twoDigits(month)}-${twoDigits(d)}`
  return { start: day(rules.start), end: day(rules.end), table: rules.table.map((row) => ({ ...row })) }
}

/** Why an operator's campaign rules are refused: the field, and what is wrong with it (the server words it). */
export type VipCampaignProblem =
  | { field: string; problem: 'notObject' | 'order' | 'row' | 'comparison' | 'rising' }
  | { field: string; problem: 'day'; example: string }
  | { field: string; problem: 'rows'; max: number }
  | { field: string; problem: 'range'; min: number; max: number }

/**
 * Reads a campaign's rules from JSON as an operator writes them:
 * `{ "start": "04-02", "end": "04-30", "table": [{ "members": 50, "comparison": "over", "quota": 1 }, …] }`.
 * The window lies within one year (start not after end); the table has 1 to 20 rows, group sizes
 * rising and quotas rising, each quota 1 to 50. Answers the rules, or the field and what is wrong.
 */
export function readVipCampaignRules(value: unknown): VipCampaignRules | VipCampaignProblem {
  if (!isRecordValue(value)) return { field: '(body)', problem: 'notObject' }
  const start = readMonthDay(value.start)
  if (!start) return { field: 'start', problem: 'day', example: '04-02' }
  const end = readMonthDay(value.end)
  if (!end) return { field: 'end', problem: 'day', example: '04-30' }
  if (ordinal(end) < ordinal(start)) return { field: 'end', problem: 'order' }
  const rows = value.table
  if (!Array.isArray(rows) || rows.length === 0 || rows.length > MAX_TABLE_ROWS) return { field: 'table', problem: 'rows', max: MAX_TABLE_ROWS }
  const table: VipQuotaRow[] = []
  for (const [index, row] of rows.entries()) {
    const field = `table[${index}]`
    if (!isRecordValue(row)) return { field, problem: 'row' }
    if (!wholeIn(row.members, 0, MAX_GROUP_SIZE)) return { field: `${field}.members`, problem: 'range', min: 0, max: MAX_GROUP_SIZE }
    if (row.comparison !== 'over' && row.comparison !== 'atLeast') return { field: `${field}.comparison`, problem: 'comparison' }
    if (!wholeIn(row.quota, 1, MAX_CAMPAIGN_QUOTA)) return { field: `${field}.quota`, problem: 'range', min: 1, max: MAX_CAMPAIGN_QUOTA }
    const read: VipQuotaRow = { members: row.members, comparison: row.comparison, quota: row.quota }
    const earlier = table[table.length - 1]
    if (earlier && (minEligibleMembers([read]) <= minEligibleMembers([earlier]) || read.quota <= earlier.quota)) return { field, problem: 'rising' }
    table.push(read)
  }
  return { start, end, table }
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
