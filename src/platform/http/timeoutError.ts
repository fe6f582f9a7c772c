/**
 * What a request rejects with when its `timeoutMs` passed without an answer: an Error named
 * 'TimeoutError' (the name the browser's own `AbortSignal.timeout` gives), so the API client
 * reports a timeout as a timeout, never as a network failure (issue 30 item 14).
 */
export const TIMEOUT_ERROR_NAME = 'TimeoutError'

export function requestTimedOut(url: string, timeoutMs: number): Error {
  const err = new Error(`${url}: no answer within ${timeoutMs} ms`)
  err.name = TIMEOUT_ERROR_NAME
  return err
}
