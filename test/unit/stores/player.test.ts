import type { LessonMessage } from '../../../src/domain/message/types'
import { textMessage, voiceMessage } from '../../fixtures/messages'
import { AUDIO_MAX_BYTES } from '../../../src/domain/validation'
import type { AudioEngine, AudioEngineListener, AudioSource } from '../../../src/platform/audio/types'
import type { KeyValueStorage } from '../../../src/platform/storage/types'
import {
  PlayerStore,
  RATE_RESUME_DELAY_MS,
  RESUME_STORAGE_PREFIX,
  SEEK_FLOOR_SECONDS,
  TRANSCRIPT_REVEAL_MS,
  type PlaylistSource,
} from '../../../src/stores/player'

/** Records every call; tests fire the engine's events by hand. */
class FakeEngine implements AudioEngine {
  listener!: AudioEngineListener
  calls: string[] = []
  loads: AudioSource[] = []
  prepared: string[] = []
  seeks: number[] = []
  rates: number[] = []
  sizeQueries: string[] = []
  sizes = new Map<string, number>()

  setListener(listener: AudioEngineListener): void {
    this.listener = listener
  }
  load(source: AudioSource): void {
    this.calls.push('load')
    this.loads.push(source)
  }
  prepare(src: string): void {
    this.prepared.push(src)
  }
  play(): void {
    this.calls.push('play')
  }
  pause(): void {
    this.calls.push('pause')
  }
  stop(): void {
    this.calls.push('stop')
  }
  seek(seconds: number): void {
    this.seeks.push(seconds)
  }
  setRate(rate: number): void {
    this.rates.push(rate)
  }
  setVolume(): void {
    this.calls.push('volume')
  }
  mediaSize(src: string): Promise<number | undefined> {
    this.sizeQueries.push(src)
    return Promise.resolve(this.sizes.get(src))
  }
  mediaDuration(): Promise<number | undefined> {
    return Promise.resolve(undefined)
  }
  get lastSrc(): string | undefined {
    return this.loads[this.loads.length - 1]?.src
  }
}

class MemoryStorage implements KeyValueStorage {
  map = new Map<string, string>()
  get(key: string): string | undefined {
    return this.map.get(key)
  }
  set(key: string, value: string): void {
    this.map.set(key, value)
  }
  remove(key: string): void {
    this.map.delete(key)
  }
}

const voice = voiceMessage
const text = textMessage

/** A paged lesson list: `pages[i]` arrives on the (i+1)-th loadMore. */
class FakeLesson implements PlaylistSource {
  messages: LessonMessage[] = []
  loadEnd = false
  loadMoreCalls = 0
  constructor(
    private readonly pages: LessonMessage[][],
    loaded = 1,
    readonly key = 'course-1',
  ) {
    for (let i = 0; i < loaded; i++) this.messages.push(...pages[i])
    this.loadedPages = loaded
    this.loadEnd = loaded >= pages.length
  }
  private loadedPages: number
  readonly title = 'Lesson One'
  readonly coverImgUrl = 'https://cdn.example/cover.png'
  async loadMore(): Promise<void> {
    this.loadMoreCalls++
    if (this.loadEnd) return
    this.messages.push(...this.pages[this.loadedPages])
    this.loadedPages++
    if (this.loadedPages >= this.pages.length) this.loadEnd = true
  }
}

async function flush(): Promise<void> {
  for (let i = 0; i < 30; i++) await Promise.resolve()
}

function setup(pages: LessonMessage[][] = [[voice(1), text(2), voice(3)]], loaded = 1) {
  const engine = new FakeEngine()
  const storage = new MemoryStorage()
  const player = new PlayerStore(engine, storage)
  const lesson = new FakeLesson(pages, loaded)
  player.attach(lesson)
  return { engine, storage, player, lesson }
}

/** Taps a voice and lets the engine report that sound started. */
async function playing(player: PlayerStore, engine: FakeEngine, msgId: string): Promise<void> {
  player.toggleVoice(msgId)
  await flush()
  engine.listener.onPlay()
}

