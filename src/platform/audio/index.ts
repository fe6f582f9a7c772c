/**
 * Typing seam: the builds resolve `index.weapp.ts` / `index.h5.ts` by Taro's file suffixes,
 * the component tests resolve `index.h5.ts`.
 */
import type { AudioEngine, DownloadAudio } from './types'

export type { AudioEngine, AudioEngineListener, AudioSource, DownloadAudio, DownloadProgress } from './types'
export declare const audioEngine: AudioEngine
export declare const downloadAudio: DownloadAudio
