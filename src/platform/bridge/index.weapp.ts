import type { NativeBridge } from './types'

export type { NativeBridge, NativeFile, NativeUserInfo } from './types'

/** The mini-program is never the native app's web view: every call falls back. */
export const nativeBridge: NativeBridge = {
  available: () => false,
  getUserInfo: async () => null,
  openFileMsg: () => false,
  openVideo: () => false,
  openImg: () => false,
  photoMenu: () => false,
}
