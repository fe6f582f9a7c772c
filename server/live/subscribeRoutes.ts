/**
 * How a person reaches /liveSubscribeNoti (spec 001 §2) with an identity nobody else can type in:
 * the official account's menu opens LIVE_SUBSCRIBE_ENTRY_PATH, which sends the browser to WeChat's
 * web authorisation (scope snsapi_base, no prompt inside WeChat); WeChat sends it back to
 * LIVE_SUBSCRIBE_RETURN_PATH with a code; the code is exchanged for the person's official-account
 * openid (WeChat's sns/oauth2/access_token, the stand-in in demo mode), and the browser goes on to
 * the page with that openid signed (subscribeLink.ts). The `state` sent to WeChat is random and
 * bound to the browser that opened the menu by an HttpOnly cookie: a return link crafted elsewhere
 * (someone else's code, to show a victim the attacker's list) is not followed. A refused or failed
 * authorisation, or WeChat's snapshot page, goes to the bare page, which asks the person to open it
 * from the menu.
 */
import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { LIVE_SUBSCRIBE_ENTRY_PATH, LIVE_SUBSCRIBE_RETURN_PATH } from '../../types/live'
import { toH5Path } from '../../src/domain/routes'
import { publicOrigin } from '../core/urls'
import { signMatches } from '../core/wechat'
import type { WechatOauthClient } from '../outside/wechatOauth/client'
import { signSubscribeLink } from './subscribeLink'

/** The cookie that holds the state this browser sent to WeChat; only the return path sees it. */
export const SUBSCRIBE_STATE_COOKIE = 'wxsub'
const STATE = /^[0-9a-f]{32}$/
const STATE_MAX_AGE_S = 600

function stateCookie(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=')
    if (name === SUBSCRIBE_STATE_COOKIE && value && STATE.test(value)) return value
  }
  return undefined
}

/** Sets (maxAge > 0) or clears the state cookie; Lax lets WeChat's top-level redirect back carry it. */
function setStateCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAge: number): void {
  const secure = request.protocol === 'https' ? '; Secure' : ''
  void reply.header('set-cookie', `${SUBSCRIBE_STATE_COOKIE}=${value}; Path=${LIVE_SUBSCRIBE_RETURN_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`)
}

export function subscribeRoutes(app: FastifyInstance, oauth: WechatOauthClient, linkKey: Buffer): void {
  const page = toH5Path('LiveSubscribeNoti')

  app.get(LIVE_SUBSCRIBE_ENTRY_PATH, async (request, reply) => {
    const state = randomBytes(16).toString('hex')
    setStateCookie(request, reply, state, STATE_MAX_AGE_S)
    return reply.header('cache-control', 'no-store').redirect(oauth.authorizeUrl(`${publicOrigin(request)}${LIVE_SUBSCRIBE_RETURN_PATH}`, 'snsapi_base', state), 302)
  })

  app.get<{ Querystring: { code?: string; state?: string } }>(
    LIVE_SUBSCRIBE_RETURN_PATH,
    { schema: { querystring: { type: 'object', properties: { code: { type: 'string', maxLength: 512 }, state: { type: 'string', maxLength: 128 } } } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store')
      const { code, state } = request.query
      const started = stateCookie(request)
      // once: the state is spent whatever the return brings
      if (started) setStateCookie(request, reply, '', 0)
      if (!code || !state || !started || !signMatches(state, started)) return reply.redirect(page, 302)
      let link: string
      try {
        const token = await oauth.exchangeCode(code)
        // WeChat's snapshot page answers a virtual openid: nobody's subscriptions
        if (token.snapshotUser) return reply.redirect(page, 302)
        link = signSubscribeLink(token.openid, Date.now(), linkKey)
      } catch (error) {
        request.log.warn({ err: error }, 'the subscription page\'s WeChat authorisation failed')
        return reply.redirect(page, 302)
      }
      return reply.redirect(`${page}?openid=${encodeURIComponent(link)}`, 302)
    },
  )
}
