/**
 * Typing seam: the builds resolve `index.weapp.ts` / `index.h5.ts` by Taro's file suffixes,
 * the component tests resolve `index.h5.ts`.
 */
import type { KeyValueStorage } from '../storage/types'

/**
 * Storage for this visit only (spec 000 §3's session key, `lessonRqId`): the browser tab's
 * sessionStorage on H5, the mini-program's run (memory) in WeChat, which has no such storage.
 */
export declare const sessionStore: KeyValueStorage
