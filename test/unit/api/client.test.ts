import { ApiError, createCall, createClient, encodeForm, NETWORK_ERROR, REQUEST_TIMEOUT_MS, TIMEOUT, type RawResponse, type TransportDeps } from '../../../src/api/client'
import { createLessonApi, startLessonFirstCalls } from '../../../src/api/lesson'
import { LEGACY_LESSON_PAGE_SIZE, LESSON_PAGE_SIZE, lessonCalls } from '../../../types/lesson'

/** Fakes stand in for the platform edge only: Taro.request, toast, navigation and storage. */
function setup(respond: (url: string, body: string) => Promise<RawResponse> | RawResponse, headers: Record<string, string> = {}) {
  const calls: { url: string; body: string; headers: Record<string, string>; timeoutMs: number }[] = []
  const deps = {
    baseUrl: () => 'http://api.test',
    request: jest.fn(async (options: { url: string; body: string; headers: Record<string, string>; timeoutMs: number }) => {
      calls.push(options)
      return respond(options.url, options.body)
    }),
    toast: jest.fn(),
    goProfile: jest.fn(),
    goVipAlert: jest.fn(),
    sessionHeaders: () => headers,
    clearSession: jest.fn(),
    messages: { networkError: () => 'network request abnormal', timeout: () => 'timed out', badResponse: () => 'bad response' },
  } satisfies TransportDeps
  return { deps, calls, client: createClient(deps) }
}

const ok = (code: number, msg = '', data: unknown = {}): RawResponse => ({ statusCode: 200, data: { code, msg, data } })

describe('encodeForm', () => {
  it('encodes as application/x-www-form-urlencoded, skipping undefined and null', () => {
    expect(encodeForm({ page: 1, courseData: 'a b&c=d', coursePass: undefined, x: null, flag: false })).toBe(
      'page=1&courseData=a+b%26c%3Dd&flag=false',
    )
  })

  it('keeps unicode and plus signs round-trippable', () => {
    const encoded = encodeForm({ name: '课程 1+1' })
    expect(decodeURIComponent(encoded.split('=')[1].replace(/\+/g, ' '))).toBe('课程 1+1')
  })

  it('encodes an empty body as an empty string', () => {
    expect(encodeForm({})).toBe('')
  })
})

