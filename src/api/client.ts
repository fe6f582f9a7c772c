import type { ApiEnvelope } from '../../types/api'
import { ResponseCode } from '../../types/api'
import type { Endpoint, WireFields } from '../../types/contract'

/**
 * The one transport (spec 000 §7-8, docs/ARCHITECTURE.md "Which way data flows").
 * POST, form-encoded, 5 s timeout, in the app's language (Accept-Language: the server writes its
 * refusals in it). It owns the response codes:
 * - 200: resolves with the envelope;
 * - 404 and 505 (and any code the caller lists in `passCodes`): resolves, the caller decides;
 * - 601: clears the session and goes to /profile, then rejects;
 * - 8: goes to /vipAlert, then rejects;
 * - anything else: toasts the server's message (unless `silent`), then rejects with ApiError;
 * - network failure or timeout: toasts 'network request abnormal' / the timeout message (unless
 *   `silent`), then rejects with ApiError of code NETWORK_ERROR / TIMEOUT.
 * Every rejection is an ApiError, so callers can always show `err.message`. A caller that shows the
 * failure on its screen (an error state, a list footer, a dialog's error row) passes `silent`, so the
 * user gets one message for one failure, never a toast and the same text on the page.
 */

export const REQUEST_TIMEOUT_MS = 5000
export const TOAST_DURATION_MS = 1000
export const NETWORK_ERROR = -1
export const TIMEOUT = -2

export type FormValue = string | number | boolean | undefined | null
export type FormBody = Record<string, FormValue>

export interface RawResponse {
  statusCode: number
  data: unknown
}

/** The platform edge the client stands on; the app wires Taro, tests wire fakes. */
export interface TransportDeps {
  baseUrl: () => string
  /** Rejects with an Error named 'TimeoutError' when `timeoutMs` passed (src/platform/http), with anything else on a network failure. */
  request: (options: { url: string; body: string; headers: Record<string, string>; timeoutMs: number }) => Promise<RawResponse>
  toast: (message: string, durationMs: number) => void
  /** Where 601 and 8 send the user. */
  goProfile: () => void
  goVipAlert: () => void
  /** Session headers (userid, token) when logged in; cleared on 601. */
  sessionHeaders: () => Record<string, string>
  /**
   * The app's language ('zh-CN', 'en'), sent as Accept-Language with every call so the server's
   * messages are in the language of the screen; without it the platform's own header goes.
   */
  language?: () => string
  clearSession: () => void
  messages: { networkError: () => string; timeout: () => string; badResponse: () => string }
}

export interface RequestOptions {
  /** Codes handed to the caller instead of the default handling (e.g. the lesson list takes 601 itself). */
  passCodes?: readonly number[]
  /** Do not toast other codes, network failures or timeouts; the caller shows the error where it belongs. */
  silent?: boolean
  timeoutMs?: number
  /** Session headers of this call in place of the stored session's (the admin and complaint viewers' route token). */
  headers?: Readonly<Record<string, string>>
}

export class ApiError extends Error {
  readonly code: number
  readonly path: string
  constructor(code: number, message: string, path: string) {
    super(message)
    this.name = 'ApiError'
    this.code = code
    this.path = path
  }
}

