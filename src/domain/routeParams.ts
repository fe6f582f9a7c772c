/**
 * Route and query parameters as links hand them over (spec 000 §2, 001 §2). Old links leave the words
 * 'undefined' and 'null' where a value was missing; H5 hands query values over decoded once, the
 * mini-program as written, and old links encode JSON twice. Nothing here throws: a broken link ends in an
 * error state, never a crash.
 */
import type { Checked } from './validation'

export type RouteParamKey = 'routeParam.missing' | 'routeParam.invalid'

/** A parameter that carries a value: trimmed; absent, blank, 'undefined' and 'null' are no value. */
export function presentParam(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const trimmed = value.trim()
  return trimmed === '' || trimmed === 'undefined' || trimmed === 'null' ? undefined : trimmed
}

/** One level of URI decoding; undefined for a malformed '%' sequence. */
function decodeOnce(text: string): string | undefined {
  try {
    return decodeURIComponent(text)
  } catch {
    return undefined
  }
}

/** How many times a link may have been encoded (the app encodes twice; a router may add a third). */
const MAX_DECODE_LEVELS = 3

/**
 * The first of `raw`, `raw` decoded once, twice, ... (at most `levels` decodings) that `accept` takes.
 * Stops early when decoding changes nothing or meets a malformed '%'. Trying before each decoding keeps
 * a value whose text legitimately contains '%' from being decoded once too often.
 */
export function decodeUntil(raw: string, accept: (text: string) => boolean, levels: number = MAX_DECODE_LEVELS): string | undefined {
  let text = raw
  for (let level = 0; ; level += 1) {
    if (accept(text)) return text
    const decoded = level < levels ? decodeOnce(text) : undefined
    if (decoded === undefined || decoded === text) return undefined
    text = decoded
  }
}

/** `raw` decoded until it no longer changes (at most `levels` times), for showing it to a person. */
export function decodeFully(raw: string, levels: number = MAX_DECODE_LEVELS): string {
  let text = raw
  for (let level = 0; level < levels; level += 1) {
    const decoded = decodeOnce(text)
    if (decoded === undefined || decoded === text) break
    text = decoded
  }
  return text
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** The JSON value of a parameter, URI-encoded up to `levels` times (default 2, as the app writes it). */
export function parseJsonParam(raw: string | null | undefined, levels = 2): Checked<unknown, RouteParamKey> {
  if (typeof raw !== 'string' || raw.trim() === '') return { ok: false, errorKey: 'routeParam.missing' }
  const text = decodeUntil(raw, parsesAsJson, levels)
  return text === undefined ? { ok: false, errorKey: 'routeParam.invalid' } : { ok: true, value: JSON.parse(text) as unknown }
}

/**
 * Why /profile was opened, when the transport sent the reader there (`?reason=`): after a 601 the
 * page says the login expired (issue 30 item 13); a normal visit carries no reason.
 */
export const PROFILE_REASON_LOGIN_EXPIRED = 'loginExpired'
