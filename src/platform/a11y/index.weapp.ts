import { hooks, mergeInternalComponents } from '@tarojs/shared'
import { miniAriaPatch } from './miniAria'
import type { A11yGateway } from './types'

/** The runtime half of the aria patch (see miniAria.ts); the templates get theirs at build time. */
function installAria(): void {
  mergeInternalComponents(miniAriaPatch())
  // The mini-program's name for `role` is `aria-role`. Roles are set once, before a node is
  // first sent to the page, so mapping the first render's data is enough.
  hooks.tap('modifyHydrateData', (data: Record<string, unknown>) => {
    if (!('role' in data)) return
    data.ariaRole = data.role
    delete data.role
  })
}

/** The mini-program's screen reader follows touch; there is no keyboard focus to move or hold. */
export const a11y: A11yGateway = {
  installAria,
  focusById() {},
  holdFocus() {
    return () => undefined
  },
}
