/**
 * Typing seam: the builds resolve `index.weapp.ts` / `index.h5.ts` by Taro's file suffixes.
 * src/im (the live package) and the speech page (the misc package) use it.
 */
import type { OpenSocket } from './types'

export type { ImSocket, OpenSocket, SocketHandlers } from './types'
export declare const openSocket: OpenSocket