describe('PlayerStore: tapping voice messages', () => {
  it('loads the tapped voice with the lesson title, cover, sender and the default rate 1.0', async () => {
    const { engine, player } = setup()
    player.toggleVoice('v1')
    expect(player.voiceState('v1')).toBe('loading')
    await flush()
    expect(engine.loads).toEqual([
      {
        src: 'https://media.example/v1.mp3',
        title: 'Lesson One',
        singer: 'Teacher',
        coverImgUrl: 'https://cdn.example/cover.png',
        startAt: 0,
        rate: 1,
        volume: 1,
      },
    ])
    engine.listener.onPlay()
    expect(player.voiceState('v1')).toBe('playing')
    expect(player.voiceState('v3')).toBe('stopped')
    expect(player.panelVisible).toBe(true)
  })

  it('plays one sound at a time: tapping another voice replaces the current one', async () => {
    const { engine, player } = setup()
    await playing(player, engine, 'v1')
    await playing(player, engine, 'v3')
    expect(engine.loads.map((l) => l.src)).toEqual(['https://media.example/v1.mp3', 'https://media.example/v3.mp3'])
    expect(player.voiceState('v1')).toBe('stopped')
    expect(player.voiceState('v3')).toBe('playing')
  })

  it('tapping the playing voice stops it', async () => {
    const { engine, player } = setup()
    await playing(player, engine, 'v1')
    player.toggleVoice('v1')
    expect(engine.calls).toContain('stop')
    expect(player.voiceState('v1')).toBe('stopped')
    expect(player.current).toBeUndefined()
    expect(engine.loads).toHaveLength(1)
  })

  it('tapping a paused voice goes on from where it was', async () => {
    const { engine, player } = setup()
    await playing(player, engine, 'v1')
    player.pause()
    expect(player.status).toBe('paused')
    player.toggleVoice('v1')
    expect(engine.calls[engine.calls.length - 1]).toBe('play')
    expect(engine.loads).toHaveLength(1)
  })

  it('the late pause of the replaced sound does not stop the new one', async () => {
    const { engine, player } = setup()
    await playing(player, engine, 'v1')
    player.toggleVoice('v3')
    engine.listener.onPause()
    await flush()
    engine.listener.onPause()
    expect(player.voiceState('v3')).toBe('loading')
    engine.listener.onPlay()
    expect(player.voiceState('v3')).toBe('playing')
  })

  it('pausing while the size check is under way keeps the voice from starting until resumed', async () => {
    const { engine, player } = setup()
    player.toggleVoice('v1')
    player.pause()
    await flush()
    expect(engine.loads).toHaveLength(0)
    player.resume()
    expect(engine.loads.map((l) => l.src)).toEqual(['https://media.example/v1.mp3'])
  })

  it('only the last of two quick taps reaches the engine', async () => {
    const { engine, player } = setup()
    player.toggleVoice('v1')
    player.toggleVoice('v3')
    await flush()
    expect(engine.loads.map((l) => l.src)).toEqual(['https://media.example/v3.mp3'])
  })

  it('a playback error stops with a notice', async () => {
    const { engine, player } = setup()
    await playing(player, engine, 'v1')
    engine.listener.onError('decode failed')
    expect(player.voiceState('v1')).toBe('stopped')
    expect(player.notice).toBe('player.playFailed')
  })
})

describe('PlayerStore: continuous play', () => {
  it('plays the next voice message when one ends, skipping other messages', async () => {
    const { engine, player } = setup()
    await playing(player, engine, 'v1')
    engine.listener.onEnded()
    await flush()
    expect(engine.lastSrc).toBe('https://media.example/v3.mp3')
    expect(player.currentVoiceId).toBe('v3')
  })

  it('loads more pages at the end of the loaded list, across a page without voice', async () => {
    const { engine, player, lesson } = setup([[voice(1)], [text(2), text(3)], [voice(4), voice(5)]], 1)
    await playing(player, engine, 'v1')
    engine.listener.onEnded()
    await flush()
    expect(lesson.loadMoreCalls).toBe(2)
    expect(engine.lastSrc).toBe('https://media.example/v4.mp3')
  })

  it('stops after the last voice of a finished list and forgets the resume point', async () => {
    const { engine, player, storage } = setup([[voice(1)]], 1)
    await playing(player, engine, 'v1')
    expect(storage.get(RESUME_STORAGE_PREFIX + 'course-1')).toBeDefined()
    engine.listener.onEnded()
    await flush()
    expect(engine.loads).toHaveLength(1)
    expect(player.status).toBe('idle')
    expect(storage.get(RESUME_STORAGE_PREFIX + 'course-1')).toBeUndefined()
  })

  it('does not auto-advance into a voice the user replaced meanwhile', async () => {
    const { engine, player, lesson } = setup([[voice(1), voice(2)], [voice(3)]], 1)
    await playing(player, engine, 'v2')
    engine.listener.onEnded()
    player.toggleVoice('v1')
    await flush()
    expect(lesson.loadMoreCalls).toBeLessThanOrEqual(1)
    expect(engine.lastSrc).toBe('https://media.example/v1.mp3')
  })

  it('warms up the following voice once the current one sounds: its size is checked and the engine prepares it', async () => {
    const { engine, player } = setup()
    player.toggleVoice('v1')
    await flush()
    // nothing competes with the start of the current voice
    expect(engine.prepared).toEqual([])
    engine.listener.onPlay()
    await flush()
    expect(engine.sizeQueries).toContain('https://media.example/v3.mp3')
    expect(engine.prepared).toEqual(['https://media.example/v3.mp3'])
  })

  it('fetches the next page while the last loaded voice plays, so the next one is ready at its end', async () => {
    const { engine, player, lesson } = setup([[voice(1)], [text(2), voice(3)]])
    await playing(player, engine, 'v1')
    await flush()
    expect(lesson.loadMoreCalls).toBe(1)
    expect(engine.prepared).toEqual(['https://media.example/v3.mp3'])
    engine.listener.onEnded()
    await flush()
    expect(engine.lastSrc).toBe('https://media.example/v3.mp3')
    expect(lesson.loadMoreCalls).toBe(1)
  })

  it('system next / previous controls move through the voices', async () => {
    const { engine, player } = setup([[voice(1), voice(2), voice(3)]])
    await playing(player, engine, 'v2')
    engine.listener.onNext()
    await flush()
    expect(player.currentVoiceId).toBe('v3')
    engine.listener.onPrevious()
    await flush()
    expect(player.currentVoiceId).toBe('v2')
  })
})

