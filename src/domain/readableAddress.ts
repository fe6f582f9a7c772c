/**
 * Addresses the app cannot read. A link cut short in a chat ends in half a percent-sequence
 * (`/lesson/%E0%A4%A`, `/lessonPay/share/%E4%B8%/1`): Taro's H5 router runs `decodeURI` on the path,
 * throws `URIError: URI malformed` and leaves a blank page. An address over 16 KB is no link the app
 * wrote (the server's edge answers it only so that the app can say so). Both go to the not-found
 * page, which names the path and has a way home.
 */
import { decodeFully } from './routeParams'
import { toH5Path } from './routes'

/** Longer addresses are refused: Node's (and most servers') limit for a request line and headers. */
export const MAX_ADDRESS_LENGTH = 16 * 1024
/** How much of a refused path the not-found page shows. */
export const SHOWN_PATH_LENGTH = 200

/** The UTF-8 length a lead byte announces; 0 for a byte that cannot start a character. */
function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1
  if (lead >= 0xc2 && lead <= 0xdf) return 2
  if (lead >= 0xe0 && lead <= 0xef) return 3
  if (lead >= 0xf0 && lead <= 0xf4) return 4
  return 0
}

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text)
    return true
  } catch {
    return false
  }
}

/** A run of `%XX` triplets with every character that does not decode escaped ('%' -> '%25'). */
function repairRun(run: string): string {
  const triplets = run.match(/%[0-9A-Fa-f]{2}/g) ?? []
  let out = ''
  let i = 0
  while (i < triplets.length) {
    const length = sequenceLength(parseInt(triplets[i].slice(1), 16))
    const character = length > 0 && i + length <= triplets.length ? triplets.slice(i, i + length).join('') : ''
    if (character !== '' && decodes(character)) {
      out += character
      i += length
    } else {
      out += `%25${triplets[i].slice(1)}`
      i += 1
    }
  }
  return out
}

/**
 * `url` (path, query and hash) with every percent-sequence that does not decode escaped, so that
 * `decodeURI` and `decodeURIComponent` of it and of each of its parts never throw; null when it
 * already reads (nothing to change). Valid sequences, including encoded '/', '?' and '%', are kept
 * as they are. Never throws.
 */
export function readableAddress(url: string): string | null {
  if (decodes(url)) return null
  const repaired = url.replace(/(?:%[0-9A-Fa-f]{2})+|%/g, (match) => (match === '%' ? '%25' : repairRun(match)))
  return repaired === url ? null : repaired
}

/**
 * The not-found page naming `url`'s path (decoded where it decodes, at most SHOWN_PATH_LENGTH
 * characters) when `url` (path, query and hash) does not decode or is over MAX_ADDRESS_LENGTH;
 * null when the app can read it. Never throws.
 */
export function unreadableAddressTarget(url: string): string | null {
  if (url.length <= MAX_ADDRESS_LENGTH && decodes(url)) return null
  const path = decodeFully((readableAddress(url) ?? url).split(/[?#]/)[0])
  const shown = path.length > SHOWN_PATH_LENGTH ? `${path.slice(0, SHOWN_PATH_LENGTH)}…` : path
  return toH5Path('NotFound', { path: shown })
}
