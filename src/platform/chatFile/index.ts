/**
 * Typing seam: the builds resolve `index.weapp.ts` / `index.h5.ts` by Taro's file suffixes,
 * the component tests resolve `index.h5.ts`.
 */
import type { ChatFilePlatform } from './types'

export type { ChatFilePlatform, ChunkResponse, PickedFile } from './types'
export declare const chatFilePlatform: ChatFilePlatform
