/**
 * Typing seam: the builds resolve `index.weapp.ts` / `index.h5.ts` by Taro's file suffixes,
 * the component tests resolve `index.h5.ts`.
 */
import type { NativeBridge } from './types'

export type { NativeBridge, NativeFile, NativeUserInfo } from './types'
export declare const nativeBridge: NativeBridge
