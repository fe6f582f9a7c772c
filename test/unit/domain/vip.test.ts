import fc from 'fast-check'
import { VIP_CAMPAIGN, VIP_QUOTA_TABLE, isCampaignOpen, vipQuotaForGroupSize } from '../../../src/domain/vip'

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

describe('isCampaignOpen', () => {
  it('runs from 2 April to 30 April', () => {
    expect(VIP_CAMPAIGN).toEqual({ start: { month: 4, day: 2 }, end: { month: 4, day: 30 } })
  })

  it.each([
    [new Date(2024, 3, 2, 0, 0, 0), true],
    [new Date(2024, 3, 15, 12, 0, 0), true],
    [new Date(2024, 3, 30, 23, 59, 59), true],
    [new Date(2024, 3, 1, 23, 59, 59), false],
    [new Date(2024, 4, 1, 0, 0, 0), false],
    [new Date(2024, 2, 31, 12, 0, 0), false],
    [new Date(2024, 0, 15), false],
    [new Date(2024, 11, 15), false],
  ])('%s (local time) is open: %p', (date, open) => {
    expect(isCampaignOpen(date)).toBe(open)
  })

  it('recurs every year, since the spec names no year', () => {
    for (const year of [2019, 2025, 2030]) {
      expect(isCampaignOpen(new Date(year, 3, 10))).toBe(true)
      expect(isCampaignOpen(new Date(year, 4, 10))).toBe(false)
    }
  })

  it('an invalid date is not a campaign day', () => {
    expect(isCampaignOpen(new Date(Number.NaN))).toBe(false)
  })

  it('is open exactly on days of April from the 2nd', () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), (date) => {
        const expected = date.getMonth() === 3 && date.getDate() >= 2
        expect(isCampaignOpen(date)).toBe(expected)
      }),
    )
  })
})
