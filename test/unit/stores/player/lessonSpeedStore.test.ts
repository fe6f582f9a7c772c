import { voiceMessage } from '../../../fixtures/messages'
import { LAST_RATE_KEY, LESSON_RATE_PREFIX } from '../../../../src/stores/player'
import { flush, lesson, listeningPlayer } from './listeningFakes'

const lessonA = lesson('course-a', [voiceMessage(1), voiceMessage(2)])
const lessonB = lesson('course-b', [voiceMessage(11), voiceMessage(12)])

describe('PlayerStore: speed per lesson', () => {
  it('a lesson keeps its own speed; a new lesson starts at the last choice anywhere', async () => {
    const { player, engine, storage } = listeningPlayer()
    player.attach(lessonA)
    expect(player.rate).toBe(1)
    player.toggleVoice('v1')
    await flush()
    player.setRate(1.5)
    expect(storage.get(LESSON_RATE_PREFIX + 'course-a')).toBe('1.5')

    player.attach(lessonB)
    player.toggleVoice('v11')
    await flush()
    // lesson B has no speed of its own: the listener's last choice
    expect(engine.loads.at(-1)?.rate).toBe(1.5)
    player.setRate(0.75)

    player.attach(lessonA)
    expect(player.rate).toBe(0.75)
    player.toggleVoice('v2')
    await flush()
    // lesson A plays at its own 1.5 again, not at B's 0.75
    expect(engine.loads.at(-1)?.rate).toBe(1.5)
    expect(player.rate).toBe(1.5)
    expect(storage.get(LAST_RATE_KEY)).toBe('0.75')
  })

  it('shows the lesson on screen at its speed while nothing plays, and leaves another lesson playing at its own', async () => {
    const { player, engine } = listeningPlayer({ [LESSON_RATE_PREFIX + 'course-a']: '2', [LESSON_RATE_PREFIX + 'course-b']: '1.2' })
    player.attach(lessonA)
    expect(player.rate).toBe(2)
    player.toggleVoice('v1')
    await flush()
    engine.listener.onPlay()
    player.attach(lessonB)
    expect(player.rate).toBe(2)
    // the rate button on B while A plays changes A's speed, which A keeps
    player.cycleRate()
    expect(player.rate).toBe(0.75)
    player.attach(lessonA)
    expect(player.rate).toBe(0.75)
  })

  it('ignores a stored speed that is not one of the spec rates', () => {
    const { player } = listeningPlayer({ [LESSON_RATE_PREFIX + 'course-a']: '3', [LAST_RATE_KEY]: '1.2' })
    player.attach(lessonA)
    expect(player.rate).toBe(1.2)
  })

  it('a rate chosen for a file audio is the last choice, not the lesson on screen', async () => {
    const { player, storage } = listeningPlayer()
    player.attach(lessonA)
    await player.playFile({ url: 'https://media.example/talk.m4a', title: 'talk.m4a' })
    player.setRate(2)
    expect(storage.get(LAST_RATE_KEY)).toBe('2')
    expect(storage.get(LESSON_RATE_PREFIX + 'course-a')).toBeUndefined()
  })
})
