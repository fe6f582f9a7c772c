import { ResponseCode } from '../../types/api'
import type { LiveFromType, LiveInfo, LivePlayBody, LiveSubscription } from '../../types/live'
import type { LoginData } from '../../types/login'
import { LIVE_SUBSCRIBE_PAGE_SIZE, LIVE_WATCH_COUNT_PATH, liveCalls } from '../../types/live'
import { createCall } from './client'
import type { Post } from './client'

export type { LiveInfo, LiveSubscription, LiveWatchData } from '../../types/live'
export { LIVE_PASSWORD_MIN_LENGTH, LIVE_SUBSCRIBE_PAGE_SIZE, LIVE_WATCH_COUNT_PATH } from '../../types/live'

/** spec 001 §3, §9: where the viewer came from, as the login data says it (1 or 2); 1 without one. */
export function liveFromType(login: LoginData | undefined): LiveFromType {
  return login?.fromType === 2 ? 2 : 1
}

/** One page of the subscription list; `end` on a short page or on 404 (spec 001 §4). */
export interface SubscriptionPage {
  items: LiveSubscription[]
  end: boolean
}

/**
 * The live calls of spec 001 §7 (types/live.ts maps each named call to its path). Failures reject
 * with the transport's ApiError, toasted unless the screen shows them itself (`silent`).
 */
export function createLiveApi(post: Post, getJson: (path: string) => Promise<unknown>) {
  const call = createCall(post)
  return {
    /** getLiveInfo: the public facts (app-only, replay, status); failures shown by the screen */
    async info(courseData: string, loginData: string | undefined): Promise<LiveInfo> {
      return (await call(liveCalls.info, { courseData, ...(loginData ? { loginData } : {}) }, { silent: true })).data.object
    },
    /**
     * getPayLiveUrl: the stream and the chat room, as the chat-app login (loginType 1) or a guest (2),
     * from where its login data says (fromType), with the order that has just paid for the live,
     * whose payment the server then confirms (`orderNO`). The server decides who watches.
     */
    async play(courseData: string, login: LoginData | undefined, orderNO?: string): Promise<LiveInfo> {
      const order = orderNO ? { orderNO } : {}
      const body: LivePlayBody = login
        ? { courseData, fromType: liveFromType(login), loginType: 1, ...order, loginData: login.loginData }
        : { courseData, fromType: 1, loginType: 2, ...order }
      return (await call(liveCalls.play, body, { silent: true })).data.object
    },
    /** getPlayBackLiveUrl: a wrong password is toasted with the server's message */
    async playback(courseData: string, playPass: string | undefined, loginData: string | undefined): Promise<LiveInfo> {
      const body = { courseData, ...(playPass ? { playPass } : {}), ...(loginData ? { loginData } : {}) }
      return (await call(liveCalls.playback, body)).data.object
    },
    /** getAdminLiveUrl: the session headers decide */
    async adminPlay(courseData: string): Promise<LiveInfo> {
      return (await call(liveCalls.adminPlay, { courseData }, { silent: true })).data.object
    },
    /** setLiveSubscribeState */
    async subscribe(wmid: string, loginData: string, on: boolean): Promise<void> {
      await call(liveCalls.subscribe, { wmid, loginData, isSubscribe: on ? 1 : 0 })
    },
    /** getLiveCountNum: the GET with a timestamp (never a cached answer); undefined when unreadable */
    async watchCount(groupid: string, now: number): Promise<number | undefined> {
      const answer = await getJson(`${LIVE_WATCH_COUNT_PATH}?groupid=${encodeURIComponent(groupid)}&t=${now}`)
      const count = typeof answer === 'object' && answer !== null ? (answer as { watchCount?: unknown }).watchCount : undefined
      return typeof count === 'number' && Number.isSafeInteger(count) && count >= 0 ? count : undefined
    },
    /** getLiveSubscribeList: pages of 10 from page 1; 404 is the end */
    async subscriptions(openid: string, page: number): Promise<SubscriptionPage> {
      const res = await call(liveCalls.subscriptions, { openid, page, pageSize: LIVE_SUBSCRIBE_PAGE_SIZE }, { silent: true })
      if (res.code !== ResponseCode.Ok || !res.data) return { items: [], end: true }
      return { items: res.data.array, end: res.data.array.length < LIVE_SUBSCRIBE_PAGE_SIZE }
    },
    /** wxSetLiveSubscribeState: resolves on code 200; any other answer rejects (and is toasted) */
    async setSubscription(openid: string, wmid: string, on: boolean): Promise<void> {
      const res = await call(liveCalls.wxSubscribe, { openid, wmid, isSubscribe: on ? 1 : 0 })
      if (res.code !== ResponseCode.Ok) throw new Error(res.msg)
    },
  }
}

export type LiveApi = ReturnType<typeof createLiveApi>
