import type { A11yGateway } from './types'

/** The mini-program's screen reader follows touch; there is no keyboard focus to move or hold. */
export const a11y: A11yGateway = {
  focusById() {},
  holdFocus() {
    return () => undefined
  },
}
