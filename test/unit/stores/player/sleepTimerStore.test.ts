import { SLEEP_FADE_SECONDS } from '../../../../src/domain/listening/sleepTimer'
import { voiceMessage } from '../../../fixtures/messages'
import { flush, lesson, listeningPlayer } from './listeningFakes'

/** Plays the first voice of a lesson of `count` voices (60 s each) and lets the engine report sound. */
async function playingLesson(count = 3) {
  const setup = listeningPlayer()
  const { player, engine } = setup
  player.attach(lesson('course-1', Array.from({ length: count }, (_, i) => voiceMessage(i + 1, { duration: 60 }))))
  player.toggleVoice('v1')
  await flush()
  engine.listener.onPlay()
  return setup
}

describe('PlayerStore: the sleep timer', () => {
  it('stops after its minutes of listening, counted on the audio time reports, fading out the last seconds', async () => {
    const { player, engine, clock } = await playingLesson(20)
    player.setSleepTimer({ kind: 'minutes', minutes: 15 })
    expect(engine.notes.at(-1)).toBe('15 分钟后停止播放')
    // 14 min 40 s of listening across voices: each voice reports its own time, the clock moves with it
    let elapsed = 0
    let position = 0
    const report = (seconds: number): void => {
      elapsed += seconds
      position += seconds
      clock.now += seconds * 1000
      engine.listener.onTimeUpdate(position, 60)
    }
    for (let i = 0; i < 88; i += 1) {
      report(10)
      if (position >= 60) {
        engine.listener.onEnded()
        await flush()
        engine.listener.onPlay()
        position = 0
      }
    }
    expect(elapsed).toBe(880)
    expect(player.isPlaying).toBe(true)
    expect(engine.volumes).toEqual([])
    expect(engine.notes.at(-1)).toBe('1 分钟后停止播放')
    // the fade: within the last SLEEP_FADE_SECONDS the volume steps down, playback goes on
    const pausesBefore = engine.calls.length
    report(20 - SLEEP_FADE_SECONDS)
    expect(engine.volumes).toEqual([])
    report(SLEEP_FADE_SECONDS / 2)
    expect(engine.volumes.at(-1)).toBeCloseTo(0.5, 5)
    expect(player.isPlaying).toBe(true)
    expect(engine.calls.slice(pausesBefore)).toEqual([])
    report(SLEEP_FADE_SECONDS / 2)
    expect(player.status).toBe('paused')
    expect(engine.calls.slice(pausesBefore)).toEqual(['pause'])
    // the timer is spent: the volume is the listener's own again and the lock screen says nothing
    expect(engine.volumes.at(-1)).toBe(1)
    expect(player.sleepChoice).toBeUndefined()
    expect(engine.notes.at(-1)).toBeUndefined()
  })

  it('counts no listening while paused, however long', async () => {
    const { player, engine, clock } = await playingLesson()
    player.setSleepTimer({ kind: 'minutes', minutes: 15 })
    player.pause()
    clock.now += 3_600_000
    player.resume()
    engine.listener.onPlay()
    clock.now += 1000
    engine.listener.onTimeUpdate(1, 60)
    expect(player.isPlaying).toBe(true)
    expect(player.sleepNote).toBe('15 分钟后停止播放')
  })

  it('at the end of the current voice stops there instead of playing the next one', async () => {
    const { player, engine, clock } = await playingLesson()
    player.setSleepTimer({ kind: 'endOfVoice' })
    clock.now += 55_000
    engine.listener.onTimeUpdate(55, 60)
    expect(engine.volumes.at(-1)).toBeCloseTo(0.5, 5)
    engine.listener.onEnded()
    await flush()
    expect(engine.loads).toHaveLength(1)
    expect(player.status).toBe('idle')
    expect(player.sleepChoice).toBeUndefined()
    expect(engine.volumes.at(-1)).toBe(1)
  })

  it('at the end of the lesson lets every voice play, fades only the last one and clears itself', async () => {
    const { player, engine, clock } = await playingLesson()
    player.setSleepTimer({ kind: 'endOfLesson' })
    for (const next of [2, 3]) {
      clock.now += 55_000
      engine.listener.onTimeUpdate(55, 60)
      expect(engine.volumes).toEqual([])
      engine.listener.onEnded()
      await flush()
      expect(player.currentVoiceId).toBe(`v${next}`)
      engine.listener.onPlay()
    }
    clock.now += 55_000
    engine.listener.onTimeUpdate(55, 60)
    expect(engine.volumes.at(-1)).toBeCloseTo(0.5, 5)
    engine.listener.onEnded()
    await flush()
    expect(engine.loads).toHaveLength(3)
    expect(player.status).toBe('idle')
    expect(player.sleepChoice).toBeUndefined()
  })

  it('the system next control skips even with an end-of-voice timer set, and cancelling restores the volume', async () => {
    const { player, engine, clock } = await playingLesson()
    player.setSleepTimer({ kind: 'endOfVoice' })
    clock.now += 58_000
    engine.listener.onTimeUpdate(58, 60)
    expect(engine.volumes.at(-1)).toBeCloseTo(0.2, 5)
    player.cancelSleepTimer()
    expect(engine.volumes.at(-1)).toBe(1)
    player.setSleepTimer({ kind: 'endOfVoice' })
    engine.listener.onNext()
    await flush()
    expect(player.currentVoiceId).toBe('v2')
    expect(player.sleepChoice).toEqual({ kind: 'endOfVoice' })
  })
})
