import type { FastifyRequest } from 'fastify'
import { ResponseCode } from '../../types/api'
import { ApiRefusal } from '../core/envelope'
import type { AccountRecord, AccountRepository } from './data'

/** The user a request speaks for, proven by a live `sessions` row, never by a header alone. */
export interface Viewer {
  wmid: string
}

/**
 * Who a request speaks for, resolved the same way by every area: the session headers (`userid`
 * and `token`: the token must exist, be unexpired and belong to that userid; otherwise the
 * request is anonymous, and a forged userid gains nothing) and the login credential some calls
 * carry in their body (`loginData`).
 */
export interface Identity {
  /** The session's user, or null for an anonymous request. */
  readonly viewer: (request: FastifyRequest, now: number) => Promise<Viewer | null>
  /** The session's user; no live session answers 601. */
  readonly requireViewer: (request: FastifyRequest, now: number) => Promise<Viewer>
  /** The user behind a loginData credential; unknown or expired answers 601. */
  readonly loginUser: (loginData: string, now: number) => Promise<AccountRecord>
}

export function createIdentity(accounts: AccountRepository): Identity {
  const viewer = async (request: FastifyRequest, now: number): Promise<Viewer | null> => {
    const { userid, token } = request.headers
    if (typeof userid !== 'string' || typeof token !== 'string' || userid === '' || token === '') return null
    return (await accounts.sessionUser(token, userid, now)) ?? null
  }
  return {
    viewer,
    requireViewer: async (request, now) => {
      const found = await viewer(request, now)
      if (!found) throw ApiRefusal.say(ResponseCode.SessionExpired, 'loginExpired')
      return found
    },
    loginUser: async (loginData, now) => {
      const user = await accounts.userByLogin(loginData, now)
      if (!user) throw ApiRefusal.say(ResponseCode.SessionExpired, 'loginExpired')
      return user
    },
  }
}
