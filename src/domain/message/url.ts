/**
 * URL rules for everything a message puts into an image, audio, video or link.
 * No `URL` global: the mini-program runtime has none, so checks are plain string work
 * (and linear: payloads may hold megabyte strings).
 */

function isTrimmable(code: number): boolean {
  return code <= 0x20
}

/** Strips leading and trailing C0 controls and spaces, as browsers do before parsing a URL. */
function trimControls(s: string): string {
  let start = 0
  let end = s.length
  while (start < end && isTrimmable(s.charCodeAt(start))) start++
  while (end > start && isTrimmable(s.charCodeAt(end - 1))) end--
  return s.slice(start, end)
}

/**
 * Controls inside a URL are dropped by browser parsers ("/\t/evil" becomes "//evil") and a
 * backslash counts as a slash, so either could move a same-origin path to another host: the C0
 * controls (0x00-0x1f), DEL (0x7f) and the backslash (0x5c).
 */
function hasUnsafeChar(url: string): boolean {
  for (let i = 0; i < url.length; i += 1) {
    const code = url.charCodeAt(i)
    if (code <= 0x1f || code === 0x7f || code === 0x5c) return true
  }
  return false
}
const HTTP_URL = /^https?:\/\/[^/?#]/i
const PROTOCOL_RELATIVE = /^\/\/[^/?#]/
const ABSOLUTE_PATH = /^\/[^/]/

/**
 * Accepts http(s) URLs, protocol-relative `//host/...` (upgraded to https) and same-origin
 * absolute paths such as `/media/a.jpg` (served by the API host; the weapp side resolves them
 * against it). Anything else (`javascript:`, `data:`, `vbscript:`, relative paths) is undefined.
 */
export function safeUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const url = trimControls(value)
  if (hasUnsafeChar(url)) return undefined
  if (HTTP_URL.test(url)) return url
  if (PROTOCOL_RELATIVE.test(url)) return `https:${url}`
  if (ABSOLUTE_PATH.test(url)) return url
  return undefined
}

function trimLeadingSlashes(s: string): string {
  let start = 0
  while (start < s.length && s.charCodeAt(start) === 0x2f) start++
  return s.slice(start)
}

function trimTrailingSlashes(s: string): string {
  let end = s.length
  while (end > 0 && s.charCodeAt(end - 1) === 0x2f) end--
  return s.slice(0, end)
}

/** Joins URL parts with exactly one slash between them; empty parts are skipped. */
export function joinUrl(parts: readonly string[]): string {
  const last = parts.length - 1
  return parts
    .map((part, i) => {
      const head = i > 0 ? trimLeadingSlashes(part) : part
      return i < last ? trimTrailingSlashes(head) : head
    })
    .filter((part) => part.length > 0)
    .join('/')
}

/**
 * Spec 000 §9: the poster is the video's frame at offset 1 s when the file lives in the chat
 * app's own storage (message videos), at 0 otherwise (circle and space media on the CDN).
 */
export const POSTER_OFFSET_SECONDS = { nativeStorage: 1, other: 0 } as const

/**
 * Poster frame of a video through the storage's snapshot processor (Aliyun OSS syntax:
 * `x-oss-process=video/snapshot,t_<ms>,f_jpg,m_fast`; m_fast takes the nearest key frame).
 * The parameter is appended to any existing query and placed before a fragment.
 */
export function videoPosterUrl(url: string, nativeStorage: boolean): string {
  const offsetMs =
    (nativeStorage ? POSTER_OFFSET_SECONDS.nativeStorage : POSTER_OFFSET_SECONDS.other) * 1000
  const hashAt = url.indexOf('#')
  const base = hashAt === -1 ? url : url.slice(0, hashAt)
  const hash = hashAt === -1 ? '' : url.slice(hashAt)
  const separator = base.includes('?') ? '&' : '?'
  return `${base}${separator}x-oss-process=video/snapshot,t_${offsetMs},f_jpg,m_fast${hash}`
}

/** spec 000 §9: avatar thumbnails are resized to 100, 64 or 80x100 (width x height, px). */
export const AVATAR_THUMBNAIL = {
  /** a message row's avatar */
  row: { width: 100, height: 100 },
  /** the circle post author's */
  circle: { width: 64, height: 64 },
  /** a contact or group card's */
  card: { width: 80, height: 100 },
} as const

/**
 * An avatar asked for at thumbnail size through the storage's image processor (Aliyun OSS syntax:
 * `x-oss-process=image/resize,m_fill,w_<w>,h_<h>`; the reference server honours it for /media/).
 * A URL that already asks for processing, or is not a safe URL, is left as it is.
 */
export function avatarThumbnailUrl(url: string, size: { readonly width: number; readonly height: number }): string {
  if (safeUrl(url) === undefined || url.includes('x-oss-process=')) return url
  const hashAt = url.indexOf('#')
  const base = hashAt === -1 ? url : url.slice(0, hashAt)
  const hash = hashAt === -1 ? '' : url.slice(hashAt)
  const separator = base.includes('?') ? '&' : '?'
  return `${base}${separator}x-oss-process=image/resize,m_fill,w_${size.width},h_${size.height}${hash}`
}
