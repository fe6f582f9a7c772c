import type { AudioEngine, AudioEngineListener, AudioSource, DownloadAudio } from './types'
import { isAmrUrl, m4aPlayableUrl } from './mediaUrl'
import { bindMediaSession, type MediaSessionBinding } from './mediaSession'
import { messageOf } from '../../domain/errorMessage'

export type { AudioEngine, AudioEngineListener, AudioSource, DownloadAudio, DownloadProgress } from './types'

/** The element's id: e2e tests observe playback through it. */
export const AUDIO_ELEMENT_ID = 'lesson-audio-engine'

export type AmrDecoder = (url: string) => Promise<string>

/** How long a metadata read may take before the length counts as unknown. */
const METADATA_TIMEOUT_MS = 10000

/** A length an element or context reports, or undefined for 0, NaN and a stream's Infinity. */
function knownLength(seconds: number): number | undefined {
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined
}

export interface ElementEngineDeps {
  document: Document
  /** Loads the AMR decoder chunk on first use. */
  loadAmrDecoder: () => Promise<AmrDecoder>
  /**
   * Downloads a playable file and answers an object URL of its bytes: the next voice is fetched
   * while the current one plays, so it starts without a network round trip. Without it, files
   * stream from their URL.
   */
  fetchToObjectUrl?: (url: string) => Promise<string>
  mediaSession?: MediaSession
}

/**
 * Old Android WebViews answer play() with undefined, newer browsers with a promise that rejects
 * when autoplay is refused (AbortError only means a newer load replaced this one).
 */
function playElement(el: HTMLAudioElement, onRefused: () => void): void {
  const result: Promise<void> | undefined = el.play()
  result?.catch((err: unknown) => {
    if (!(err instanceof Error && err.name === 'AbortError')) onRefused()
  })
}

/** Prepared files kept as object URLs: the one playing, the one prepared next, and one spare. */
const PREPARED_KEEP = 3

/** The attribute naming the file the element plays, whatever object URL it plays it from. */
export const SOURCE_ATTRIBUTE = 'data-source'

/**
 * One `<audio>` appended to <body>, outside the router's page containers, so it keeps playing
 * across route changes (Taro's H5 audio APIs stop or multiply on navigation).
 * AMR is decoded to WAV first; m4a gets the conversion parameter of spec 001 §5. `prepare`
 * fetches (and for AMR decodes) the next file into memory while the current one plays, so
 * auto-next starts it from an object URL with no network in between.
 */
