import { PLAYBACK_RATES, SEEK_FLOOR_SECONDS, clampPosition, clampVolume, nextRate, seekTarget } from '../../../../src/stores/player/controls'
import { Hold, RATE_RESUME_DELAY_MS } from '../../../../src/stores/player/hold'

describe('rate, bar and volume rules', () => {
  it('the next rate wraps around the list', () => {
    expect(PLAYBACK_RATES.map(nextRate)).toEqual([1.0, 1.2, 1.5, 2.0, 0.75])
  })

  it('a bar position stays within the media; a non-number is the start', () => {
    expect(clampPosition(4, 10)).toBe(4)
    expect(clampPosition(-3, 10)).toBe(0)
    expect(clampPosition(12, 10)).toBe(10)
    expect(clampPosition(NaN, 10)).toBe(0)
    expect(clampPosition(Infinity, 10)).toBe(0)
    expect(clampPosition(500, 0)).toBe(500)
  })

  it('releasing at the start seeks just after it', () => {
    expect(seekTarget(0)).toBe(SEEK_FLOOR_SECONDS)
    expect(seekTarget(-1)).toBe(SEEK_FLOOR_SECONDS)
    expect(seekTarget(3.5)).toBe(3.5)
  })

  it('volume stays within 0..1; a non-number is full volume', () => {
    expect(clampVolume(0.4)).toBe(0.4)
    expect(clampVolume(-1)).toBe(0)
    expect(clampVolume(7)).toBe(1)
    expect(clampVolume(NaN)).toBe(1)
  })
})

describe('Hold', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it('a rate hold resumes once, RATE_RESUME_DELAY_MS after the last change', () => {
    const hold = new Hold()
    const resume = jest.fn()
    hold.holdForRate(resume)
    expect(hold.held).toBe(true)
    expect(hold.forRate).toBe(true)
    jest.advanceTimersByTime(RATE_RESUME_DELAY_MS - 100)
    hold.holdForRate(resume)
    jest.advanceTimersByTime(RATE_RESUME_DELAY_MS - 1)
    expect(resume).not.toHaveBeenCalled()
    jest.advanceTimersByTime(1)
    expect(resume).toHaveBeenCalledTimes(1)
    expect(hold.held).toBe(false)
    jest.advanceTimersByTime(RATE_RESUME_DELAY_MS * 3)
    expect(resume).toHaveBeenCalledTimes(1)
  })

  it('a cancelled hold resumes nothing', () => {
    const hold = new Hold()
    const resume = jest.fn()
    hold.holdForRate(resume)
    hold.cancel()
    jest.advanceTimersByTime(RATE_RESUME_DELAY_MS)
    expect(resume).not.toHaveBeenCalled()
    expect(hold.held).toBe(false)
  })

  it('a drag hold is released once, by the drag only', () => {
    const hold = new Hold()
    expect(hold.releaseDrag()).toBe(false)
    hold.holdForDrag()
    expect(hold.held).toBe(true)
    expect(hold.forRate).toBe(false)
    expect(hold.releaseDrag()).toBe(true)
    expect(hold.releaseDrag()).toBe(false)
    hold.holdForRate(jest.fn())
    expect(hold.releaseDrag()).toBe(false)
    expect(hold.held).toBe(true)
  })

  it('a drag taking over a rate hold keeps the rate timer from resuming', () => {
    const hold = new Hold()
    const resume = jest.fn()
    hold.holdForRate(resume)
    hold.holdForDrag()
    jest.advanceTimersByTime(RATE_RESUME_DELAY_MS)
    expect(resume).not.toHaveBeenCalled()
    expect(hold.releaseDrag()).toBe(true)
  })
})
