/**
 * The H5 HTTP edge (src/platform/http/index.h5.ts) on the browser's fetch, which is faked here
 * (the platform edge): what the API client gets for JSON, text and a server error, and that a
 * request past its time is aborted and rejects as a timeout (an Error named 'TimeoutError').
 */
import { http } from '../../../src/platform/http'

type FetchArgs = [input: string, init: RequestInit]
const realFetch = globalThis.fetch

function fakeFetch(impl: (...args: FetchArgs) => Promise<Response>): jest.Mock {
  const fake = jest.fn(impl)
  globalThis.fetch = fake as unknown as typeof fetch
  return fake
}

const answer = (status: number, text: string): Response => ({ status, text: async () => text }) as Response

afterEach(() => {
  globalThis.fetch = realFetch
  jest.useRealTimers()
})

const call = { url: '/wmim/x.do', body: 'a=1&b=%E4%B8%AD', headers: { 'content-type': 'application/x-www-form-urlencoded', token: 't' }, timeoutMs: 5000 }

describe('H5 http.post', () => {
  it('POSTs the body and headers as given and answers the status with the parsed JSON', async () => {
    const fetched = fakeFetch(async () => answer(200, '{"code":200,"msg":"ok","data":{"n":1}}'))
    await expect(http.post(call)).resolves.toEqual({ statusCode: 200, data: { code: 200, msg: 'ok', data: { n: 1 } } })
    const [url, init] = fetched.mock.calls[0] as FetchArgs
    expect(url).toBe('/wmim/x.do')
    expect(init).toMatchObject({ method: 'POST', body: call.body, headers: call.headers })
  })

  it('answers a body that is not JSON as its text, with its status', async () => {
    fakeFetch(async () => answer(502, '<html>Bad Gateway</html>'))
    await expect(http.post(call)).resolves.toEqual({ statusCode: 502, data: '<html>Bad Gateway</html>' })
  })

  it('rejects when the network fails', async () => {
    fakeFetch(async () => Promise.reject(new TypeError('Failed to fetch')))
    await expect(http.post(call)).rejects.toThrow('Failed to fetch')
  })

  it('aborts a request still unanswered after timeoutMs, and rejects', async () => {
    jest.useFakeTimers()
    let signal: AbortSignal | undefined
    fakeFetch(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          signal = init.signal ?? undefined
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    )
    const pending = http.post({ ...call, timeoutMs: 300 })
    const settled = pending.then(
      () => 'answered',
      (err: Error) => err.name,
    )
    jest.advanceTimersByTime(299)
    expect(signal?.aborted).toBe(false)
    jest.advanceTimersByTime(1)
    // issue 30 item 14: a timeout, named as one, so the client says 'timed out' and not 'network request abnormal'
    await expect(settled).resolves.toBe('TimeoutError')
  })

  it('a GET past its time rejects as a timeout too', async () => {
    jest.useFakeTimers()
    fakeFetch(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    )
    const settled = http.getJson('/live/count.json', 300).then(
      () => 'answered',
      (err: Error) => err.name,
    )
    jest.advanceTimersByTime(300)
    await expect(settled).resolves.toBe('TimeoutError')
  })
})
