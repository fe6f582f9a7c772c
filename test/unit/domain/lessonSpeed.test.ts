import { lessonRate, readRate } from '../../../src/domain/listening/lessonSpeed'

const RATES = [0.75, 1.0, 1.2, 1.5, 2.0] as const

describe('speed per lesson', () => {
  it('starts a lesson at its own speed, else the last choice anywhere, else the default', () => {
    expect(lessonRate(1.5, 2.0, 1.0)).toBe(1.5)
    expect(lessonRate(undefined, 2.0, 1.0)).toBe(2.0)
    expect(lessonRate(undefined, undefined, 1.0)).toBe(1.0)
  })

  it('reads only the spec rates from storage', () => {
    expect(readRate('1.5', RATES)).toBe(1.5)
    expect(readRate('0.75', RATES)).toBe(0.75)
    expect(readRate('2', RATES)).toBe(2)
    for (const hostile of [undefined, '', ' ', '1.25', '3', 'NaN', 'Infinity', '-1', '1.5x', '0x1', '[1.5]']) {
      expect(readRate(hostile, RATES)).toBeUndefined()
    }
  })
})
