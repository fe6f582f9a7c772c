/**
 * Typing seam: the builds resolve `index.weapp.ts` / `index.h5.ts` by Taro's file suffixes,
 * the component tests resolve `index.h5.ts`.
 */
import type { A11yGateway } from './types'

export type { A11yGateway } from './types'
export declare const a11y: A11yGateway
