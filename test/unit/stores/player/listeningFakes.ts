import type { LessonMessage } from '../../../../src/domain/message/types'
import type { AudioEngine, AudioEngineListener, AudioSource } from '../../../../src/platform/audio/types'
import { PlayerStore, type PlaylistSource } from '../../../../src/stores/player'
import { memoryStorage } from '../../../fixtures/storage'

/** The audio engine at the platform edge: records what the store asks; tests fire its reports. */
export class ListeningEngine implements AudioEngine {
  listener!: AudioEngineListener
  loads: AudioSource[] = []
  calls: string[] = []
  volumes: number[] = []
  notes: (string | undefined)[] = []
  seeks: number[] = []
  setListener(listener: AudioEngineListener): void {
    this.listener = listener
  }
  load(source: AudioSource): void {
    this.loads.push(source)
  }
  prepare(): void {}
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
  setRate(): void {}
  setVolume(volume: number): void {
    this.volumes.push(volume)
  }
  showSleepNote(note: string | undefined): void {
    this.notes.push(note)
  }
  mediaSize(): Promise<number | undefined> {
    return Promise.resolve(undefined)
  }
  mediaDuration(): Promise<number | undefined> {
    return Promise.resolve(undefined)
  }
}

/** A lesson whose messages are all loaded. */
export function lesson(key: string, messages: LessonMessage[]): PlaylistSource {
  return { key, title: key, coverImgUrl: '', messages, loadEnd: true, loadMore: () => Promise.resolve() }
}

export async function flush(): Promise<void> {
  for (let i = 0; i < 30; i++) await Promise.resolve()
}

/** A player over the fake engine, memory storage and a clock the test moves. */
export function listeningPlayer(initial: Record<string, string> = {}) {
  const engine = new ListeningEngine()
  const storage = memoryStorage(initial)
  const clock = { now: 1_000_000 }
  const player = new PlayerStore(engine, storage, () => clock.now)
  return { engine, storage, clock, player }
}
