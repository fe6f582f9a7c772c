import { createClient, type RawResponse, type TransportDeps } from '../../../src/api/client'
import { createLessonApi } from '../../../src/api/lesson'
import { lessonInfo } from '../../fixtures/lessonInfo'

/** The lesson calls over the real transport; only the request (the platform edge) is faked. */
function lessonApi(answer: (path: string) => { code: number; msg?: string; data?: unknown }) {
  const calls: { path: string; body: string }[] = []
  const deps: TransportDeps = {
    baseUrl: () => '',
    request: async ({ url, body }): Promise<RawResponse> => {
      calls.push({ path: url, body })
      const { code, msg = '', data = null } = answer(url)
      return { statusCode: 200, data: { code, msg, data } }
    },
    toast: () => undefined,
    goProfile: () => undefined,
    goVipAlert: () => undefined,
    sessionHeaders: () => ({}),
    clearSession: () => undefined,
    messages: { networkError: () => 'network', timeout: () => 'timeout', badResponse: () => 'bad' },
  }
  return { api: createLessonApi(createClient(deps).post), calls }
}

describe('lesson api: info', () => {
  it('answers the full info of a lesson, from the v2 call', async () => {
    const info = lessonInfo({ courseName: 'Open' })
    const { api, calls } = lessonApi(() => ({ code: 200, data: { object: info } }))
    await expect(api.info({ kind: 'v2', courseData: 'demo-open' })).resolves.toEqual({ found: true, info })
    expect(calls).toEqual([{ path: '/wmim/course/v2/query/info.do', body: 'courseData=demo-open' }])
  })

  it('answers the title-only info of an illegal lesson as `illegal`, from the old call for an old link', async () => {
    const { api, calls } = lessonApi(() => ({ code: 200, data: { object: { illegal: 1, courseName: 'Suspended' } } }))
    await expect(api.info({ kind: 'legacy', data: 'legacy-illegal' })).resolves.toEqual({
      found: true,
      illegal: { illegal: 1, courseName: 'Suspended' },
    })
    expect(calls).toEqual([{ path: '/wmim/course/query/info.do', body: 'data=legacy-illegal' }])
  })

  it('answers not found for 404', async () => {
    const { api } = lessonApi(() => ({ code: 404, msg: 'course does not exist' }))
    await expect(api.info({ kind: 'v2', courseData: 'nope' })).resolves.toEqual({ found: false })
  })
})

describe('lesson api: messages', () => {
  const page = { code: 200, data: { array: [] } }

  it.each([
    ['a v2 link', { kind: 'v2', courseData: 'c' } as const, {}, '/wmim/course/v2/message/list.do', 'page=2&pageSize=20&courseData=c&coursePass=8888'],
    ['an old link', { kind: 'legacy', data: 'd' } as const, {}, '/wmim/course/message/query/list.do', 'page=2&pageSize=20&data=d&coursePass=8888'],
    ['the free preview', { kind: 'v2', courseData: 'c' } as const, { freePreview: true }, '/wmim/course/v2/free/message/list.do', 'page=2&pageSize=20&courseData=c'],
    // an old link names no courseData, which the free list needs: its old list decides (601: buy first)
    ['the free preview of an old link', { kind: 'legacy', data: 'd' } as const, { freePreview: true }, '/wmim/course/message/query/list.do', 'page=2&pageSize=20&data=d&coursePass=8888'],
  ])('reads %s from its list call', async (_name, handle, options, path, body) => {
    const { api, calls } = lessonApi(() => page)
    await expect(api.messages(handle, 2, { coursePass: '8888', ...options })).resolves.toEqual({ kind: 'page', messages: [] })
    expect(calls).toEqual([{ path, body }])
  })

  it.each([
    [404, { kind: 'end' }],
    [601, { kind: 'mustPay' }],
    [403, { kind: 'passwordRejected', message: 'server says' }],
  ])('turns code %i into %o', async (code, expected) => {
    const { api } = lessonApi(() => ({ code, msg: 'server says' }))
    await expect(api.messages({ kind: 'v2', courseData: 'c' }, 1)).resolves.toEqual(expected)
  })
})
