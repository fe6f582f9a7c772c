/**
 * Typing seam: the builds resolve `index.weapp.ts` / `index.h5.ts` by Taro's file suffixes,
 * the component tests resolve `index.h5.ts`. Only the speech page (misc package) uses it.
 */
import type { MicrophonePlatform } from './types'

export type { Microphone, MicrophoneHandlers, MicrophonePlatform } from './types'
export declare const microphone: MicrophonePlatform
