/**
 * Typing seam: the builds resolve `index.weapp.ts` / `index.h5.ts` by Taro's file suffixes,
 * the component tests resolve `index.h5.ts`.
 */
import type { FeedbackPlatform } from './types'

export type { FeedbackPlatform, ModalOptions, ToastOptions } from './types'
export declare const feedback: FeedbackPlatform
