/**
 * Typing seam: the builds resolve `index.weapp.ts` / `index.h5.ts` by Taro's file suffixes,
 * the component tests resolve `index.h5.ts`.
 */
import type { PlatformVideo } from './types'

export type { PlatformVideo, PlayOutcome } from './types'
export declare const platformVideo: PlatformVideo
