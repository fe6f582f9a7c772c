/**
 * Typing seam: the builds resolve `index.weapp.ts` / `index.h5.ts` by Taro's file suffixes,
 * the component tests resolve `index.h5.ts`.
 */
import type { FileStorage } from './types'

export type { FileStorage, KeptFile } from './types'
export declare const fileStorage: FileStorage
