/**
 * Typing seam: the builds resolve `index.weapp.ts` / `index.h5.ts` by Taro's file suffixes,
 * the component tests resolve `index.h5.ts`.
 */
import type { PlatformEnv } from './types'

export type { PlatformEnv } from './types'
export declare const platformEnv: PlatformEnv
