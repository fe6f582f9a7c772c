import Taro from '@tarojs/taro'
import type { AuthDeps, AuthGateway, LoginOutcome } from './types'

/** The mini-program has no web OAuth: its login code is exchanged for login data by the server. */
export function createAuthGateway(deps: AuthDeps): AuthGateway {
  return {
    async login(): Promise<LoginOutcome> {
      const { code } = await Taro.login()
      return { kind: 'loggedIn', data: await deps.weappLogin(code) }
    },
  }
}
