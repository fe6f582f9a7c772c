import fc from 'fast-check'
import { offsetOf, rangeCovers, rowRange } from '../../../src/ui/rowWindow'

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0)
/** what the window counts a hostile height as: finite and not negative, else 0 */
const clean = (h: number): number => (Number.isFinite(h) && h > 0 ? h : 0)

const hostileNumber = fc.oneof(
  fc.double({ min: -1e6, max: 1e6, noNaN: true }),
  fc.constantFrom(NaN, Infinity, -Infinity, 0, -0),
)

describe('rowRange', () => {
  it('mounts a list no longer than the cap whole', () => {
    expect(rowRange({ count: 30, heightOf: () => 100, from: 5000, to: 5800, overscan: 0, maxRows: 50 })).toEqual({
      start: 0,
      end: 30,
      before: 0,
      after: 0,
    })
  })

  it('mounts the rows of the visible band plus overscan, and spacers of the rest', () => {
    // rows of 100 px; the band 1000..1800 with 200 px either side covers rows 8..19
    const range = rowRange({ count: 1000, heightOf: () => 100, from: 1000, to: 1800, overscan: 200, maxRows: 50 })
    expect(range).toEqual({ start: 8, end: 20, before: 800, after: 98000 })
  })

  it('uses each row its own height', () => {
    const heights = [50, 300, 20, 20, 400, 10, 10, 10]
    const range = rowRange({ count: heights.length, heightOf: (i) => heights[i], from: 360, to: 380, overscan: 0, maxRows: 2 })
    expect(range.start).toBe(2)
    expect(range.before).toBe(350)
    expect(range.end).toBe(4)
    expect(range.after).toBe(sum(heights.slice(4)))
  })

  it('keeps its invariants on hostile input: within the list, at most the cap, spacers that add up', () => {
    fc.assert(
      fc.property(
        fc.array(hostileNumber, { maxLength: 300 }),
        hostileNumber,
        hostileNumber,
        hostileNumber,
        fc.oneof(fc.integer({ min: -5, max: 80 }), hostileNumber),
        (heights, from, to, overscan, maxRows) => {
          const range = rowRange({ count: heights.length, heightOf: (i) => heights[i], from, to, overscan, maxRows })
          const cap = Number.isFinite(maxRows) ? Math.max(1, Math.floor(maxRows)) : 1
          expect(range.start).toBeGreaterThanOrEqual(0)
          expect(range.end).toBeGreaterThanOrEqual(range.start)
          expect(range.end).toBeLessThanOrEqual(heights.length)
          expect(range.end - range.start).toBeLessThanOrEqual(cap)
          const cleaned = heights.map(clean)
          expect(range.before).toBeCloseTo(sum(cleaned.slice(0, range.start)), 3)
          expect(range.after).toBeCloseTo(sum(cleaned.slice(range.end)), 3)
          expect(range.before).toBeCloseTo(offsetOf(heights.length, (i) => heights[i], range.start), 3)
          if (heights.length > 0) expect(range.end).toBeGreaterThan(range.start)
        },
      ),
    )
  })

  it('always mounts the rows under the visible band when the cap allows it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 60, maxLength: 400 }),
        fc.integer({ min: 0, max: 20000 }),
        (heights, from) => {
          const total = sum(heights)
          const top = Math.min(from, total - 1)
          const range = rowRange({ count: heights.length, heightOf: (i) => heights[i], from: top, to: top + 100, overscan: 0, maxRows: 50 })
          // the row holding the band's top edge is mounted
          const holding = heights.findIndex((_, i) => offsetOf(heights.length, (k) => heights[k], i + 1) > top)
          expect(holding).toBeGreaterThanOrEqual(range.start)
          expect(holding).toBeLessThan(range.end)
        },
      ),
    )
  })
})

describe('offsetOf', () => {
  it('sums the heights before the row, clamped to the list', () => {
    const heights = [10, 20, 30]
    expect(offsetOf(3, (i) => heights[i], 0)).toBe(0)
    expect(offsetOf(3, (i) => heights[i], 2)).toBe(30)
    expect(offsetOf(3, (i) => heights[i], 99)).toBe(60)
    expect(offsetOf(3, (i) => heights[i], -4)).toBe(0)
    expect(offsetOf(3, (i) => clean([10, NaN, -5][i]), 3)).toBe(10)
  })
})

describe('rangeCovers', () => {
  const mounted = { start: 10, end: 30, count: 100, top: 1000, bottom: 3000 }
  it('keeps the mounted rows while the band stays a margin inside them', () => {
    expect(rangeCovers(mounted, 1300, 2600, 200)).toBe(true)
    expect(rangeCovers(mounted, 1100, 2600, 200)).toBe(false)
    expect(rangeCovers(mounted, 1300, 2900, 200)).toBe(false)
  })
  it('needs no margin at an edge of the list', () => {
    expect(rangeCovers({ ...mounted, start: 0, top: 0 }, 0, 2600, 200)).toBe(true)
    expect(rangeCovers({ ...mounted, end: 100 }, 1300, 2990, 200)).toBe(true)
  })
})
