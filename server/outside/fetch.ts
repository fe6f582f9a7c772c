import type { FastifyInstance } from 'fastify'

/**
 * How the server reaches an outside service (WeChat, WeChat Pay, Tencent Cloud SMS, NetEase IM).
 *
 * Each service's client builds its request from a base URL that is a setting: in production the
 * provider's address (`https://api.mch.weixin.qq.com`), in demo mode the path of its stand-in on
 * this very server (`/standin/wechat-pay`, server/outside/standins.ts). An absolute URL goes out
 * through the platform's fetch; a path is answered by this app's own routes through
 * `app.inject`, so demo mode and the tests send the same bytes through the same client code and
 * the same stand-in, with no socket and no port to know.
 */
export type OutsideFetch = (url: string, init?: RequestInit) => Promise<Response>

/** Headers as `inject` takes them: lower-case names, string values. */
function headerRecord(headers: HeadersInit | undefined): Record<string, string> {
  const record: Record<string, string> = {}
  new Headers(headers).forEach((value, name) => {
    record[name] = value
  })
  return record
}

/** A request body as `inject` takes it; streams are not something our clients send. */
function payload(body: RequestInit['body']): string | Buffer | undefined {
  if (body === undefined || body === null) return undefined
  if (typeof body === 'string') return body
  if (body instanceof URLSearchParams) return body.toString()
  if (body instanceof ArrayBuffer) return Buffer.from(body)
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength)
  throw new TypeError('outside fetch: send a string, URLSearchParams or bytes')
}

/**
 * Absolute URLs through `platformFetch`; paths (`/standin/…`) through `app.inject`. The global
 * fetch is looked up when an absolute URL is sent, not when the app is built: an app of a test
 * environment without it (jsdom, the mini-program tests) runs on its stand-ins.
 */
export function outsideFetch(app: FastifyInstance, platformFetch: OutsideFetch = (url, init) => fetch(url, init)): OutsideFetch {
  return async (url, init = {}) => {
    if (!url.startsWith('/')) return platformFetch(url, init)
    const headers = headerRecord(init.headers)
    const body = payload(init.body)
    if (init.body instanceof URLSearchParams && !headers['content-type']) {
      headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8'
    }
    const answer = await app.inject({
      method: (init.method ?? 'GET').toUpperCase() as 'GET',
      url,
      headers,
      ...(body === undefined ? {} : { payload: body }),
    })
    const answerHeaders = new Headers()
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue
      for (const one of Array.isArray(value) ? value : [String(value)]) answerHeaders.append(name, one)
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers: answerHeaders })
  }
}
