/**
 * Wire types and calls of the live area (spec 001 §2 /liveHome, /liveHomeAdmin, /liveSubscribeNoti;
 * §3 live info and live subscription item; §5, §6, §7, §9).
 *
 * The named calls of spec 001 §7 and the paths they use (the spec leaves the pairing open):
 *   getLiveInfo             -> info            /wmim/live/query/info.do            (public facts, no stream)
 *   getPayLiveUrl           -> play            /wmim/live/query/play/info.do       (the stream and the chat room)
 *   getPlayBackLiveUrl      -> playback        /wmim/live/playback/query/info.do   (the replay, password checked)
 *   getAdminLiveUrl         -> adminPlay       /wmim/live/admin/query/play/info.do (owner or admin session)
 *   setLiveSubscribeState   -> subscribe       /wmim/live/subscribe/updateSubscribe4Live.do (from a live)
 *   wxSetLiveSubscribeState -> wxSubscribe     /wmim/live/subscribe/updateSubscribe.do      (from /liveSubscribeNoti)
 *   getLiveSubscribeList    -> subscriptions   /wmim/live/subscribe/qrySubscribeList.do
 *   getLiveCountNum         -> LIVE_WATCH_COUNT_PATH, a GET with groupid and a timestamp
 */
import type { ArrayData, ObjectData } from './api'
import { endpoint } from './contract'

/** spec 001 §9: the subscription list pages by 10 from page 1; 404 ends it. */
export const LIVE_SUBSCRIBE_PAGE_SIZE = 10
/** spec 001 §5, §9: a replay password has at least 4 characters. */
export const LIVE_PASSWORD_MIN_LENGTH = 4
/** spec 001 §7: the watch count, a GET on the media host (`?groupid=…&t=<ms>`), answered `{ watchCount }`. */
export const LIVE_WATCH_COUNT_PATH = '/hls/watchCount'
/**
 * /liveSubscribeNoti's way in (spec 001 §2, §6): the official account's menu opens this GET, which
 * goes through WeChat's web authorisation to LIVE_SUBSCRIBE_RETURN_PATH, which opens the page with
 * `openid` set to the person's openid as the server signed it (expiring). The page passes that value
 * on as the `openid` of wxSubscribe and subscriptions; a bare openid opens nothing.
 */
export const LIVE_SUBSCRIBE_ENTRY_PATH = '/wx/live/subscribe/entry'
export const LIVE_SUBSCRIBE_RETURN_PATH = '/wx/live/subscribe/return'

/** The chat room a viewer enters (spec 001 §3 watchData): NetEase's when appKey is set, else the local room. */
export interface LiveWatchData {
  watchNickname: string
  watchFaceIcon: string
  /** '' for the local room */
  appKey: string
  /** '' for a guest */
  account: string
  /** '' for a guest */
  imToken: string
  chatroomId: string
  chatroomAddresses: string[]
}

/** 0 video, 1 audio only (shows the cover) */
export type LiveMediaType = 0 | 1
/** 0 not started, 1 live now, 2 ended */
export type LiveStatus = 0 | 1 | 2

/** Live info (spec 001 §3). `playUrl` and `watchData` are filled only by the play calls. */
export interface LiveInfo {
  courseData: string
  title: string
  /** the cover */
  faceIcon: string
  /** 1 paid */
  liveP: 0 | 1
  /** the fee in fen (0 when free) */
  liveF: number
  /** seconds the live ran (ended lives) */
  duration: number
  watchCount: number
  /** 1: this answer is the replay */
  isPlayBack: 0 | 1
  /** 1 free, 3 paid (as lessons) */
  privacyStatus: 1 | 3
  /** the host */
  nickname: string
  hostFaceIcon: string
  wmid: string
  groupid: string
  mediaType: LiveMediaType
  status: LiveStatus
  /** epoch ms */
  beginTime: number
  playUrl: string
  /** 1 when the logged-in viewer subscribes the host */
  isSubscribe: 0 | 1
  /** where a chat-app login starts (the app asks loginUrl type 2 for it); '' here */
  loginUrl: string
  /** 1: watchable only in the app (the current behaviour, spec 001 §2) */
  isAppOnly: 0 | 1
  /** 1: the live has a replay */
  hasPlayBack: 0 | 1
  /** 1: its replay needs a password */
  isPlayPass: 0 | 1
  watchData: LiveWatchData | null
}

/** spec 001 §3 live subscription item (the client adds isSubscribe and isLoading). */
export interface LiveSubscription {
  wmid: string
  nickname: string
  faceIcon: string
}

/** loginType 1 chat-app login, 2 guest (spec 001 §9) */
export type LiveLoginType = 1 | 2
/** spec 001 §3, §9 fromType: where the viewer came from (1 a shared link, 2 the app), as the login data says */
export type LiveFromType = 1 | 2

export interface LivePlayBody {
  courseData: string
  /** spec 001 §9 fromType 1/2: the login data's (1 for a guest); it opens nothing */
  fromType: number
  loginType: number
  /**
   * the viewer's own order that has just paid for this live: the server asks WeChat Pay about it
   * when its notification has not come; it opens nothing by itself
   */
  orderNO?: string
  /** the chat-app login; required for loginType 1 */
  loginData?: string
}

export const liveCalls = {
  info: endpoint<{ courseData: string; loginData?: string }, ObjectData<LiveInfo>>('/wmim/live/query/info.do', {
    courseData: 'required',
    loginData: 'optional',
  }),
  play: endpoint<LivePlayBody, ObjectData<LiveInfo>>('/wmim/live/query/play/info.do', {
    courseData: 'required',
    fromType: 'required',
    loginType: 'required',
    orderNO: 'optional',
    loginData: 'optional',
  }),
  playback: endpoint<{ courseData: string; playPass?: string; loginData?: string }, ObjectData<LiveInfo>>(
    '/wmim/live/playback/query/info.do',
    { courseData: 'required', playPass: 'optional', loginData: 'optional' },
  ),
  /** scoped to the session headers: the live's owner or one of its admins */
  adminPlay: endpoint<{ courseData: string }, ObjectData<LiveInfo>>('/wmim/live/admin/query/play/info.do', { courseData: 'required' }),
  subscribe: endpoint<{ wmid: string; loginData: string; isSubscribe: number }, null>('/wmim/live/subscribe/updateSubscribe4Live.do', {
    wmid: 'required',
    loginData: 'required',
    isSubscribe: 'required',
  }),
  /** `openid`: the signed value of the page's query (LIVE_SUBSCRIBE_ENTRY_PATH), here and in `subscriptions` */
  wxSubscribe: endpoint<{ openid: string; wmid: string; isSubscribe: number }, null>('/wmim/live/subscribe/updateSubscribe.do', {
    openid: 'required',
    wmid: 'required',
    isSubscribe: 'required',
  }),
  subscriptions: endpoint<{ openid: string; page: number; pageSize: number }, ArrayData<LiveSubscription>>(
    '/wmim/live/subscribe/qrySubscribeList.do',
    { openid: 'required', page: 'required', pageSize: 'required' },
  ),
} as const
