/**
 * Typing seam: the builds resolve `index.weapp.ts` / `index.h5.ts` by Taro's file suffixes,
 * the component tests resolve `index.h5.ts`.
 */
import type { ShareDeps, ShareGateway } from './types'

export type { ShareContent, ShareDeps, ShareGateway, ShareStep } from './types'
export declare function createShareGateway(deps: ShareDeps): ShareGateway
