import { resolvePath, toPageUrl } from '../../domain/routes'

/**
 * Where an album row's `courseUrl` opens: the app's own page when the link is one of its routes
 * (a lesson link of any host: the server answers absolute links), else undefined.
 */
export function lessonPageUrl(courseUrl: string): string | undefined {
  const match = /^(?:https?:\/\/[^/?#]+)?(\/[^#]*)/i.exec(courseUrl.trim())
  const resolved = match ? resolvePath(match[1]) : null
  if (!resolved) return undefined
  return toPageUrl(resolved.route.name, resolved.params)
}
