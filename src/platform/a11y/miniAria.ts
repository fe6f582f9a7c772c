/**
 * WeChat's components read `aria-role`, `aria-label` and a few states, but Taro 4's mini-program
 * templates do not list them, so the attributes the UI sets never reach the page. The same patch
 * is applied at build time (config/miniA11y.ts extends the templates) and at run time
 * (index.weapp.ts extends the runtime's attribute table), so both number the attributes alike.
 * Plain TypeScript: the build config loads it too.
 */
export const MINI_ARIA_ATTRIBUTES = [
  'aria-role',
  'aria-label',
  'aria-hidden',
  'aria-checked',
  'aria-disabled',
  'aria-selected',
  'aria-valuemin',
  'aria-valuemax',
  'aria-valuenow',
] as const

/** The components the UI gives roles and names to. */
export const MINI_ARIA_COMPONENTS = ['View', 'Text', 'Button', 'Image'] as const

/** Taro's component patch: every attribute with no default value (Taro writes that as ''). */
export function miniAriaPatch(): Record<string, Record<string, string>> {
  const attributes = Object.fromEntries(MINI_ARIA_ATTRIBUTES.map((name) => [name, '']))
  return Object.fromEntries(MINI_ARIA_COMPONENTS.map((component) => [component, { ...attributes }]))
}
