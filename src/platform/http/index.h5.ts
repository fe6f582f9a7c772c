import type { Http, HttpResponse } from './types'
import { requestTimedOut } from './timeoutError'

/**
 * H5 sends HTTP with the browser's own fetch. Taro.request would bring its fetch and
 * AbortController polyfills into the first load of every page (issue 16: the JS before the first
 * message); every browser the site supports has both natively.
 */
async function answer(res: Response): Promise<HttpResponse> {
  const text = await res.text()
  let data: unknown = text
  try {
    data = JSON.parse(text)
  } catch {
    // not JSON: the client reads the text as a bad answer
  }
  return { statusCode: res.status, data }
}

async function send(url: string, init: RequestInit, timeoutMs: number): Promise<HttpResponse> {
  const abort = new AbortController()
  const timer = setTimeout(() => abort.abort(), timeoutMs)
  try {
    return await answer(await fetch(url, { ...init, signal: abort.signal }))
  } catch (err) {
    // our own abort is the timeout: say so (the client reports it as 'timed out', not as a network failure)
    throw abort.signal.aborted ? requestTimedOut(url, timeoutMs) : err
  } finally {
    clearTimeout(timer)
  }
}

export const http: Http = {
  post: ({ url, body, headers, timeoutMs }) => send(url, { method: 'POST', body, headers }, timeoutMs),
  getJson: async (url, timeoutMs) => {
    const res = await send(url, { method: 'GET' }, timeoutMs)
    if (res.statusCode < 200 || res.statusCode >= 300) throw new Error(`GET ${url}: HTTP ${res.statusCode}`)
    return res.data
  },
}
