/**
 * Issue 34 item 1: every call says the app's language (Accept-Language), so the server's refusals,
 * which the app shows as they come, are in the language of the screen on both builds. Fakes stand
 * in for the platform edge only (the request).
 */
import { createClient, type RawResponse, type TransportDeps } from '../../../src/api/client'

function setup(language: (() => string) | undefined, prefetchFirst = false) {
  const sent: Record<string, string>[] = []
  const deps: TransportDeps = {
    baseUrl: () => 'http://api.test',
    request: async ({ headers }): Promise<RawResponse> => {
      sent.push(headers)
      return { statusCode: 200, data: { code: 200, msg: 'success', data: null } }
    },
    toast: () => undefined,
    goProfile: () => undefined,
    goVipAlert: () => undefined,
    sessionHeaders: () => ({ userid: 'u1', token: 't1' }),
    clearSession: () => undefined,
    messages: { networkError: () => '网络请求异常', timeout: () => '请求超时', badResponse: () => '加载失败' },
    language,
  }
  const client = createClient(deps)
  if (prefetchFirst) client.prefetch('/wmim/course/v2/query/info.do', { courseData: 'abc' })
  return { client, sent }
}

describe('the language of a call', () => {
  // a prefetch keeps its answer for REQUEST_TIMEOUT_MS: no real timer outlives the test
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it.each(['zh-CN', 'en'])('sends the app language %s as Accept-Language, beside the session', async (language) => {
    const { client, sent } = setup(() => language)
    await client.post('/wmim/course/v2/query/info.do', { courseData: 'abc' })
    expect(sent).toEqual([{ 'content-type': 'application/x-www-form-urlencoded', 'accept-language': language, userid: 'u1', token: 't1' }])
  })

  it('asks the language at each call: a language picked later goes with the next call', async () => {
    let language = 'zh-CN'
    const { client, sent } = setup(() => language)
    await client.post('/a.do')
    language = 'en'
    await client.post('/a.do')
    expect(sent.map((headers) => headers['accept-language'])).toEqual(['zh-CN', 'en'])
  })

  it('a prefetched call carries it too, and its answer is taken by the same call', async () => {
    const { client, sent } = setup(() => 'en', true)
    await client.post('/wmim/course/v2/query/info.do', { courseData: 'abc' })
    expect(sent).toHaveLength(1)
    expect(sent[0]['accept-language']).toBe('en')
  })

  it('leaves the header to the platform when the edge gives no language', async () => {
    const { client, sent } = setup(undefined)
    await client.post('/a.do')
    expect(sent[0]).not.toHaveProperty('accept-language')
  })
})
