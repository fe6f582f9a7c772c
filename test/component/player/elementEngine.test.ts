import { AUDIO_ELEMENT_ID, createElementEngine, SOURCE_ATTRIBUTE } from '../../../src/platform/audio/index.h5'
import type { AudioEngineListener, AudioSource } from '../../../src/platform/audio/types'

type Handler = (details: MediaSessionActionDetails) => void

/** Records what the engine tells the lock screen, and lets a test press its buttons. */
class FakeMediaSession {
  handlers = new Map<string, Handler>()
  metadata: { title: string; artist: string } | null = null
  playbackState = 'none'
  setActionHandler(action: string, handler: Handler | null): void {
    if (handler) this.handlers.set(action, handler)
  }
  setPositionState = jest.fn()
}

function listener(): jest.Mocked<AudioEngineListener> {
  return {
    onPlay: jest.fn(),
    onPause: jest.fn(),
    onWaiting: jest.fn(),
    onEnded: jest.fn(),
    onStop: jest.fn(),
    onError: jest.fn(),
    onTimeUpdate: jest.fn(),
    onNext: jest.fn(),
    onPrevious: jest.fn(),
  }
}

const source = (src: string, extra: Partial<AudioSource> = {}): AudioSource => ({
  src,
  title: 'Lesson One',
  singer: 'Teacher',
  coverImgUrl: 'https://cdn.example/cover.png',
  startAt: 0,
  rate: 1,
  volume: 1,
  ...extra,
})

