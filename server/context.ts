import type { Db } from './core/sql'
import type { WechatCredentials } from './core/wechat'
import type { Identity } from './login/identity'
import type { RoomRelay } from './chatroom/relay'
import type { Repositories } from './repositories'
import type { IflytekConfig } from './speech/routes'
import type { OutsideFetch } from './outside/fetch'
import type { WechatOauthClient } from './outside/wechatOauth/client'
import type { Payments } from './purchase/payments'
import type { SmsSender } from './outside/tencentSms/sender'
import type { NimRoom } from './outside/nim/room'
import type { JsapiTicketSource } from './outside/wechatToken/tickets'

/**
 * What every area's routes get, built once per app by server/app.ts: the database, every area's
 * repository, who a request speaks for, and the settings of this server.
 */
export interface AppContext {
  readonly db: Db
  readonly repos: Repositories
  readonly identity: Identity
  /** demo mode's development routes and the logins that rely on them */
  readonly dev: boolean
  /** signs pay parameters, checks payment notifications, signs share configs */
  readonly wechat: WechatCredentials
  /** carries the chat room's events to the other processes: Redis (REDIS_URL) or the cluster's IPC */
  readonly roomRelay: RoomRelay
  /** the instant the VIP campaign's window is checked against */
  readonly vipCampaignClock: () => number
  /** iFlytek IAT credentials; without them getIatAuth signs the local speech stand-in */
  readonly iflytek?: IflytekConfig
  /**
   * How outside services are reached (server/outside/fetch.ts): their base URLs are settings;
   * a path is a stand-in served by this app (demo mode), an absolute URL goes out to the provider
   */
  readonly outsideFetch: OutsideFetch
  /** sends SMS verification codes: Tencent Cloud SMS, its stand-in in demo mode */
  readonly smsSender: SmsSender
  /** the live chat on NetEase IM when NIM_* are set; none: this server's own chat room */
  readonly nimRoom?: NimRoom
  /** the official account's JS-SDK ticket, from WeChat (its stand-in in demo mode), cached in the database */
  readonly jsapiTickets: JsapiTicketSource
  /** WeChat Pay API v3 (server/purchase/payments.ts): its stand-in in demo mode; none when production has no pay settings */
  readonly payments?: Payments
  /** WeChat's login APIs (web authorisation, jscode2session): WeChat, or its stand-ins in demo mode */
  readonly wechatOauth: WechatOauthClient
  /** the key the native app's backend signs its users' bridge tokens with (server/login/appBridge.ts); none: app login refused */
  readonly appBridgeKey?: string
  /** the H5 site and the media fixtures */
  readonly mediaDir: string
  /** the older live viewer outside the app (LIVE_WEB_VIEWER; demo mode's default); off: every live is app-only */
  readonly liveWebViewer: boolean
  /** without LIVE_STREAM_ORIGIN, lives play this server's fixture stream: demo mode only; production answers that the live cannot play */
  readonly liveFixtureStream: boolean
}
