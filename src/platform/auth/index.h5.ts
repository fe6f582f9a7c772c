import { toH5Path } from '../../domain/routes'
import { platformEnv } from '../env'
import type { AuthDeps, AuthGateway, LoginOutcome, LoginRequest } from './types'

/**
 * Where the login round trip comes back to. A purchase returns to the /lessonPay login return
 * (spec 001 §2), the one page that stores the login data and moves on to the course's pay page;
 * any other login returns to the page that started it.
 */
function returnUrl(courseData: string | undefined): string {
  const here = window.location.href.split('#')[0]
  return courseData ? new URL(toH5Path('LessonPay'), here).href : here
}

/**
 * Inside WeChat's browser the lesson info carries the OAuth URL (`loginUrl`); elsewhere, or when it
 * is missing, loginUrl/get.do answers one. Either way the page leaves and comes back through
 * /lessonPay?type=login&data=….
 */
export function createAuthGateway(deps: AuthDeps): AuthGateway {
  return {
    async login({ type, courseData, infoLoginUrl }: LoginRequest): Promise<LoginOutcome> {
      const url =
        platformEnv.inWechatBrowser() && infoLoginUrl
          ? infoLoginUrl
          : await deps.loginUrl(type, courseData, returnUrl(courseData))
      window.location.assign(url)
      return { kind: 'redirected' }
    },
  }
}
