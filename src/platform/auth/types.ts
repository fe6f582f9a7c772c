import type { LoginData, LoginUrlType } from '../../../types/login'

export interface LoginRequest {
  /** 1 profile or lesson purchase, 2 live (loginUrl/get.do `type`) */
  type: LoginUrlType
  courseData?: string
  /** the lesson info's WeChat OAuth URL, used inside WeChat's browser */
  infoLoginUrl?: string
  /**
   * H5: the round trip comes back to the page that started it (the live page's type 2 login), not
   * to the purchase's /lessonPay login return that a login naming a course otherwise takes
   */
  returnHere?: boolean
}

/** Either login data now (mini-program), or the page is leaving for the login round trip (H5). */
export type LoginOutcome = { kind: 'loggedIn'; data: LoginData } | { kind: 'redirected' }

export interface AuthDeps {
  weappLogin(code: string): Promise<LoginData>
  /** the native app's web view: the bridge's getUserInfo `userid` and `encryptData`, checked by the server */
  appLogin(userid: string, encryptData: string): Promise<LoginData>
  loginUrl(type: LoginUrlType, courseData: string | undefined, redirect?: string): Promise<string>
}

/**
 * How login data is obtained (spec 001 §3, §4). H5 in the native app's web view: the bridge's
 * getUserInfo, which the server checks (loginCalls.appLogin), answers it at once. Other H5: the
 * WeChat login round trip comes back to `<page>?type=login&data=<LoginData JSON>`, which stores it.
 * Mini-program: `Taro.login` and loginCalls.weappLogin (jscode2session on the server) answer it at once.
 */
export interface AuthGateway {
  login(request: LoginRequest): Promise<LoginOutcome>
}