/** `application/x-www-form-urlencoded` without URLSearchParams (absent from the mini-program's JS runtime). */
export function encodeForm(body: FormBody): string {
  return Object.keys(body)
    .filter((key) => body[key] !== undefined && body[key] !== null)
    .map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(String(body[key]))}`.replace(/%20/g, '+'))
    .join('&')
}

/** A request that gave up waiting (TransportDeps.request): a timeout, whichever timer fired first. */
function isTimeout(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'TimeoutError'
}

function isEnvelope(value: unknown): value is ApiEnvelope {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
}

function parseEnvelope(data: unknown): ApiEnvelope | null {
  if (typeof data === 'string') {
    try {
      const parsed: unknown = JSON.parse(data)
      return isEnvelope(parsed) ? parsed : null
    } catch {
      return null
    }
  }
  return isEnvelope(data) ? data : null
}

const HANDED_TO_CALLER: readonly number[] = [ResponseCode.NotFound, ResponseCode.ShareConfigUnavailable]

export type Post = <T>(path: string, body?: FormBody, options?: RequestOptions) => Promise<ApiEnvelope<T>>

/** Sends a request now so that the same `post` a moment later takes its answer (`createClient`). */
export type Prefetch = (path: string, body?: FormBody) => void

export function createClient(deps: TransportDeps): { post: Post; prefetch: Prefetch } {
  /**
   * Requests sent before anyone asked for them, by everything that makes them the same request
   * (URL, body, session headers). The first `post` of the same request takes the answer, once;
   * one nobody takes is dropped after REQUEST_TIMEOUT_MS.
   */
  const early = new Map<string, Promise<RawResponse>>()

  function prepare(
    path: string,
    body: FormBody,
    timeoutMs: number,
    sessionHeaders: Readonly<Record<string, string>> = deps.sessionHeaders(),
  ): { key: string; start: () => Promise<RawResponse> } {
    const url = deps.baseUrl() + path
    const form = encodeForm(body)
    const language = deps.language?.()
    const headers = { 'content-type': 'application/x-www-form-urlencoded', ...(language ? { 'accept-language': language } : {}), ...sessionHeaders }
    return {
      key: JSON.stringify([url, form, headers]),
      start: () =>
        deps.request({ url, body: form, headers, timeoutMs }).catch((err: unknown) => {
          if (err instanceof ApiError) throw err
          // a request sent early (prefetch) gives up on its own timer before this call's: still a timeout
          throw isTimeout(err) ? new ApiError(TIMEOUT, deps.messages.timeout(), path) : new ApiError(NETWORK_ERROR, deps.messages.networkError(), path)
        }),
    }
  }

  const prefetch: Prefetch = (path, body = {}) => {
    const { key, start } = prepare(path, body, REQUEST_TIMEOUT_MS)
    if (early.has(key)) return
    const answer = start()
    // a failure is reported to the `post` that takes it, never as an unhandled rejection
    answer.catch(() => undefined)
    early.set(key, answer)
    setTimeout(() => {
      if (early.get(key) === answer) early.delete(key)
    }, REQUEST_TIMEOUT_MS)
  }

  async function send(path: string, body: FormBody, timeoutMs: number, sessionHeaders?: Readonly<Record<string, string>>): Promise<RawResponse> {
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ApiError(TIMEOUT, deps.messages.timeout(), path)), timeoutMs)
    })
    const { key, start } = prepare(path, body, timeoutMs, sessionHeaders)
    const sentEarly = early.get(key)
    early.delete(key)
    const pending = sentEarly ?? start()
    try {
      return await Promise.race([pending, timeout])
    } finally {
      clearTimeout(timer)
    }
  }

  const post: Post = async <T>(path: string, body: FormBody = {}, options: RequestOptions = {}) => {
    let response: RawResponse
    try {
      response = await send(path, body, options.timeoutMs ?? REQUEST_TIMEOUT_MS, options.headers)
    } catch (err) {
      if (!options.silent && err instanceof ApiError) deps.toast(err.message, TOAST_DURATION_MS)
      throw err
    }
    const envelope = parseEnvelope(response.data)
    if (!envelope) {
      const err = new ApiError(response.statusCode || NETWORK_ERROR, deps.messages.badResponse(), path)
      if (!options.silent) deps.toast(err.message, TOAST_DURATION_MS)
      throw err
    }
    const { code } = envelope
    const msg = typeof envelope.msg === 'string' ? envelope.msg : ''
    if (code === ResponseCode.Ok || HANDED_TO_CALLER.includes(code) || options.passCodes?.includes(code)) {
      return envelope as ApiEnvelope<T>
    }
    if (code === ResponseCode.SessionExpired) {
      deps.clearSession()
      deps.goProfile()
    } else if (code === ResponseCode.ViewLimit) {
      deps.goVipAlert()
    } else if (!options.silent && msg) {
      deps.toast(msg, TOAST_DURATION_MS)
    }
    throw new ApiError(code, msg || deps.messages.badResponse(), path)
  }

  return { post, prefetch }
}

/** A call of the wire contract: the body must be the endpoint's, the envelope carries its answer. */
export type Call = <Body extends WireFields<Body>, Answer>(
  endpoint: Endpoint<Body, Answer>,
  body: NoInfer<Body>,
  options?: RequestOptions,
) => Promise<ApiEnvelope<Answer>>

function formOf<Body extends WireFields<Body>>(body: Body): FormBody {
  const form: FormBody = {}
  for (const name of Object.keys(body) as Array<keyof Body & string>) form[name] = body[name]
  return form
}

/** The typed call on top of the transport: every api module names its calls by their contract entry. */
export function createCall(post: Post): Call {
  return (endpoint, body, options) => post(endpoint.path, formOf(body), options)
}
