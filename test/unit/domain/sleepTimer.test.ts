import {
  SLEEP_FADE_SECONDS,
  fadeVolume,
  listenedBetween,
  minutesLeft,
  secondsLeft,
  timerDue,
  type SleepChoice,
  type TimerReading,
} from '../../../src/domain/listening/sleepTimer'

const reading = (over: Partial<TimerReading> = {}): TimerReading => ({ listened: 0, position: 0, duration: 60, rate: 1, lastVoice: false, ...over })
const minutes15: SleepChoice = { kind: 'minutes', minutes: 15 }

describe('listening counted between two reports of the audio', () => {
  const mark = (position: number, at: number, mediaId = 'a') => ({ mediaId, position, at })

  it('counts the wall time while the audio moves with it, at its rate', () => {
    expect(listenedBetween(mark(10, 0), mark(11, 1000), 1)).toBe(1)
    // at 2x two seconds of voice pass in one second of listening
    expect(listenedBetween(mark(10, 0), mark(12, 1000), 2)).toBe(1)
  })

  it('counts a frozen page gap once, a seek forward as no listening, a pause and a jump back as nothing', () => {
    // screen off: the next report comes 5 minutes later and the audio moved as much
    expect(listenedBetween(mark(0, 0), mark(300, 300_000), 1)).toBe(300)
    // a seek forward by 200 s within a quarter second
    expect(listenedBetween(mark(0, 0), mark(200, 250), 1)).toBe(0.25)
    // paused for an hour, then one more second
    expect(listenedBetween(mark(30, 0), mark(31, 3_600_000), 1)).toBe(1)
    expect(listenedBetween(mark(30, 0), mark(10, 1000), 1)).toBe(0)
    // the next voice counts from its own start
    expect(listenedBetween(mark(59, 0, 'a'), mark(1, 1000, 'b'), 1)).toBe(1)
  })

  it('reads hostile numbers as no listening', () => {
    expect(listenedBetween(undefined, mark(1, 1), 1)).toBe(0)
    expect(listenedBetween(mark(Number.NaN, 0), mark(1, 1000), 1)).toBe(1)
    expect(listenedBetween(mark(0, 0), mark(Infinity, 1000), 1)).toBe(0)
    expect(listenedBetween(mark(0, 1000), mark(1, 0), 1)).toBe(0)
    expect(listenedBetween(mark(0, 0), mark(1, 1000), 0)).toBe(1)
    expect(listenedBetween(mark(0, 0), mark(1, 1000), Number.NaN)).toBe(1)
  })
})

describe('when the sleep timer stops playback', () => {
  it('stops a counted timer when its minutes of listening are used up', () => {
    expect(secondsLeft(minutes15, reading({ listened: 0 }))).toBe(900)
    expect(secondsLeft(minutes15, reading({ listened: 899 }))).toBe(1)
    expect(secondsLeft({ kind: 'minutes', minutes: 60 }, reading({ listened: 4000 }))).toBe(0)
    expect(timerDue(minutes15, 0.5, false)).toBe(false)
    expect(timerDue(minutes15, 0, false)).toBe(true)
    expect(minutesLeft(minutes15, 61)).toBe(2)
    expect(minutesLeft(minutes15, 0)).toBe(0)
  })

  it('stops at the end of the current voice, never on the way, and counts its rest at the rate', () => {
    const choice: SleepChoice = { kind: 'endOfVoice' }
    expect(secondsLeft(choice, reading({ position: 50, duration: 60, rate: 2 }))).toBe(5)
    expect(secondsLeft(choice, reading({ duration: 0 }))).toBe(Infinity)
    expect(timerDue(choice, 0, false)).toBe(false)
    expect(timerDue(choice, 3, true)).toBe(true)
    expect(minutesLeft(choice, 5)).toBeUndefined()
  })

  it('stops at the end of the lesson only when the last voice ends', () => {
    const choice: SleepChoice = { kind: 'endOfLesson' }
    expect(secondsLeft(choice, reading({ position: 50, lastVoice: false }))).toBe(Infinity)
    expect(timerDue(choice, Infinity, true)).toBe(false)
    expect(secondsLeft(choice, reading({ position: 50, lastVoice: true }))).toBe(10)
    expect(timerDue(choice, 0, true)).toBe(true)
  })

  it('fades out over the last seconds only', () => {
    expect(fadeVolume(Infinity)).toBe(1)
    expect(fadeVolume(SLEEP_FADE_SECONDS + 1)).toBe(1)
    expect(fadeVolume(SLEEP_FADE_SECONDS / 2)).toBe(0.5)
    expect(fadeVolume(0)).toBe(0)
    expect(fadeVolume(-3)).toBe(0)
    expect(fadeVolume(Number.NaN)).toBe(1)
  })
})
