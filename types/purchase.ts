/**
 * Wire types of buying, logging in and sharing (spec 000 §3, §7; spec 001 §3, §4, §7).
 * Money is integer fen. The server's order state is the authority, never a client callback.
 */

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

/** POST /wmim/course/v2/loginUrl/get.do {type: 1 profile | 2 live, courseData, redirect?} -> data.object */
export interface LoginUrlData {
  loginUrl: string
}

/**
 * POST /wmim/course/v2/order/create.do {courseData, loginData, inviterWmid?, payType? (1 lesson, 2 live)}
 * -> data.object. `isBought` 1 means nothing to pay (already bought: the page marks it paid).
 * The other fields are WeChat pay parameters (`sign` is the paySign) for the JS bridge or
 * `requestPayment`, plus the order number the client polls.
 */
export interface PayConfig {
  appId: string
  timeStamp: string
  nonceStr: string
  package: string
  signType: string
  sign: string
  isBought: 0 | 1
  orderNO: string
  totalFee: number
  isShowjoinQrcode: 0 | 1
  joinQrcode: string
  joinGroupName: string
}

/** Order states the server reports: POST /wmim/course/v2/order/query.do {orderNO, loginData} -> data.object */
export interface OrderState {
  orderNO: string
  /** 0 created, 1 paid, 4 refunded */
  orderStatus: 0 | 1 | 4
  isShowjoinQrcode: 0 | 1
  joinQrcode: string
}

/**
 * Development payment sandbox (never in production builds' server config): completes an order
 * through the same handler a real payment notification reaches.
 * POST /dev/pay/sandbox/pay.do {orderNO} -> code 200 (paying twice is idempotent).
 */
export const SANDBOX_PAY_PATH = '/dev/pay/sandbox/pay.do'

/** POST /wmim/course/v2/phone/sendSms.do {phone, interCode} -> code (at most one per phone per 60 s). */
export interface SendSmsParams {
  phone: string
  interCode: string
}

/** Code answered when a phone asks for another SMS code within SMS_RESEND_INTERVAL_MS of the last. */
export const SMS_TOO_SOON_CODE = 429
export const SMS_RESEND_INTERVAL_MS = 60_000

/** User session data (spec 000 §3): what phone binding answers; `userid`/`token` become session headers. */
export interface SessionData {
  token: string
  userid: string
  encryptKey: string
}

/**
 * POST /wmim/course/v2/phone/bind.do {encryptData, loginData} -> data.object SessionData.
 * `encryptData` is the JSON text of {phone, interCode, vcode} (the real backend encrypts it;
 * the reference server reads it as JSON).
 */
export interface PhoneBindPayload {
  phone: string
  interCode: string
  vcode: string
}

/** Development only: GET /dev/sms/last.do?phone=&interCode= -> data.object {code} (tests read SMS codes here). */
export const DEV_SMS_PATH = '/dev/sms/last.do'

/** POST /wx/js/auth/get/share/config.do {registerUrl} -> data.object (code 505: skip share setup). */
export interface ShareConfig {
  appId: string
  timestamp: number
  nonceStr: string
  signature: string
}

/** Country entry of the static country-code list (spec 000 §3). */
export interface CountryEntry {
  country_cn: string
  phone_code: string
}

/**
 * Mini-program login (no WeChat web OAuth there): POST /wmim/course/v2/weapp/login.do {code}
 * with the `Taro.login()` code -> data.object LoginData. The reference server maps a code of
 * the form `dev:<wmid>` to that seeded user and any other code to the seeded visitor.
 */
export const WEAPP_LOGIN_PATH = '/wmim/course/v2/weapp/login.do'
