/**
 * Typing seam: the builds resolve `index.weapp.ts` / `index.h5.ts` by Taro's file suffixes,
 * the component tests resolve `index.h5.ts`.
 */
import type { AuthDeps, AuthGateway } from './types'

export type { AuthDeps, AuthGateway, LoginOutcome, LoginRequest } from './types'
export declare function createAuthGateway(deps: AuthDeps): AuthGateway
