import type { VoiceMessage } from '../../../src/domain/message/types'
import { voiceMessage } from '../../fixtures/messages'
import type { AudioEngine, AudioEngineListener, AudioSource } from '../../../src/platform/audio/types'
import { PlayerStore, type PlaylistSource } from '../../../src/stores/player'

export class FakeEngine implements AudioEngine {
  listener!: AudioEngineListener
  loads: AudioSource[] = []
  stops = 0
  rates: number[] = []
  seeks: number[] = []
  setListener(listener: AudioEngineListener): void {
    this.listener = listener
  }
  load(source: AudioSource): void {
    this.loads.push(source)
  }
  prepare(): void {}
  play(): void {}
  pause(): void {}
  stop(): void {
    this.stops++
  }
  seek(seconds: number): void {
    this.seeks.push(seconds)
  }
  setRate(rate: number): void {
    this.rates.push(rate)
  }
  setVolume(): void {}
  mediaSize(): Promise<number | undefined> {
    return Promise.resolve(undefined)
  }
  /** what mediaDuration answers per source; absent sources are unknown */
  durations = new Map<string, number>()
  mediaDuration(src: string): Promise<number | undefined> {
    return Promise.resolve(this.durations.get(src))
  }
}

/** Voice `n` by the teacher, 12 s long, with the transcript `text` when given. */
export function voice(n: number, text?: string): VoiceMessage {
  return voiceMessage(n, { sender: { nickname: 'Teacher' }, duration: 12, ...(text === undefined ? {} : { text }) })
}

/** A player over a fake engine and in-memory storage, showing `messages` as the viewed lesson. */
export function makePlayer(messages: VoiceMessage[]) {
  const engine = new FakeEngine()
  const storage = new Map<string, string>()
  const player = new PlayerStore(engine, {
    get: (k) => storage.get(k),
    set: (k, v) => void storage.set(k, v),
    remove: (k) => void storage.delete(k),
  })
  const source: PlaylistSource = {
    key: 'lesson',
    title: 'Lesson',
    coverImgUrl: '',
    messages,
    loadEnd: true,
    loadMore: () => Promise.resolve(),
  }
  player.attach(source)
  return { engine, player }
}
