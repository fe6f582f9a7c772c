import {
  RESUME_BEHIND_SECONDS,
  RESUME_CLOCK_SKEW_MS,
  chooseResume,
  lessonProgress,
  placeBehind,
  readResumePlace,
  stampOf,
  type ResumePlace,
} from '../../../src/domain/resume'

const NOW = 1_800_000_000_000
const remote = (over: Partial<ResumePlace> = {}): ResumePlace => ({
  msgId: 'v2',
  position: 754,
  at: NOW - 60_000,
  deviceId: 'phone-aaaaaaaa',
  device: 'miniProgram',
  ...over,
})

describe('the place saved for a playhead', () => {
  it('lies a little behind it, in whole seconds, never below 0', () => {
    expect(placeBehind(100.9)).toBe(100 - RESUME_BEHIND_SECONDS)
    expect(placeBehind(2)).toBe(0)
    for (const hostile of [-5, NaN, -Infinity, 0]) expect(placeBehind(hostile)).toBe(0)
    expect(placeBehind(Infinity)).toBe(0)
    expect(placeBehind(1e12)).toBe(24 * 3600 - RESUME_BEHIND_SECONDS)
  })
})

describe('reading a place from the wire', () => {
  it('takes a whole place', () => {
    expect(readResumePlace(remote())).toEqual(remote())
  })

  it.each([
    ['null', null],
    ['a string', '{"msgId":"v2"}'],
    ['an array', [remote()]],
    ['an empty msgId', remote({ msgId: '' })],
    ['a msgId as a number', { ...remote(), msgId: 5 }],
    ['a negative position', remote({ position: -1 })],
    ['a fractional position', remote({ position: 1.5 })],
    ['NaN position', remote({ position: NaN })],
    ['a position past a day', remote({ position: 86_401 })],
    ['a position as text', { ...remote(), position: '12' }],
    ['a zero stamp', remote({ at: 0 })],
    ['an unsafe stamp', remote({ at: 2 ** 60 })],
    ['an unknown device', { ...remote(), device: 'toaster' }],
    ['a prototype device', { ...remote(), device: 'constructor' }],
    ['no device id', remote({ deviceId: '' })],
  ])('refuses %s', (_, value) => {
    expect(readResumePlace(value)).toBeUndefined()
  })
})

describe('merging this device\'s place with the server\'s', () => {
  const THIS = 'browser-bbbbbbbb'

  it('offers another device\'s place when this one has none', () => {
    expect(chooseResume({ has: false, at: undefined }, remote(), THIS, NOW)).toEqual({ kind: 'remote', place: remote() })
  })

  it('offers another device\'s newer place over this one\'s older', () => {
    expect(chooseResume({ has: true, at: NOW - 3_600_000 }, remote(), THIS, NOW).kind).toBe('remote')
  })

  it('keeps this device\'s place when it is newer than the server\'s', () => {
    expect(chooseResume({ has: true, at: NOW - 1_000 }, remote(), THIS, NOW)).toEqual({ kind: 'local' })
  })

  it('keeps this device\'s place when the server\'s is one this device saved', () => {
    expect(chooseResume({ has: true, at: NOW - 3_600_000 }, remote({ deviceId: THIS }), THIS, NOW)).toEqual({ kind: 'local' })
    expect(chooseResume({ has: false, at: undefined }, remote({ deviceId: THIS }), THIS, NOW)).toEqual({ kind: 'none' })
  })

  it('a local place saved before stamps existed loses to any remote one', () => {
    expect(chooseResume({ has: true, at: undefined }, remote(), THIS, NOW).kind).toBe('remote')
    expect(chooseResume({ has: true, at: NaN }, remote(), THIS, NOW).kind).toBe('remote')
  })

  it('a remote stamp from the far future is held to now plus the skew', () => {
    const future = remote({ at: NOW + 365 * 24 * 3_600_000 })
    expect(chooseResume({ has: true, at: NOW + RESUME_CLOCK_SKEW_MS + 1 }, future, THIS, NOW)).toEqual({ kind: 'local' })
  })

  it.each([
    ['nothing', undefined],
    ['garbage', 'garbage'],
    ['a broken place', { ...remote(), position: -3 }],
    ['a place with an unknown device', { ...remote(), device: '手机' }],
  ])('ignores %s from the server', (_, value) => {
    expect(chooseResume({ has: true, at: 1 }, value, THIS, NOW)).toEqual({ kind: 'local' })
    expect(chooseResume({ has: false, at: undefined }, value, THIS, NOW)).toEqual({ kind: 'none' })
  })
})

describe('the server\'s stamp', () => {
  it('is the client\'s unless it runs ahead of the server by more than the skew', () => {
    expect(stampOf(NOW - 5, NOW)).toBe(NOW - 5)
    expect(stampOf(NOW + RESUME_CLOCK_SKEW_MS + 5, NOW)).toBe(NOW + RESUME_CLOCK_SKEW_MS)
  })
})

describe('a lesson\'s progress', () => {
  it('counts the voices before the place and how far into its voice', () => {
    expect(lessonProgress(0, 4, 0, 10)).toBe(0)
    expect(lessonProgress(1, 4, 5, 10)).toBeCloseTo(0.375)
    expect(lessonProgress(3, 4, 10, 10)).toBe(1)
  })

  it.each([
    [0, 0, 5, 10],
    [5, 4, 5, 10],
    [-1, 4, 5, 10],
    [NaN, 4, 5, 10],
    [1, NaN, 5, 10],
  ])('is 0 for impossible input (%p of %p)', (index, count, position, duration) => {
    expect(lessonProgress(index, count, position, duration)).toBe(0)
  })

  it('a position past its voice or an unknown length stays inside the voice', () => {
    expect(lessonProgress(1, 4, 500, 10)).toBe(0.5)
    expect(lessonProgress(1, 4, 5, 0)).toBe(0.25)
    expect(lessonProgress(1, 4, -5, 10)).toBe(0.25)
  })
})
