/**
 * Typing seam for loading NetEase IM's chatroom SDK (nim-web-sdk-ng): each build resolves its own
 * variant. Only src/im uses it, so the SDK ships in the live package and nowhere else.
 */
import type { NimChatroomSdk } from './types'

export declare const loadNimChatroomSdk: () => Promise<NimChatroomSdk>
