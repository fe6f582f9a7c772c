import type { PlatformLocation } from './types'

/** Mini-program pages open by page path and are never framed. */
export const platformLocation: PlatformLocation = {
  adoptHashLink: () => undefined,
  insideFrame: () => false,
  showFramedNotice: () => undefined,
}
