/**
 * Typing seam: the builds resolve `index.weapp.ts` / `index.h5.ts` by Taro's file suffixes,
 * the component tests resolve `index.h5.ts`.
 */
import type { ImagePlatform } from './types'

export type { ImagePlatform } from './types'
export declare const imagePlatform: ImagePlatform
