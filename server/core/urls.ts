import type { FastifyRequest } from 'fastify'

/** A Host header that can go into a URL and a JSON string unescaped: name or IP, optional port. */
const SAFE_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

/**
 * `${protocol}://${host}` of the request, so the mini-program (which cannot resolve relative
 * URLs) and the H5 site both get absolute media URLs pointing at the server they called.
 */
export function publicOrigin(request: FastifyRequest): string {
  const host = SAFE_HOST.test(request.host) ? request.host : 'localhost'
  return `${request.protocol}://${host}`
}

/**
 * The URL of a raw request target (`/im/chatroom?x=1`, as an upgrade request carries it before any
 * route has parsed it), or null when it is none: a target such as `//[` makes `new URL` throw, and
 * a throw in an `upgrade` listener ends the process.
 */
export function requestTarget(target: string | undefined): URL | null {
  return URL.canParse(target ?? '/', 'http://local') ? new URL(target ?? '/', 'http://local') : null
}

/** Stored paths (`/media/a.png`) become absolute; full URLs and empty strings stay as they are. */
export function absoluteUrl(origin: string, path: string): string {
  return path.startsWith('/') && !path.startsWith('//') ? origin + path : path
}

/**
 * A JSON string value that is a stored media path (`"/media/…"`, or the bare domain `"/media"` of
 * circle posts), at any depth of JSON-in-JSON: nested payloads (reply `from`, material `data`,
 * content-JSON) escape their quotes once per level, so the opening quote may carry backslashes.
 */
const MEDIA_PATH = /((?:^|[:,[]\s*)\\*")\/media(?=\/|\\*")/g

/**
 * Makes the media paths of a stored payload absolute while keeping every other byte of it as
 * stored: payloads may be double-encoded or broken, and the client's parsers must see them so.
 */
export function absolutePayload(origin: string, obj: string): string {
  return obj.replace(MEDIA_PATH, `$1${origin}/media`)
}
