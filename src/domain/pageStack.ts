/** The page stack as both runtimes describe it: weapp pages have `route` + `options`; Taro H5 pages have `path`. */
export interface StackPage {
  route?: string
  path?: string
  options?: Readonly<Record<string, string | undefined>>
}

/** Taro's own bookkeeping parameter, never part of a link. */
const INTERNAL_PARAMS = new Set(['stamp', '$taroTimestamp'])

/** The URL that reopens the page below the top of `stack` (the last entry), or undefined. */
export function previousPageUrl(stack: readonly StackPage[]): string | undefined {
  const page = stack[stack.length - 1]
  if (!page) return undefined
  const route = page.route ?? page.path?.split('?')[0]
  if (!route) return undefined
  const options = page.options ?? {}
  const query = Object.keys(options)
    .filter((key) => !INTERNAL_PARAMS.has(key) && options[key] !== undefined)
    .map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(String(options[key]))}`)
    .join('&')
  const path = route.startsWith('/') ? route : `/${route}`
  return query ? `${path}?${query}` : path
}
