import type { PlatformFirstScreen } from './types'

/** The mini-program starts from its own package: no page has a server-written first screen. */
export const firstScreen: PlatformFirstScreen = {
  dismiss() {},
  takeTap: () => undefined,
}