describe('createClient().post', () => {
  it('POSTs the form body to base host + path with the session headers', async () => {
    const { client, calls } = setup(() => ok(200), { userid: 'u1', token: 't1' })
    await client.post('/wmim/course/v2/query/info.do', { courseData: 'abc' })
    expect(calls).toHaveLength(1)
    expect(calls[0].url).toBe('http://api.test/wmim/course/v2/query/info.do')
    expect(calls[0].body).toBe('courseData=abc')
    expect(calls[0].headers).toEqual({ 'content-type': 'application/x-www-form-urlencoded', userid: 'u1', token: 't1' })
    expect(calls[0].timeoutMs).toBe(5000)
  })

  it("sends a call's own session headers in place of the stored session's (the admin viewers' token)", async () => {
    const { client, calls } = setup(() => ok(200), { userid: 'u1', token: 't1' })
    await client.post('/wmim/course/admin/message/query/list.do', { data: 'd' }, { headers: { userid: 'wm_admin', token: 'token-admin' } })
    await client.post('/wmim/course/v2/query/info.do', { courseData: 'abc' })
    expect(calls.map((c) => c.headers)).toEqual([
      { 'content-type': 'application/x-www-form-urlencoded', userid: 'wm_admin', token: 'token-admin' },
      { 'content-type': 'application/x-www-form-urlencoded', userid: 'u1', token: 't1' },
    ])
  })

  it('resolves code 200 with the envelope', async () => {
    const { client, deps } = setup(() => ok(200, 'ok', { object: { a: 1 } }))
    await expect(client.post('/x')).resolves.toEqual({ code: 200, msg: 'ok', data: { object: { a: 1 } } })
    expect(deps.toast).not.toHaveBeenCalled()
  })

  it('parses an envelope that arrives as a JSON string', async () => {
    const { client } = setup(() => ({ statusCode: 200, data: JSON.stringify({ code: 200, msg: '', data: { array: [1] } }) }))
    await expect(client.post('/x')).resolves.toMatchObject({ data: { array: [1] } })
  })

  it.each([404, 505])('hands code %i to the caller without a toast', async (code) => {
    const { client, deps } = setup(() => ok(code, 'server says'))
    await expect(client.post('/x')).resolves.toMatchObject({ code })
    expect(deps.toast).not.toHaveBeenCalled()
    expect(deps.goProfile).not.toHaveBeenCalled()
  })

  it('on 601 clears the session, goes to /profile and rejects', async () => {
    const { client, deps } = setup(() => ok(601, 'login expired'))
    const err = await client.post('/x').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect((err as ApiError).code).toBe(601)
    expect(deps.clearSession).toHaveBeenCalledTimes(1)
    expect(deps.goProfile).toHaveBeenCalledTimes(1)
    expect(deps.toast).not.toHaveBeenCalled()
  })

  it('lets a caller take 601 itself (the lesson list redirects to the pay page)', async () => {
    const { client, deps } = setup(() => ok(601, 'buy first'))
    await expect(client.post('/x', {}, { passCodes: [601] })).resolves.toMatchObject({ code: 601 })
    expect(deps.clearSession).not.toHaveBeenCalled()
    expect(deps.goProfile).not.toHaveBeenCalled()
  })

  it('on 8 goes to /vipAlert and rejects', async () => {
    const { client, deps } = setup(() => ok(8, 'view limit'))
    await expect(client.post('/x')).rejects.toMatchObject({ code: 8 })
    expect(deps.goVipAlert).toHaveBeenCalledTimes(1)
    expect(deps.goProfile).not.toHaveBeenCalled()
  })

  it('toasts the server message for 1 s on any other code and rejects with it', async () => {
    const { client, deps } = setup(() => ok(500, 'database on fire'))
    await expect(client.post('/x')).rejects.toMatchObject({ code: 500, message: 'database on fire' })
    expect(deps.toast).toHaveBeenCalledWith('database on fire', 1000)
  })

  it('does not toast when the caller asks for silence, but still rejects', async () => {
    const { client, deps } = setup(() => ok(403, 'wrong password'))
    await expect(client.post('/x', {}, { silent: true })).rejects.toMatchObject({ code: 403, message: 'wrong password' })
    expect(deps.toast).not.toHaveBeenCalled()
  })

  it('toasts a network failure once as "network request abnormal" and rejects with it', async () => {
    const { client, deps } = setup(() => Promise.reject(new Error('ECONNREFUSED')))
    await expect(client.post('/x')).rejects.toMatchObject({ code: NETWORK_ERROR, message: 'network request abnormal' })
    expect(deps.toast.mock.calls).toEqual([['network request abnormal', 1000]])
  })

  it('leaves a network failure to a silent caller, which shows it on its screen', async () => {
    const { client, deps } = setup(() => Promise.reject(new Error('ECONNREFUSED')))
    await expect(client.post('/x', {}, { silent: true })).rejects.toMatchObject({ code: NETWORK_ERROR })
    expect(deps.toast).not.toHaveBeenCalled()
  })

  it('rejects a body that is not an envelope (HTML error page) and says so', async () => {
    const { client, deps } = setup(() => ({ statusCode: 502, data: '<html>Bad gateway</html>' }))
    await expect(client.post('/x')).rejects.toMatchObject({ code: 502, message: 'bad response' })
    expect(deps.toast).toHaveBeenCalledWith('bad response', 1000)
  })

  describe('timeout', () => {
    beforeEach(() => jest.useFakeTimers())
    afterEach(() => jest.useRealTimers())

    it('rejects after 5 s when the server does not answer, and not before', async () => {
      const { client } = setup(() => new Promise<RawResponse>(() => undefined))
      let settled: unknown
      const pending = client.post('/slow').then(
        () => (settled = 'resolved'),
        (e: unknown) => (settled = e),
      )
      await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1)
      expect(settled).toBeUndefined()
      await jest.advanceTimersByTimeAsync(1)
      await pending
      expect(settled).toBeInstanceOf(ApiError)
      expect((settled as ApiError).code).toBe(TIMEOUT)
    })

    it('toasts the timeout once', async () => {
      const { client, deps } = setup(() => new Promise<RawResponse>(() => undefined))
      const pending = expect(client.post('/slow')).rejects.toMatchObject({ code: TIMEOUT, message: 'timed out' })
      await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS)
      await pending
      expect(deps.toast.mock.calls).toEqual([['timed out', 1000]])
    })

    it('reports a request that gave up on its own timer as a timeout, not a network failure (issue 30 item 14)', async () => {
      const timedOut = Object.assign(new Error('no answer'), { name: 'TimeoutError' })
      const { client, deps } = setup(() => Promise.reject(timedOut))
      await expect(client.post('/wmim/info.do')).rejects.toMatchObject({ code: TIMEOUT, message: 'timed out' })
      expect(deps.toast.mock.calls).toEqual([['timed out', 1000]])
    })

    it('reports a prefetched request that times out before the page asks as a timeout (a lesson info answering after 6 s)', async () => {
      const { client, deps } = setup(
        () =>
          new Promise<RawResponse>((_, reject) => {
            // the platform's own timer (src/platform/http) runs from when the early request was sent
            setTimeout(() => reject(Object.assign(new Error('no answer'), { name: 'TimeoutError' })), REQUEST_TIMEOUT_MS)
          }),
      )
      client.prefetch('/wmim/info.do', { courseData: 'slow' })
      await jest.advanceTimersByTimeAsync(300)
      const pending = expect(client.post('/wmim/info.do', { courseData: 'slow' })).rejects.toMatchObject({ code: TIMEOUT, message: 'timed out' })
      await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS)
      await pending
      expect(deps.toast.mock.calls).toEqual([['timed out', 1000]])
    })

    it('leaves no timer behind after a fast answer', async () => {
      const { client } = setup(() => ok(200))
      await client.post('/fast')
      expect(jest.getTimerCount()).toBe(0)
    })
  })
})