const flush = async (): Promise<void> => {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

describe('H5 audio engine (one long-lived <audio>)', () => {
  let play: jest.SpyInstance
  beforeEach(() => {
    play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve())
    jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined)
    jest.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined)
    Object.assign(globalThis, {
      MediaMetadata: class {
        constructor(init: { title: string; artist: string }) {
          Object.assign(this, init)
        }
      },
    })
  })
  afterEach(() => {
    jest.restoreAllMocks()
    document.body.innerHTML = ''
  })

  const make = (decode: jest.Mock<Promise<string>, [string]> = jest.fn((url: string) => Promise.resolve(`blob:wav-of-${url}`))) => {
    const session = new FakeMediaSession()
    const engine = createElementEngine({
      document,
      loadAmrDecoder: () => Promise.resolve(decode),
      mediaSession: session as unknown as MediaSession,
    })
    const events = listener()
    engine.setListener(events)
    return { engine, session, events, decode }
  }
  const element = (): HTMLAudioElement => document.getElementById(AUDIO_ELEMENT_ID) as HTMLAudioElement

  it('keeps one element for every load, playing at the chosen rate and start offset', () => {
    const { engine } = make()
    engine.load(source('https://cdn.example/a.mp3', { rate: 1.5, startAt: 7 }))
    engine.load(source('https://cdn.example/b.mp3', { rate: 1.5 }))
    expect(document.querySelectorAll('audio')).toHaveLength(1)
    expect(element().src).toBe('https://cdn.example/b.mp3')
    expect(element().playbackRate).toBe(1.5)
    expect(element().defaultPlaybackRate).toBe(1.5)
    expect(play).toHaveBeenCalledTimes(2)
  })

  it('gives m4a links the conversion parameter', () => {
    const { engine } = make()
    engine.load(source('https://cdn.example/a.m4a'))
    expect(element().src).toBe('https://cdn.example/a.m4a?response-content-type=audio/mp4')
  })

  it('decodes AMR through the lazily loaded decoder and plays the WAV', async () => {
    const { engine, events, decode } = make()
    engine.load(source('https://cdn.example/v.amr'))
    expect(events.onWaiting).toHaveBeenCalled()
    await flush()
    expect(decode).toHaveBeenCalledWith('https://cdn.example/v.amr')
    expect(element().getAttribute('src')).toBe('blob:wav-of-https://cdn.example/v.amr')
  })

  it('never lets a slow decode replace audio loaded after it', async () => {
    const slow = deferred<string>()
    const { engine } = make(jest.fn((_url: string) => slow.promise))
    engine.load(source('https://cdn.example/old.amr'))
    engine.load(source('https://cdn.example/new.mp3'))
    slow.resolve('blob:old')
    await flush()
    expect(element().src).toBe('https://cdn.example/new.mp3')
  })

  it('prepares the next AMR once: playing it later needs no second decode', async () => {
    const { engine, decode } = make()
    engine.prepare('https://cdn.example/next.amr')
    engine.prepare('https://cdn.example/next.mp3')
    await flush()
    engine.load(source('https://cdn.example/next.amr'))
    await flush()
    expect(decode).toHaveBeenCalledTimes(1)
    expect(element().getAttribute('src')).toBe('blob:wav-of-https://cdn.example/next.amr')
  })

  it('plays a prepared file from memory, naming the file it plays; a failed download streams it', async () => {
    const fetchToObjectUrl = jest.fn((url: string) =>
      url.endsWith('bad.mp3') ? Promise.reject(new Error('HTTP 403')) : Promise.resolve(`blob:bytes-of-${url}`),
    )
    const engine = createElementEngine({ document, loadAmrDecoder: () => Promise.reject(new Error('unused')), fetchToObjectUrl })
    engine.setListener(listener())
    engine.load(source('https://cdn.example/first.mp3'))
    // nothing prepared: the first file streams from its URL
    expect(element().src).toBe('https://cdn.example/first.mp3')
    engine.prepare('https://cdn.example/next.m4a')
    engine.prepare('https://cdn.example/bad.mp3')
    expect(fetchToObjectUrl).toHaveBeenCalledWith('https://cdn.example/next.m4a?response-content-type=audio/mp4')
    await flush()
    engine.load(source('https://cdn.example/next.m4a'))
    await flush()
    expect(element().getAttribute('src')).toBe('blob:bytes-of-https://cdn.example/next.m4a?response-content-type=audio/mp4')
    expect(element().getAttribute(SOURCE_ATTRIBUTE)).toBe('https://cdn.example/next.m4a?response-content-type=audio/mp4')
    expect(fetchToObjectUrl).toHaveBeenCalledTimes(2)
    engine.load(source('https://cdn.example/bad.mp3'))
    await flush()
    expect(element().src).toBe('https://cdn.example/bad.mp3')
    expect(element().getAttribute(SOURCE_ATTRIBUTE)).toBe('https://cdn.example/bad.mp3')
  })

  it('reports a failed decode as an error', async () => {
    const { engine, events } = make(jest.fn((_url: string) => Promise.reject(new Error('not an AMR file'))))
    engine.load(source('https://cdn.example/broken.amr'))
    await flush()
    expect(events.onError).toHaveBeenCalledWith('not an AMR file')
  })

  it('turns element events into engine events; the pause before "ended" is not a user pause', () => {
    const { engine, events } = make()
    engine.load(source('https://cdn.example/a.mp3'))
    const el = element()
    el.dispatchEvent(new Event('playing'))
    expect(events.onPlay).toHaveBeenCalledTimes(1)
    el.dispatchEvent(new Event('pause'))
    expect(events.onPause).toHaveBeenCalledTimes(1)
    jest.spyOn(el, 'ended', 'get').mockReturnValue(true)
    el.dispatchEvent(new Event('pause'))
    el.dispatchEvent(new Event('ended'))
    expect(events.onPause).toHaveBeenCalledTimes(1)
    expect(events.onEnded).toHaveBeenCalledTimes(1)
  })

  it('reports a refused autoplay as a pause', async () => {
    play.mockImplementation(() => Promise.reject(Object.assign(new Error('no gesture'), { name: 'NotAllowedError' })))
    const { engine, events } = make()
    engine.load(source('https://cdn.example/a.mp3'))
    await flush()
    expect(events.onPause).toHaveBeenCalled()
  })

  it('shows the lesson on the lock screen and routes its buttons back', () => {
    const { engine, session, events } = make()
    engine.load(source('https://cdn.example/a.mp3'))
    expect(session.metadata).toMatchObject({ title: 'Lesson One', artist: 'Teacher' })
    session.handlers.get('nexttrack')?.({ action: 'nexttrack' })
    session.handlers.get('previoustrack')?.({ action: 'previoustrack' })
    session.handlers.get('seekto')?.({ action: 'seekto', seekTime: 4 })
    expect(events.onNext).toHaveBeenCalledTimes(1)
    expect(events.onPrevious).toHaveBeenCalledTimes(1)
    expect(element().currentTime).toBe(4)
    expect([...session.handlers.keys()].sort()).toEqual(['nexttrack', 'pause', 'play', 'previoustrack', 'seekto'])
  })

  it('stop empties the element and clears the lock screen', () => {
    const { engine, session, events } = make()
    engine.load(source('https://cdn.example/a.mp3'))
    engine.stop()
    expect(element().getAttribute('src')).toBeNull()
    expect(session.metadata).toBeNull()
    expect(events.onStop).toHaveBeenCalled()
  })
})
