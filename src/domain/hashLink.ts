import { resolvePath, toH5Path } from './routes'

/**
 * Links of the old site put the route in the hash (`/?from=singlemessage#/lesson/1?data=…`,
 * `/#/lessonPay/share/…`, `/#/welcome/…`); years of them sit in chats. The app keeps them working
 * by mapping such a link, on load, to the path the route table gives the same route and parameters.
 */

/**
 * Parameters WeChat appends to a shared link (`?from=singlemessage&isappinstalled=0`, and the
 * like). They name no page parameter, so they are dropped rather than carried into the page.
 */
export const SHARE_SUFFIX_PARAMS: ReadonlySet<string> = new Set([
  'from',
  'isappinstalled',
  'scene',
  'clicktime',
  'enterid',
  'nsukey',
  'wxfrom',
  'sharer_shareid',
  'sharer_sharetime',
])

/**
 * The path (with query) an old hash link stands for, or null when `url` (path, query and hash of
 * the address) is not one: the page is not the site root or the hash is not a route (`#top`).
 * A hash route the table does not know goes to the not-found page naming it.
 * The answer is always a path of this site: it starts with one '/' and never names another host.
 */
export function hashLinkTarget(url: string): string | null {
  const hashAt = url.indexOf('#')
  if (hashAt < 0) return null
  const outerPath = url.slice(0, hashAt).split('?')[0]
  const hashPath = url.slice(hashAt + 1).split(/[?#]/)[0]
  if ((outerPath !== '/' && outerPath !== '') || !hashPath.startsWith('/')) return null
  const resolved = resolvePath(url)
  if (!resolved) return toH5Path('NotFound', { path: hashPath })
  // null-prototype: a `__proto__` query key stays an ordinary key
  const params = Object.create(null) as Record<string, string>
  for (const [key, value] of Object.entries(resolved.params)) if (!SHARE_SUFFIX_PARAMS.has(key)) params[key] = value
  return toH5Path(resolved.route.name, params)
}
