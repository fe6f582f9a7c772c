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
  /** The login page outside WeChat; `redirect` is where the round trip comes back to (type 2 needs courseData). */
  loginUrl: endpoint<{ type: LoginUrlType; courseData?: string; redirect?: string }, ObjectData<LoginUrlData>>(
    '/wmim/course/v2/loginUrl/get.do',
    { type: 'required', courseData: 'optional', redirect: 'optional' },
  ),
  /**
   * Mini-program login (no WeChat web OAuth there), with the `Taro.login()` code. The reference
   * server maps a code of the form `dev:<wmid>` to that seeded user and any other to the visitor.
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
  /** `encryptData` is the JSON text of a PhoneBindPayload. */
  bindPhone: endpoint<{ encryptData: string; loginData: string }, ObjectData<SessionData>>(
    '/wmim/course/v2/phone/bind.do',
    { encryptData: 'required', loginData: 'required' },
  ),
} as const