describe('PlayerStore: the drag bar', () => {
  it('dragging pauses, the bar follows the finger, release seeks and playing goes on', async () => {
    const { engine, player } = setup()
    await playing(player, engine, 'v1')
    engine.listener.onTimeUpdate(2, 10)
    player.startDrag()
    expect(engine.calls[engine.calls.length - 1]).toBe('pause')
    engine.listener.onPause()
    engine.listener.onTimeUpdate(2.1, 10)
    player.dragTo(7)
    expect(player.position).toBe(7)
    player.endDrag(7)
    expect(engine.seeks).toEqual([7])
    expect(engine.calls[engine.calls.length - 1]).toBe('play')
    engine.listener.onPlay()
    expect(player.voiceState('v1')).toBe('playing')
  })

  it('releasing at 0 seeks to 0.01 s', async () => {
    const { engine, player } = setup()
    await playing(player, engine, 'v1')
    player.startDrag()
    player.dragTo(-3)
    player.endDrag(0)
    expect(SEEK_FLOOR_SECONDS).toBe(0.01)
    expect(engine.seeks).toEqual([0.01])
  })

  it('dragging while paused seeks without starting to play', async () => {
    const { engine, player } = setup()
    await playing(player, engine, 'v1')
    player.pause()
    const before = engine.calls.length
    player.startDrag()
    player.endDrag(4)
    expect(engine.seeks).toEqual([4])
    expect(engine.calls.slice(before)).toEqual([])
  })
})

describe('PlayerStore: playback rate', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it('a rate change pauses, then resumes after 300 ms', async () => {
    const { engine, player } = setup()
    await playing(player, engine, 'v1')
    player.setRate(1.5)
    expect(engine.rates).toEqual([1.5])
    expect(engine.calls[engine.calls.length - 1]).toBe('pause')
    engine.listener.onPause()
    expect(player.voiceState('v1')).toBe('playing')
    jest.advanceTimersByTime(RATE_RESUME_DELAY_MS - 1)
    expect(engine.calls[engine.calls.length - 1]).toBe('pause')
    jest.advanceTimersByTime(1)
    expect(engine.calls[engine.calls.length - 1]).toBe('play')
  })

  it('quick changes resume once, 300 ms after the last one', async () => {
    const { engine, player } = setup()
    await playing(player, engine, 'v1')
    player.setRate(1.2)
    jest.advanceTimersByTime(200)
    player.setRate(2.0)
    jest.advanceTimersByTime(200)
    expect(engine.calls.filter((c) => c === 'play')).toHaveLength(0)
    jest.advanceTimersByTime(100)
    expect(engine.calls.filter((c) => c === 'play')).toHaveLength(1)
    expect(player.rate).toBe(2.0)
  })

  it('changing the rate while paused does not start playing; the next voice uses the rate', async () => {
    const { engine, player } = setup()
    await playing(player, engine, 'v1')
    player.pause()
    player.setRate(0.75)
    jest.advanceTimersByTime(1000)
    expect(engine.calls.filter((c) => c === 'play')).toHaveLength(0)
    player.toggleVoice('v3')
    await flush()
    expect(engine.loads[engine.loads.length - 1].rate).toBe(0.75)
  })

  it('the floating button cycles through 0.75, 1.0, 1.2, 1.5, 2.0', () => {
    const { player } = setup()
    const seen: number[] = []
    for (let i = 0; i < 5; i++) {
      player.cycleRate()
      seen.push(player.rate)
    }
    expect(seen).toEqual([1.2, 1.5, 2.0, 0.75, 1.0])
  })

})

