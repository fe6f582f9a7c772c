/**
 * H5 renders with Preact (config/index.ts). Taro's wrappers of its Stencil components copy every
 * prop onto the element as a property before the first update (`node['aria-pressed'] = true`), and
 * write an attribute only for a string value; Preact updates a prop that the element already has as
 * a property, not as an attribute. So a boolean or number ARIA state or data attribute would keep its
 * first value in the DOM (a playing voice announced as not pressed). Written as the string the
 * attribute holds, it reaches the attribute on every update, as React would render it.
 */
export function stringifyStateAttributes(props: Record<string, unknown>): void {
  for (const name of Object.keys(props)) {
    if (!name.startsWith('aria-') && !name.startsWith('data-')) continue
    const value = props[name]
    if (typeof value === 'boolean' || typeof value === 'number') props[name] = String(value)
  }
}
