/**
 * Typing seam: the builds resolve `index.weapp.ts` / `index.h5.ts` by Taro's file suffixes,
 * the component tests resolve `index.h5.ts`.
 */
import type { LayoutPlatform } from './types'

export type { LayoutPlatform, LayoutRect, MeasuredRects } from './types'
export declare const layout: LayoutPlatform
