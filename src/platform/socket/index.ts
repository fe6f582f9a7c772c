/**
 * Typing seam: the builds resolve `index.weapp.ts` / `index.h5.ts` by Taro's file suffixes.
 * Only src/im uses it, so it ships in the live package.
 */
import type { OpenSocket } from './types'

export type { ImSocket, OpenSocket, SocketHandlers } from './types'
export declare const openSocket: OpenSocket
