/**
 * Wire types and calls of logging in (spec 000 §3, §7; spec 001 §3, §4): the WeChat login
 * round trip, the mini-program login, SMS codes and phone binding.
 */
import type { ObjectData } from './api'
import { endpoint } from './contract'

/**
 * Login data (spec 001 §3): what the WeChat login round trip leaves in the /lessonPay URL
 * (`/lessonPay?type=login&data=<JSON>`) and in storage. `loginData` is the opaque credential the
 * order and bind calls carry; `isWeMaiUser` 0 means a visitor who must bind a phone before paying.
 */
export interface LoginData {
  loginData: string
  isWeMaiUser: 0 | 1
  courseData?: string
  courseType?: number
  encryptKey?: string
  token?: string
  userid?: string
  fromType?: number
  nickname?: string
  faceIcon?: string
}

/**
 * GET: starts a WeChat web login (query `type`, `courseData`, `redirect`): binds the attempt to the
 * browser, then leaves for WeChat's authorisation, which comes back to WECHAT_LOGIN_RETURN_PATH.
 */
export const WECHAT_LOGIN_PATH = '/wmim/wechat/login'
export const WECHAT_LOGIN_RETURN_PATH = '/wmim/wechat/login/return'
/** GET: the sticker guide's authorisation of `d` (query `d`), back to /addFaceWM when done. */
export const WECHAT_STICKER_PATH = '/wmim/wechat/sticker'

/** loginUrl/get.do `type`: 1 profile (and lesson purchase), 2 live; it decides where the login returns. */
export type LoginUrlType = 1 | 2

/** data.object of loginCalls.loginUrl */
export interface LoginUrlData {
  loginUrl: string
}

/**
 * Code answered when a phone asks for another SMS code within SMS_RESEND_INTERVAL_MS of the last,
 * or a phone or a client is over its limit of codes (the message says how long to wait).
 */
export const SMS_TOO_SOON_CODE = 429
export const SMS_RESEND_INTERVAL_MS = 60_000

/** User session data (spec 000 §3): what phone binding answers; `userid`/`token` become session headers. */
export interface SessionData {
  token: string
  userid: string
  encryptKey: string
}

/**
 * What loginCalls.bindPhone's `encryptData` holds, as JSON text (the real backend encrypts it;
 * the reference server reads it as JSON).
 */
export interface PhoneBindPayload {
  phone: string
  interCode: string
  vcode: string
}

/** Country entry of the static country-code list (spec 000 §3). */
export interface CountryEntry {
  country_cn: string
  phone_code: string
}

export const loginCalls = {
  /**
   * Where the WeChat login starts (WECHAT_LOGIN_PATH on this server, which leaves for WeChat's
   * authorisation); `redirect` is where the round trip comes back to, a page of this site (type 2
   * needs courseData).
   */
  loginUrl: endpoint<{ type: LoginUrlType; courseData?: string; redirect?: string }, ObjectData<LoginUrlData>>(
    '/wmim/course/v2/loginUrl/get.do',
    { type: 'required', courseData: 'optional', redirect: 'optional' },
  ),
  /**
   * Mini-program login (no WeChat web OAuth there), with the `Taro.login()` code, which the server
   * exchanges through jscode2session (the session_key stays on the server). A code is good once.
   * Demo mode's stand-in reads a code `dev:<name>` as that persona (the demo's users by wmid) and
   * any other as the visitor (server/outside/wechatOauth/standin.ts).
   */
  weappLogin: endpoint<{ code: string }, ObjectData<LoginData>>('/wmim/course/v2/weapp/login.do', {
    code: 'required',
  }),
  /**
   * At most one code per phone per SMS_RESEND_INTERVAL_MS (else SMS_TOO_SOON_CODE). A missing
   * phone is answered like a wrong one; interCode defaults to 86.
   */
  sendSms: endpoint<{ phone?: string; interCode?: string }, null>('/wmim/course/v2/phone/sendSms.do', {
    phone: 'optional',
    interCode: 'optional',
  }),
  /**
   * The native app's web view: `userid` and `encryptData` as the bridge's getUserInfo answers them,
   * `encryptData` a token the app's backend signed (server/login/appBridge.ts has the contract).
   */
  appLogin: endpoint<{ userid: string; encryptData: string }, ObjectData<LoginData>>('/wmim/course/v2/app/login.do', {
    userid: 'required',
    encryptData: 'required',
  }),
  /** Ends this login on the server: the credential and the session headers' session (/profile logout). */
  logout: endpoint<{ loginData?: string }, null>('/wmim/course/v2/logout.do', { loginData: 'optional' }),
  /** `encryptData` is the JSON text of a PhoneBindPayload. */
  bindPhone: endpoint<{ encryptData: string; loginData: string }, ObjectData<SessionData>>(
    '/wmim/course/v2/phone/bind.do',
    { encryptData: 'required', loginData: 'required' },
  ),
} as const
