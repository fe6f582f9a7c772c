import { createClient, type RawResponse, type TransportDeps } from '../../../../src/api/client'
import { createLiveApi } from '../../../../src/api/live'
import { LiveHomeStore } from '../../../../src/features/live/LiveHomeStore'
import type { ChatroomClient } from '../../../../src/im'
import type { LiveInfo } from '../../../../types/live'
import type { LoginData } from '../../../../types/login'

const INFO: LiveInfo = {
  courseData: 'live-english',
  title: '英语口语直播课',
  faceIcon: '',
  liveP: 1,
  liveF: 2990,
  duration: 0,
  watchCount: 1,
  isPlayBack: 0,
  privacyStatus: 3,
  nickname: '林老师',
  hostFaceIcon: '',
  wmid: 'wm_teacher',
  groupid: 'g',
  mediaType: 0,
  status: 1,
  beginTime: 0,
  playUrl: '',
  isSubscribe: 0,
  loginUrl: '',
  isAppOnly: 0,
  hasPlayBack: 0,
  isPlayPass: 0,
  watchData: null,
}

/** The live page's store over the real api and transport; only the request (the platform edge) is faked. */
function liveStore(login: LoginData | undefined) {
  const plays: URLSearchParams[] = []
  const deps: TransportDeps = {
    baseUrl: () => '',
    request: async ({ url, body }): Promise<RawResponse> => {
      if (url.endsWith('/play/info.do')) plays.push(new URLSearchParams(body))
      return { statusCode: 200, data: { code: 200, msg: '', data: { object: INFO } } }
    },
    toast: () => undefined,
    goProfile: () => undefined,
    goVipAlert: () => undefined,
    sessionHeaders: () => ({}),
    clearSession: () => undefined,
    messages: { networkError: () => 'network', timeout: () => 'timeout', badResponse: () => 'bad' },
  }
  const store = new LiveHomeStore({
    api: createLiveApi(createClient(deps).post, async () => ({})),
    login: () => login,
    signedIn: () => login !== undefined,
    createClient: (): ChatroomClient => {
      throw new Error('no room: the answer has no stream')
    },
    guestNick: () => '游客',
    notice: () => undefined,
    messageOf: String,
  })
  return { store, plays }
}

describe("the live page's stream call (spec 001 §7 getPayLiveUrl)", () => {
  it("sends the login data's fromType and the order the viewer has just paid the live with", async () => {
    const { store, plays } = liveStore({ loginData: 'login-buyer', isWeMaiUser: 1, fromType: 2 })
    store.setPaidOrder('LV1700000000000abcdef')
    await store.load('live-english', 'live')
    expect(plays.map((body) => Object.fromEntries(body))).toEqual([
      { courseData: 'live-english', fromType: '2', loginType: '1', orderNO: 'LV1700000000000abcdef', loginData: 'login-buyer' },
    ])
  })

  it('sends a guest as a guest, from a link, with no order', async () => {
    const { store, plays } = liveStore(undefined)
    await store.load('live-english', 'live')
    // a guest of a paid live is asked to log in or buy: nothing is asked of the server
    expect(plays).toEqual([])
    await store.watch()
    expect(plays.map((body) => Object.fromEntries(body))).toEqual([{ courseData: 'live-english', fromType: '1', loginType: '2' }])
  })
})
