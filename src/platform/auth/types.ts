import type { LoginData, LoginUrlType } from '../../../types/login'

export interface LoginRequest {
  /** 1 profile or lesson purchase, 2 live (loginUrl/get.do `type`) */
  type: LoginUrlType
  courseData?: string
  /** the lesson info's WeChat OAuth URL, used inside WeChat's browser */
  infoLoginUrl?: string
}

/** Either login data now (mini-program), or the page is leaving for the login round trip (H5). */
export type LoginOutcome = { kind: 'loggedIn'; data: LoginData } | { kind: 'redirected' }

export interface AuthDeps {
  weappLogin(code: string): Promise<LoginData>
  loginUrl(type: LoginUrlType, courseData: string | undefined, redirect?: string): Promise<string>
}

/**
 * How login data is obtained (spec 001 §3, §4). H5: the login page redirects back to
 * `/lessonPay?type=login&data=<LoginData JSON>`, which stores it. Mini-program: `Taro.login` and
 * loginCalls.weappLogin (types/login.ts) answer it at once.
 */
export interface AuthGateway {
  login(request: LoginRequest): Promise<LoginOutcome>
}
