import { platformEnv } from '../env'
import type { AuthDeps, AuthGateway, LoginOutcome, LoginRequest } from './types'

/**
 * Inside WeChat's browser the lesson info carries the OAuth URL (`loginUrl`); elsewhere, or when it
 * is missing, loginUrl/get.do answers one. Either way the page leaves and comes back through
 * /lessonPay?type=login&data=….
 */
export function createAuthGateway(deps: AuthDeps): AuthGateway {
  return {
    async login({ type, courseData, infoLoginUrl }: LoginRequest): Promise<LoginOutcome> {
      const redirect = window.location.href.split('#')[0]
      const url =
        platformEnv.inWechatBrowser() && infoLoginUrl ? infoLoginUrl : await deps.loginUrl(type, courseData, redirect)
      window.location.assign(url)
      return { kind: 'redirected' }
    },
  }
}