describe('PlayerStore: voice to text', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it('converting a voice to text goes converting, then finished', () => {
    const { player } = setup([[voice(1, { text: 'the transcript' }), voice(2)]])
    player.convertToText('v1')
    expect(player.transcriptState('v1')).toBe('converting')
    jest.advanceTimersByTime(TRANSCRIPT_REVEAL_MS)
    expect(player.transcriptState('v1')).toBe('finished')
    player.convertToText('v2')
    expect(player.transcriptState('v2')).toBeUndefined()
  })
})

describe('PlayerStore: the 50 MB limit', () => {
  it('refuses audio larger than 50 MB with the spec message, and plays 50 MB exactly', async () => {
    const { engine, player } = setup()
    engine.sizes.set('https://media.example/v1.mp3', AUDIO_MAX_BYTES + 1)
    engine.sizes.set('https://media.example/v3.mp3', AUDIO_MAX_BYTES)
    player.toggleVoice('v1')
    await flush()
    expect(engine.loads).toHaveLength(0)
    expect(player.notice).toBe('player.audioTooLarge')
    expect(player.voiceState('v1')).toBe('stopped')
    player.toggleVoice('v3')
    await flush()
    expect(engine.lastSrc).toBe('https://media.example/v3.mp3')
    expect(player.notice).toBeUndefined()
  })

  it('applies to file audio from the audio player pages too', async () => {
    const { engine, player } = setup()
    engine.sizes.set('https://media.example/big.m4a', AUDIO_MAX_BYTES * 2)
    await player.playFile({ url: 'https://media.example/big.m4a', title: 'big.m4a' })
    expect(engine.loads).toHaveLength(0)
    expect(player.notice).toBe('player.audioTooLarge')
  })
})

describe('PlayerStore: locate and resume', () => {
  it('locating the current voice loads pages until it is in the viewed list', async () => {
    const engine = new FakeEngine()
    const storage = new MemoryStorage()
    const player = new PlayerStore(engine, storage)
    storage.set(RESUME_STORAGE_PREFIX + 'course-1', JSON.stringify({ msgId: 'v5', position: 42 }))
    const reopened = new FakeLesson([[voice(1)], [voice(3)], [voice(5), voice(6)]], 1)
    player.attach(reopened)
    expect(player.resumeOffer).toEqual({ msgId: 'v5', position: 42 })
    await player.acceptResume()
    expect(reopened.loadMoreCalls).toBe(2)
    expect(engine.loads[0]).toMatchObject({ src: 'https://media.example/v5.mp3', startAt: 42 })
    expect(await player.locateCurrent()).toBe('v5')
  })

  it('saves the place per lesson as playback moves, and offers it when the lesson is opened again', async () => {
    const { engine, player, storage } = setup()
    await playing(player, engine, 'v3')
    engine.listener.onTimeUpdate(6.4, 10)
    player.pause()
    expect(JSON.parse(storage.get(RESUME_STORAGE_PREFIX + 'course-1') ?? '')).toEqual({ msgId: 'v3', position: 6 })
    player.stop()
    const other = new PlayerStore(new FakeEngine(), storage)
    other.attach(new FakeLesson([[voice(1), voice(3)]], 1))
    expect(other.resumeOffer).toEqual({ msgId: 'v3', position: 6 })
    other.attach(new FakeLesson([[voice(1)]], 1, 'course-2'))
    expect(other.resumeOffer).toBeUndefined()
  })

  it('ignores a broken saved place', () => {
    const engine = new FakeEngine()
    const storage = new MemoryStorage()
    storage.set(RESUME_STORAGE_PREFIX + 'course-1', '{"msgId":5}')
    const player = new PlayerStore(engine, storage)
    player.attach(new FakeLesson([[voice(1)]], 1))
    expect(player.resumeOffer).toBeUndefined()
  })

  it('shows the background-play button only for lists with voice', () => {
    const { player } = setup([[text(1)]])
    expect(player.viewedHasVoice).toBe(false)
    player.attach(new FakeLesson([[text(1), voice(2)]], 1))
    expect(player.viewedHasVoice).toBe(true)
  })
})
