/**
 * Resume on any device: requests per minute of listening (issue 35 item 4). The real player and
 * resume sync (src/stores/resume) over an engine that reports its time every 250 ms of a fake
 * clock, counting the requests the real api module sends: 30 minutes of a lesson of 60 s voices,
 * paused for a moment every 10 minutes and hidden once.
 */
import { createClient } from '../src/api/client'
import { createResumeApi } from '../src/api/resume'
import type { VoiceMessage } from '../src/domain/message/types'
import type { AudioEngine, AudioEngineListener } from '../src/platform/audio/types'
import { PlayerStore, type PlaylistSource } from '../src/stores/player'
import { ResumeSync } from '../src/stores/resume'
import { runWhenMain, type Figures } from './figures'

const VOICE_SECONDS = 60
const MINUTES = 30

class TimedEngine implements AudioEngine {
  listener!: AudioEngineListener
  setListener(listener: AudioEngineListener): void {
    this.listener = listener
  }
  load(): void {}
  prepare(): void {}
  play(): void {}
  pause(): void {}
  stop(): void {}
  seek(): void {}
  setRate(): void {}
  setVolume(): void {}
  mediaSize(): Promise<number | undefined> {
    return Promise.resolve(undefined)
  }
  mediaDuration(): Promise<number | undefined> {
    return Promise.resolve(undefined)
  }
}

const voice = (n: number): VoiceMessage => ({
  kind: 'voice',
  id: n,
  msgId: `v${n}`,
  msgType: 1002,
  sendTime: n,
  sender: { nickname: 'Teacher', faceIcon: '' },
  url: `https://media.example/v${n}.mp3`,
  duration: VOICE_SECONDS,
  voiceId: `v${n}`,
})

const tick = () => new Promise<void>((resolve) => setImmediate(resolve))

export async function measure(): Promise<Figures> {
  let now = 1_800_000_000_000
  let requests = 0
  const hide: Array<() => void> = []
  const memory = new Map<string, string>()
  const storage = { get: (k: string) => memory.get(k), set: (k: string, v: string) => void memory.set(k, v), remove: (k: string) => void memory.delete(k) }
  const { post } = createClient({
    baseUrl: () => '',
    request: async ({ url }) => {
      requests++
      const data = url.endsWith('/save.do') ? { object: { kept: 1 } } : { object: null }
      return { statusCode: 200, data: { code: 200, msg: '', data } }
    },
    toast: () => undefined,
    goProfile: () => undefined,
    goVipAlert: () => undefined,
    sessionHeaders: () => ({ userid: 'wm_buyer', token: 'token-buyer' }),
    clearSession: () => undefined,
    messages: { networkError: () => '', timeout: () => '', badResponse: () => '' },
  })
  const engine = new TimedEngine()
  const player = new PlayerStore(engine, storage)
  const sync = new ResumeSync({
    player,
    api: createResumeApi(post),
    session: { loggedIn: true },
    storage,
    device: { kind: () => 'phone', onHide: (listener) => (hide.push(listener), () => undefined) },
    now: () => now,
  })
  const stop = sync.start()
  const voices = Array.from({ length: (MINUTES * 60) / VOICE_SECONDS }, (_, i) => voice(i + 1))
  const lesson: PlaylistSource = { key: 'demo-all-types', title: 'Lesson', coverImgUrl: '', messages: voices, loadEnd: true, loadMore: async () => undefined }
  player.attach(lesson)
  await tick()
  const opening = requests
  await player.playVoice('v1')
  for (let minute = 0; minute < MINUTES; minute++) {
    engine.listener.onPlay()
    for (let quarter = 0; quarter <= VOICE_SECONDS * 4; quarter++) {
      now += 250
      engine.listener.onTimeUpdate(quarter / 4, VOICE_SECONDS)
      await tick()
    }
    if (minute % 10 === 9) {
      player.pause()
      engine.listener.onPause()
      await tick()
      player.resume()
    }
    if (minute === 15) hide.forEach((listener) => listener())
    engine.listener.onEnded()
    await tick()
  }
  stop()
  const perMinute = (requests - opening) / MINUTES
  return {
    'resume: requests per minute of listening': `${perMinute.toFixed(1)} (${requests - opening} in ${MINUTES} min, plus ${opening} on opening; target at most 4)`,
  }
}

runWhenMain(__filename, measure)
