import { toH5Path } from '../../domain/routes'
import { nativeBridge } from '../bridge'
import { platformEnv } from '../env'
import type { AuthDeps, AuthGateway, LoginOutcome, LoginRequest } from './types'

/**
 * Where the login round trip comes back to. A purchase returns to the /lessonPay login return
 * (spec 001 §2), the one page that stores the login data and moves on to the course's pay page;
 * any other login, and one that asks (`returnHere`), returns to the page that started it.
 */
function returnUrl(courseData: string | undefined, returnHere: boolean): string {
  const here = window.location.href.split('#')[0]
  return courseData && !returnHere ? new URL(toH5Path('LessonPay'), here).href : here
}

/**
 * Inside the native app's web view the app says who its user is (bridge getUserInfo, spec 000 §7)
 * and the server checks what it says: no round trip. Otherwise, inside WeChat's browser the lesson
 * info may carry the login URL (`loginUrl`); elsewhere, or when it is missing, loginUrl/get.do
 * answers one. Either way the page leaves for WeChat's authorisation and comes back through
 * `?type=login&data=…`. An app that answers nothing usable falls back to that round trip; an app
 * user the server refuses is told (the call's toast), not sent to WeChat.
 */
export function createAuthGateway(deps: AuthDeps): AuthGateway {
  return {
    async login({ type, courseData, infoLoginUrl, returnHere = false }: LoginRequest): Promise<LoginOutcome> {
      const appUser = nativeBridge.available() ? await nativeBridge.getUserInfo() : null
      if (appUser && appUser.encryptData) return { kind: 'loggedIn', data: await deps.appLogin(appUser.userid, appUser.encryptData) }
      const url =
        platformEnv.inWechatBrowser() && infoLoginUrl
          ? infoLoginUrl
          : await deps.loginUrl(type, courseData, returnUrl(courseData, returnHere))
      window.location.assign(url)
      return { kind: 'redirected' }
    },
  }
}
