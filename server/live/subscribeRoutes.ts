/**
 * How a person reaches /liveSubscribeNoti (spec 001 §2) with an identity nobody else can type in:
 * the official account's menu opens LIVE_SUBSCRIBE_ENTRY_PATH, which sends the browser to WeChat's
 * web authorisation (scope snsapi_base, no prompt inside WeChat); WeChat sends it back to
 * LIVE_SUBSCRIBE_RETURN_PATH with a code; the code is exchanged for the person's official-account
 * openid (WeChat's sns/oauth2/access_token, the stand-in in demo mode), and the browser goes on to
 * the page with that openid signed (subscribeLink.ts). A refused or failed authorisation, or
 * WeChat's snapshot page, goes to the bare page, which asks the person to open it from the menu.
 */
import type { FastifyInstance } from 'fastify'
import { LIVE_SUBSCRIBE_ENTRY_PATH, LIVE_SUBSCRIBE_RETURN_PATH } from '../../types/live'
import { toH5Path } from '../../src/domain/routes'
import { publicOrigin } from '../core/urls'
import type { WechatOauthClient } from '../outside/wechatOauth/client'
import { signSubscribeLink } from './subscribeLink'

/** What WeChat gives back as it was sent: the page the authorisation is for. */
const STATE = 'liveSubscribeNoti'

export function subscribeRoutes(app: FastifyInstance, oauth: WechatOauthClient, linkKey: Buffer): void {
  const page = toH5Path('LiveSubscribeNoti')

  app.get(LIVE_SUBSCRIBE_ENTRY_PATH, async (request, reply) =>
    reply.header('cache-control', 'no-store').redirect(oauth.authorizeUrl(`${publicOrigin(request)}${LIVE_SUBSCRIBE_RETURN_PATH}`, 'snsapi_base', STATE), 302),
  )

  app.get<{ Querystring: { code?: string; state?: string } }>(
    LIVE_SUBSCRIBE_RETURN_PATH,
    { schema: { querystring: { type: 'object', properties: { code: { type: 'string', maxLength: 512 }, state: { type: 'string', maxLength: 128 } } } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store')
      const { code } = request.query
      if (!code || request.query.state !== STATE) return reply.redirect(page, 302)
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
