import type { PlatformLocation } from './types'

/** Mini-program pages open by page path and are never framed. */
export const platformLocation: PlatformLocation = {
  adoptAddress: () => undefined,
  insideFrame: () => false,
  showFramedNotice: () => undefined,
}
