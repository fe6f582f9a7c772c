import postcss from 'postcss'
import { remText } from '../../../config/remText'

/** The mini-program's text-size step (config/remText.ts), on design px and on Taro's rpx. */
const run = (css: string): string => postcss([remText({ designPxPerRem: 32 })]).process(css, { from: undefined }).css

describe('remText', () => {
  it('writes text sizes, line heights, letter spacing and min-heights in rem, from px or rpx', () => {
    expect(run('.a { font-size: 30px; line-height: 88rpx; letter-spacing: 4px; min-height: 88px }')).toBe(
      '.a { font-size: 0.9375rem; line-height: 2.75rem; letter-spacing: 0.125rem; min-height: 2.75rem }',
    )
  })

  it('leaves layout in design units: widths, heights, margins, horizontal padding', () => {
    const layout = '.a { width: 88px; height: 88rpx; margin: 24px 32px; padding-left: 32px }'
    expect(run(layout)).toBe(layout)
  })

  it('converts only the vertical parts of the padding shorthand', () => {
    expect(run('.a { padding: 32px }')).toBe('.a { padding: 1rem 32px 1rem 32px }')
    expect(run('.a { padding: 16rpx 24rpx }')).toBe('.a { padding: 0.5rem 24rpx 0.5rem 24rpx }')
    expect(run('.a { padding: 0 24px 8px }')).toBe('.a { padding: 0 24px 0.25rem 24px }')
    expect(run('.a { padding: 8px 1px 16px 2px }')).toBe('.a { padding: 0.25rem 1px 0.5rem 2px }')
  })

  it('keeps a padding it cannot split, and unitless or relative values', () => {
    const kept = '.a { padding: 20px 32px calc(24px + env(safe-area-inset-bottom)); line-height: 1.6; font-size: 120% }'
    expect(run(kept)).toBe(kept)
  })

  it('keeps the text of a rule that opts out with `rem-text: off`', () => {
    const icon = '.icon { /* rem-text: off */ font-size: 96px; line-height: 140px }'
    expect(run(icon)).toBe(icon)
    expect(run('.a { font-size: 32px } .icon { /* rem-text: off */ font-size: 96px }')).toBe('.a { font-size: 1rem } .icon { /* rem-text: off */ font-size: 96px }')
  })
})
