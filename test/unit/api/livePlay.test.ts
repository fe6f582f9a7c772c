import { createClient, type RawResponse, type TransportDeps } from '../../../src/api/client'
import { createLiveApi } from '../../../src/api/live'
import type { LoginData } from '../../../types/login'

/** getPayLiveUrl over the real transport; only the request (the platform edge) is faked. */
function liveApi() {
  const bodies: string[] = []
  const deps: TransportDeps = {
    baseUrl: () => '',
    request: async ({ body }): Promise<RawResponse> => {
      bodies.push(body)
      return { statusCode: 200, data: { code: 200, msg: '', data: { object: {} } } }
    },
    toast: () => undefined,
    goProfile: () => undefined,
    goVipAlert: () => undefined,
    sessionHeaders: () => ({}),
    clearSession: () => undefined,
    messages: { networkError: () => 'network', timeout: () => 'timeout', badResponse: () => 'bad' },
  }
  return { api: createLiveApi(createClient(deps).post, async () => ({})), bodies }
}

const login = (fields: Partial<LoginData> = {}): LoginData => ({ loginData: 'login-buyer', isWeMaiUser: 1, ...fields })

describe('live api: play (spec 001 §7 getPayLiveUrl)', () => {
  it("sends a guest as loginType 2 from a link (fromType 1), without a login or an order", async () => {
    const { api, bodies } = liveApi()
    await api.play('live-now', undefined)
    expect(bodies).toEqual(['courseData=live-now&fromType=1&loginType=2'])
  })

  it("sends the login data's fromType with its login, and the order that just paid for the live", async () => {
    const { api, bodies } = liveApi()
    await api.play('live-english', login({ fromType: 2 }), 'LV1700000000000abcdef')
    await api.play('live-english', login({ fromType: 1 }))
    expect(bodies).toEqual([
      'courseData=live-english&fromType=2&loginType=1&orderNO=LV1700000000000abcdef&loginData=login-buyer',
      'courseData=live-english&fromType=1&loginType=1&loginData=login-buyer',
    ])
  })

  it('sends fromType 1 for login data without one or with one the spec does not name', async () => {
    const { api, bodies } = liveApi()
    await api.play('live-now', login())
    await api.play('live-now', login({ fromType: 7 }))
    await api.play('live-now', login({ fromType: Number.NaN }))
    expect(bodies.map((body) => new URLSearchParams(body).get('fromType'))).toEqual(['1', '1', '1'])
  })

  it('sends no empty orderNO', async () => {
    const { api, bodies } = liveApi()
    await api.play('live-now', login(), '')
    expect(new URLSearchParams(bodies[0]).has('orderNO')).toBe(false)
  })
})
