import { existsSync } from 'node:fs'
import { resolve, sep } from 'node:path'

const MEDIA_PREFIX = '/media/'
const RESIZE_PROCESS = 'image/resize,'
const IMAGE_FILE = /\.(png|jpe?g)$/i
const MAX_SIDE = 4096

/**
 * The `key_value` options of one OSS processing step (`m_fill,w_64,h_64`), by key; a part with no
 * value (`m`) has none, and a later key wins over an earlier one.
 */
function stepOptions(step: string): Map<string, string | undefined> {
  return new Map(
    step.split(',').map((part): [string, string | undefined] => {
      const [key, value] = part.split('_', 2)
      return [key, value]
    }),
  )
}

/**
 * Stands in for OSS image resizing (`?x-oss-process=image/resize,m_fill,w_64,h_64`, which the app
 * sends for avatar thumbnails, spec 000 §9): names the thumbnail committed beside the image,
 * `avatar-teacher.w64h64.png`. Undefined when the URL asks for no resize or no such thumbnail
 * exists: the original is served then (the 100x100 avatars are their own 100 thumbnail).
 */
export function resizedImage(url: string, mediaDir: string): string | undefined {
  const queryAt = url.indexOf('?')
  if (queryAt === -1 || !url.startsWith(MEDIA_PREFIX)) return undefined
  const processing = new URLSearchParams(url.slice(queryAt + 1)).get('x-oss-process')
  const path = url.slice(MEDIA_PREFIX.length, queryAt)
  if (!processing?.startsWith(RESIZE_PROCESS) || !IMAGE_FILE.test(path)) return undefined
  const size = stepOptions(processing.slice(RESIZE_PROCESS.length))
  const width = Number(size.get('w'))
  const height = Number(size.get('h'))
  if (![width, height].every((side) => Number.isInteger(side) && side > 0 && side <= MAX_SIDE)) return undefined
  // still URL-encoded: sendFile decodes it as it does any request path
  const thumbnail = path.replace(IMAGE_FILE, `.w${width}h${height}.$1`)
  let file: string
  try {
    file = resolve(mediaDir, decodeURIComponent(thumbnail))
  } catch {
    return undefined
  }
  return file.startsWith(resolve(mediaDir) + sep) && existsSync(file) ? thumbnail : undefined
}
