/**
 * The IAT websocket address, signed as iFlytek's IAT v2 API requires: HMAC-SHA256 with the API
 * secret over `host: …\ndate: …\nGET /v2/iat HTTP/1.1`, the authorization
 * `api_key="…", algorithm="hmac-sha256", headers="host date request-line", signature="…"`
 * base64-encoded, and authorization, date and host in the query. The reference server's stand-in
 * checks the same signature, so a client cannot tell the two apart.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

export interface IatKeys {
  apiKey: string
  apiSecret: string
}

/** iFlytek refuses a date more than 300 s away from its clock. */
export const MAX_CLOCK_SKEW_MS = 300_000

function signature(keys: IatKeys, host: string, date: string, path: string): string {
  const origin = `host: ${host}\ndate: ${date}\nGET ${path} HTTP/1.1`
  return createHmac('sha256', keys.apiSecret).update(origin).digest('base64')
}

function authorization(keys: IatKeys, host: string, date: string, path: string): string {
  const value = `api_key="${keys.apiKey}", algorithm="hmac-sha256", headers="host date request-line", signature="${signature(keys, host, date, path)}"`
  return Buffer.from(value).toString('base64')
}

/** `base` is the socket's origin and path (`wss://iat-api.xfyun.cn/v2/iat`); `now` the signing time. */
export function signIatUrl(base: string, keys: IatKeys, now: number): string {
  const url = new URL(base)
  const date = new Date(now).toUTCString()
  url.searchParams.set('authorization', authorization(keys, url.host, date, url.pathname))
  url.searchParams.set('date', date)
  url.searchParams.set('host', url.host)
  return url.toString()
}

/**
 * Whether a request to `path` with this query carries a signature of `keys` made within the
 * allowed skew of `now`. `host` is the Host header the request came with.
 */
export function verifyIatQuery(query: URLSearchParams, path: string, host: string, keys: IatKeys, now: number): boolean {
  const date = query.get('date')
  const given = query.get('authorization')
  if (!date || !given || query.get('host') !== host) return false
  const signedAt = Date.parse(date)
  if (!Number.isFinite(signedAt) || Math.abs(now - signedAt) > MAX_CLOCK_SKEW_MS) return false
  const expected = Buffer.from(authorization(keys, host, date, path))
  const actual = Buffer.from(given)
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}
