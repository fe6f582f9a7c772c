import fc from 'fast-check'
import {
  MAX_QUOTA,
  MIN_ELIGIBLE_MEMBERS,
  VIP_CAMPAIGN,
  VIP_QUOTA_TABLE,
  isCampaignOpen,
  slotNumbers,
  vipQuotaForGroupSize,
  vipUntilAfterRedeem,
} from '../../../src/domain/vip'

describe('vipQuotaForGroupSize', () => {
  // Spec 000 §9: over 50 -> 1, over 100 -> 3, over 200 -> 5, over 500 -> 10, over 1000 -> 20,
  // 2000 and above -> 50. "Over" excludes the threshold, "and above" includes it.
  it.each([
    [0, 0],
    [1, 0],
    [50, 0],
    [51, 1],
    [100, 1],
    [101, 3],
    [200, 3],
    [201, 5],
    [500, 5],
    [501, 10],
    [1000, 10],
    [1001, 20],
    [1999, 20],
    [2000, 50],
    [5000, 50],
  ])('a group of %i members earns %i', (members, quota) => {
    expect(vipQuotaForGroupSize(members)).toBe(quota)
  })

  it.each([-1, Number.NaN, Number.NEGATIVE_INFINITY])('an unreadable size %p earns nothing', (members) => {
    expect(vipQuotaForGroupSize(members)).toBe(0)
  })

  it('counts whole members: 50.9 is not over 50', () => {
    expect(vipQuotaForGroupSize(50.9)).toBe(0)
    expect(vipQuotaForGroupSize(51.2)).toBe(1)
  })

  it('never decreases as the group grows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), (a, b) => {
        const [small, large] = a <= b ? [a, b] : [b, a]
        expect(vipQuotaForGroupSize(small)).toBeLessThanOrEqual(vipQuotaForGroupSize(large))
      }),
    )
  })
})

describe('VIP_QUOTA_TABLE', () => {
  it('lists the six rows of the spec in ascending order with their wording', () => {
    expect(VIP_QUOTA_TABLE.map((row) => [row.comparison, row.members, row.quota])).toEqual([
      ['over', 50, 1],
      ['over', 100, 3],
      ['over', 200, 5],
      ['over', 500, 10],
      ['over', 1000, 20],
      ['atLeast', 2000, 50],
    ])
  })
})

/** Epoch ms of a China-time (UTC+8) wall clock. */
const china = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number =>
  Date.UTC(year, month - 1, day, hour - 8, minute, second)

describe('isCampaignOpen', () => {
  it('runs from 2 April to 30 April', () => {
    expect(VIP_CAMPAIGN).toEqual({ start: { month: 4, day: 2 }, end: { month: 4, day: 30 } })
  })

  it.each([
    [china(2024, 4, 2, 0, 0, 0), true],
    [china(2024, 4, 15, 12), true],
    [china(2024, 4, 30, 23, 59, 59), true],
    [china(2024, 4, 1, 23, 59, 59), false],
    [china(2024, 5, 1, 0, 0, 0), false],
    [china(2024, 3, 31, 12), false],
    [china(2024, 1, 15), false],
    [china(2024, 12, 15), false],
  ])('instant %i is open: %p', (instant, open) => {
    expect(isCampaignOpen(instant)).toBe(open)
  })

  it('counts days in China time, not UTC: 1 April 16:00 UTC is already 2 April in China', () => {
    expect(isCampaignOpen(Date.UTC(2024, 3, 1, 15, 59, 59))).toBe(false)
    expect(isCampaignOpen(Date.UTC(2024, 3, 1, 16, 0, 0))).toBe(true)
    expect(isCampaignOpen(Date.UTC(2024, 3, 30, 15, 59, 59))).toBe(true)
    expect(isCampaignOpen(Date.UTC(2024, 3, 30, 16, 0, 0))).toBe(false)
  })

  it('recurs every year, since the spec names no year', () => {
    for (const year of [2019, 2025, 2030]) {
      expect(isCampaignOpen(china(year, 4, 10))).toBe(true)
      expect(isCampaignOpen(china(year, 5, 10))).toBe(false)
    }
  })

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 8.64e15 + 1])('an unreadable instant %p is not a campaign day', (instant) => {
    expect(isCampaignOpen(instant)).toBe(false)
  })

  it('is open exactly on China-time days of April from the 2nd', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }), (instant) => {
        const local = new Date(instant + 8 * 3600_000)
        const expected = local.getUTCMonth() === 3 && local.getUTCDate() >= 2
        expect(isCampaignOpen(instant)).toBe(expected)
      }),
    )
  })
})

describe('vipUntilAfterRedeem', () => {
  const now = china(2024, 4, 10, 9, 30)

  it('gives one year from now to a friend without VIP', () => {
    expect(vipUntilAfterRedeem(null, now)).toBe(china(2025, 4, 10, 9, 30))
  })

  it('gives one year from now when the old VIP has ended', () => {
    expect(vipUntilAfterRedeem(china(2023, 1, 1), now)).toBe(china(2025, 4, 10, 9, 30))
  })

  it('adds one year to VIP the friend still has', () => {
    expect(vipUntilAfterRedeem(china(2024, 8, 1, 12), now)).toBe(china(2025, 8, 1, 12))
  })

  it('ends a 29 February start on 1 March of the next year', () => {
    expect(vipUntilAfterRedeem(null, china(2024, 2, 29, 10))).toBe(china(2025, 3, 1, 10))
  })

  it('treats an unreadable current end as none, and refuses an unreadable now', () => {
    expect(vipUntilAfterRedeem(Number.NaN, now)).toBe(china(2025, 4, 10, 9, 30))
    expect(vipUntilAfterRedeem(null, Number.NaN)).toBeNaN()
  })

  it('always ends between 365 and 366 days after the later of now and the current end', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4e12 }), fc.option(fc.integer({ min: 0, max: 4e12 })), (at, until) => {
        const from = until !== null && until > at ? until : at
        const gained = vipUntilAfterRedeem(until, at) - from
        expect(gained).toBeGreaterThanOrEqual(365 * 86_400_000)
        expect(gained).toBeLessThanOrEqual(366 * 86_400_000)
      }),
    )
  })
})

describe('slotNumbers', () => {
  it('numbers the slots of a quota from 1', () => {
    expect(slotNumbers(10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(slotNumbers(1)).toEqual([1])
  })

  it.each([0, -1, 2.5, Number.NaN, MAX_QUOTA + 1, 1e9])('gives no slots for quota %p', (quota) => {
    expect(slotNumbers(quota)).toEqual([])
  })

  it('the largest quota is the table\'s 50', () => {
    expect(MAX_QUOTA).toBe(50)
    expect(MIN_ELIGIBLE_MEMBERS).toBe(51)
    expect(vipQuotaForGroupSize(MIN_ELIGIBLE_MEMBERS - 1)).toBe(0)
    expect(vipQuotaForGroupSize(MIN_ELIGIBLE_MEMBERS)).toBe(1)
  })
})