describe('createCall', () => {
  it('POSTs the endpoint\'s fields to its path, leaving out absent optional ones', async () => {
    const { client, calls } = setup(() => ok(200, '', { msgTimestamp: 5, picArray: [], isNextData: 0 }))
    const call = createCall(client.post)
    const res = await call(lessonCalls.pictures, { msgTimestamp: 0, pageSize: 40, courseData: 'c 1', coursePass: undefined })
    expect(calls.map((c) => [c.url, c.body])).toEqual([
      ['http://api.test/wmim/course/v2/message/picture/list.do', 'msgTimestamp=0&pageSize=40&courseData=c+1'],
    ])
    expect(res).toEqual({ code: 200, msg: '', data: { msgTimestamp: 5, picArray: [], isNextData: 0 } })
  })

  it('hands the request options to the transport', async () => {
    const { client, deps } = setup(() => ok(403, 'wrong password'))
    const call = createCall(client.post)
    await expect(call(lessonCalls.apply, { data: 'c' }, { silent: true })).rejects.toMatchObject({ code: 403, path: '/wmim/course/apply.do' })
    expect(deps.toast).not.toHaveBeenCalled()
  })
})

describe('createClient().prefetch', () => {
  it('sends at once, and the same post a moment later takes that answer instead of sending again', async () => {
    const { client, calls } = setup(() => ok(200, 'early', { n: 1 }), { userid: 'u1', token: 't1' })
    client.prefetch('/wmim/x.do', { courseData: 'abc' })
    expect(calls).toHaveLength(1)
    await expect(client.post('/wmim/x.do', { courseData: 'abc' })).resolves.toEqual({ code: 200, msg: 'early', data: { n: 1 } })
    expect(calls).toHaveLength(1)
  })

  it('gives its answer once: the next post of the same request sends again', async () => {
    const { client, calls } = setup(() => ok(200))
    client.prefetch('/wmim/x.do', { page: 1 })
    await client.post('/wmim/x.do', { page: 1 })
    await client.post('/wmim/x.do', { page: 1 })
    expect(calls).toHaveLength(2)
  })

  it('is not taken by a post with another body or other session headers', async () => {
    const headers: Record<string, string> = {}
    const { client, calls } = setup(() => ok(200), headers)
    client.prefetch('/wmim/x.do', { page: 1 })
    await client.post('/wmim/x.do', { page: 2 })
    headers.token = 'logged-in-since'
    await client.post('/wmim/x.do', { page: 1 })
    expect(calls.map((c) => [c.body, c.headers.token])).toEqual([
      ['page=1', undefined],
      ['page=2', undefined],
      ['page=1', 'logged-in-since'],
    ])
  })

  it('hands a failed early request to the post that takes it, as that post would have failed', async () => {
    const { client, deps } = setup(() => Promise.reject(new Error('offline')))
    client.prefetch('/wmim/x.do', {})
    await expect(client.post('/wmim/x.do', {})).rejects.toMatchObject({ code: NETWORK_ERROR, message: 'network request abnormal' })
    expect(deps.request).toHaveBeenCalledTimes(1)
  })

  it('drops an answer nobody took within the request timeout', async () => {
    jest.useFakeTimers()
    try {
      const { client, calls } = setup(() => ok(200))
      client.prefetch('/wmim/x.do', {})
      jest.advanceTimersByTime(REQUEST_TIMEOUT_MS)
      const answer = client.post('/wmim/x.do', {})
      await jest.advanceTimersByTimeAsync(0)
      await answer
      expect(calls).toHaveLength(2)
    } finally {
      jest.useRealTimers()
    }
  })
})

describe('startLessonFirstCalls', () => {
  it.each([
    [{ kind: 'v2', courseData: 'demo-open' }, LESSON_PAGE_SIZE],
    [{ kind: 'legacy', data: 'legacy-open' }, LEGACY_LESSON_PAGE_SIZE],
  ] as const)('sends exactly the calls the lesson opens with (%o, pages of %d): info and page 1 are not sent twice', async (handle, pageSize) => {
    const { client, calls } = setup((url) => ok(200, '', url.endsWith('list.do') ? { array: [] } : { object: null }))
    startLessonFirstCalls(client.prefetch, handle)
    expect(calls).toHaveLength(2)
    const api = createLessonApi(client.post)
    await api.info(handle)
    await api.messages(handle, 1, { pageSize })
    expect(calls).toHaveLength(2)
  })
})
