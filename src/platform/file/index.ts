/**
 * Typing seam: the builds resolve `index.weapp.ts` / `index.h5.ts` by Taro's file suffixes,
 * the component tests resolve `index.h5.ts`.
 */
import type { FilePlatform } from './types'

export type { FileOpenOutcome, FilePlatform, FileTarget } from './types'
export declare const filePlatform: FilePlatform