export function createElementEngine(deps: ElementEngineDeps): AudioEngine {
  let element: HTMLAudioElement | undefined
  let listener: AudioEngineListener | undefined
  let session: MediaSessionBinding | undefined
  let decoder: Promise<AmrDecoder> | undefined
  /** url -> object URL of its bytes (AMR: of its WAV), oldest first */
  const prepared = new Map<string, Promise<string>>()
  /** bumps on every load/stop, so a decode that finishes late never replaces newer audio */
  let generation = 0
  let rate = 1

  /** The file of `url` in memory (AMR decoded to WAV); undefined when it streams from its URL. */
  const inMemory = (url: string): Promise<string> | undefined => {
    const cached = prepared.get(url)
    if (cached) return cached
    let pending: Promise<string>
    if (isAmrUrl(url)) {
      decoder ??= deps.loadAmrDecoder()
      pending = decoder.then((decodeAmr) => decodeAmr(url))
    } else if (deps.fetchToObjectUrl) {
      pending = deps.fetchToObjectUrl(m4aPlayableUrl(url))
    } else {
      return undefined
    }
    pending.catch(() => prepared.delete(url))
    prepared.set(url, pending)
    while (prepared.size > PREPARED_KEEP) {
      const [oldest, objectUrl] = prepared.entries().next().value as [string, Promise<string>]
      prepared.delete(oldest)
      void objectUrl.then((u) => URL.revokeObjectURL(u), () => undefined)
    }
    return pending
  }

  const audio = (): HTMLAudioElement => {
    if (element) return element
    const el = deps.document.createElement('audio')
    el.id = AUDIO_ELEMENT_ID
    el.preload = 'auto'
    el.setAttribute('playsinline', '')
    el.style.display = 'none'
    deps.document.body.appendChild(el)
    el.addEventListener('playing', () => listener?.onPlay())
    el.addEventListener('pause', () => {
      if (!el.ended) listener?.onPause()
    })
    el.addEventListener('waiting', () => listener?.onWaiting())
    el.addEventListener('ended', () => listener?.onEnded())
    el.addEventListener('error', () => {
      if (el.getAttribute('src')) listener?.onError(el.error?.message ?? `media error ${el.error?.code ?? ''}`)
    })
    const reportTime = (): void => {
      listener?.onTimeUpdate(el.currentTime, Number.isFinite(el.duration) ? el.duration : 0)
      session?.position(el.currentTime, el.duration, el.playbackRate)
    }
    el.addEventListener('timeupdate', reportTime)
    el.addEventListener('durationchange', reportTime)
    // setting src resets playbackRate to defaultPlaybackRate: keep both at the chosen rate
    el.addEventListener('loadedmetadata', () => {
      el.playbackRate = rate
    })
    if (deps.mediaSession) {
      session = bindMediaSession(deps.mediaSession, {
        play: () => playElement(el, () => listener?.onPause()),
        pause: () => el.pause(),
        next: () => listener?.onNext(),
        previous: () => listener?.onPrevious(),
        seek: (seconds) => {
          el.currentTime = seconds
        },
      })
    }
    element = el
    return el
  }

  const start = (el: HTMLAudioElement, src: string, source: AudioSource): void => {
    el.setAttribute(SOURCE_ATTRIBUTE, isAmrUrl(source.src) ? source.src : m4aPlayableUrl(source.src))
    el.src = src
    el.defaultPlaybackRate = rate
    el.playbackRate = rate
    el.volume = source.volume
    if (source.startAt > 0) el.currentTime = source.startAt
    // autoplay policies may refuse a play() that no longer follows the tap (after an AMR decode)
    playElement(el, () => listener?.onPause())
  }

  return {
    setListener(l) {
      listener = l
    },
    load(source) {
      const el = audio()
      const current = ++generation
      rate = source.rate
      el.pause()
      session?.metadata(source)
      const amr = isAmrUrl(source.src)
      // a file not prepared streams from its URL; AMR always needs decoding first
      const ready = amr || prepared.has(source.src) ? inMemory(source.src) : undefined
      if (!ready) {
        start(el, m4aPlayableUrl(source.src), source)
        return
      }
      listener?.onWaiting()
      ready.then(
        (objectUrl) => {
          if (current === generation) start(el, objectUrl, source)
        },
        (err: unknown) => {
          if (current !== generation) return
          // a prepared download that failed is no reason not to stream the file
          if (amr) listener?.onError(messageOf(err))
          else start(el, m4aPlayableUrl(source.src), source)
        },
      )
    },
    prepare(src) {
      inMemory(src)?.catch(() => undefined)
    },
    play() {
      playElement(audio(), () => listener?.onPause())
    },
    pause() {
      audio().pause()
    },
    stop() {
      generation++
      const el = audio()
      el.pause()
      el.removeAttribute('src')
      el.load()
      session?.stopped()
      listener?.onStop()
    },
    seek(seconds) {
      audio().currentTime = seconds
    },
    setRate(next) {
      rate = next
      const el = audio()
      el.defaultPlaybackRate = next
      el.playbackRate = next
    },
    setVolume(volume) {
      audio().volume = volume
    },
    showSleepNote(note) {
      audio()
      session?.note(note)
    },
    mediaDuration(src) {
      if (isAmrUrl(src)) return Promise.resolve(undefined)
      // a detached element of its own: the playing one is never disturbed
      const probe = deps.document.createElement('audio')
      return new Promise<number | undefined>((resolve) => {
        const done = (seconds: number | undefined): void => {
          clearTimeout(timer)
          probe.removeAttribute('src')
          probe.load()
          resolve(seconds)
        }
        const timer = setTimeout(() => done(undefined), METADATA_TIMEOUT_MS)
        probe.addEventListener('loadedmetadata', () => done(knownLength(probe.duration)), { once: true })
        probe.addEventListener('error', () => done(undefined), { once: true })
        probe.preload = 'metadata'
        probe.src = m4aPlayableUrl(src)
      })
    },
    async mediaSize(src) {
      try {
        const response = await fetch(src, { method: 'HEAD' })
        const length = response.ok ? response.headers.get('content-length') : null
        return length === null ? undefined : Number(length)
      } catch {
        return undefined
      }
    },
  }
}

export const audioEngine: AudioEngine = createElementEngine({
  document,
  loadAmrDecoder: () => import(/* webpackChunkName: "amr-decoder" */ './amrDecoder').then((m) => m.decodeAmr),
  fetchToObjectUrl: async (url) => {
    const response = await fetch(url)
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    return URL.createObjectURL(await response.blob())
  },
  mediaSession: typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : undefined,
})

/**
 * Downloads with progress, then hands the file to the browser as a named download. Taro's download
 * (its XHR with progress) loads on the first save, not with the player: it is no part of a lesson's
 * first load (issue 36).
 */
export const downloadAudio: DownloadAudio = async ({ url, fileName, onProgress }) => {
  const { downloadToTemp } = await import(/* webpackChunkName: "audio-download" */ './download')
  const link = document.createElement('a')
  link.href = await downloadToTemp(url, onProgress)
  link.download = fileName
  document.body.appendChild(link)
  link.click()
  link.remove()
}
