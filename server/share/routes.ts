/**
 * The share area's call (types/share.ts `shareCalls`, spec 000 §7): the WeChat JS-SDK config of
 * the page that wants to share, signed with the official account's JS-SDK ticket, which
 * `jsapiTickets` fetches from WeChat and keeps fresh (server/outside/wechatToken/tickets.ts).
 * Code 505 tells the client to skip share setup: no page to sign, or no ticket to sign with.
 */
import type { AppContext } from '../context'
import type { FastifyPluginAsync } from 'fastify'
import { ResponseCode } from '../../types/api'
import { shareCalls } from '../../types/share'
import { contractRoute } from '../core/contractRoute'
import { ApiRefusal, ok } from '../core/envelope'
import { acceptFormBodiesOnly } from '../core/schema'
import { jsapiSignature, randomToken } from '../core/wechat'
import { JsapiTicketUnavailable } from '../outside/wechatToken/tickets'

function isPageUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}

export const shareRoutes: FastifyPluginAsync<AppContext> = async (app, { wechat, jsapiTickets }) => {
  acceptFormBodiesOnly(app)

  const ticket = async (): Promise<string> => {
    try {
      return await jsapiTickets.ticket()
    } catch (error) {
      if (error instanceof JsapiTicketUnavailable) throw ApiRefusal.say(ResponseCode.ShareConfigUnavailable, 'shareConfigUnavailable')
      throw error
    }
  }

  contractRoute(
    app,
    shareCalls.shareConfig,
    // a missing registerUrl is answered 505 like any other page that cannot be signed
    { fields: { registerUrl: { type: 'string', maxLength: 2048, default: '' } } },
    async (request) => {
      const { registerUrl } = request.body
      if (!isPageUrl(registerUrl)) throw ApiRefusal.say(ResponseCode.ShareConfigUnavailable, 'shareConfigUnavailable')
      const jsapiTicket = await ticket()
      const timestamp = Math.floor(Date.now() / 1000)
      const nonceStr = randomToken()
      const signature = jsapiSignature(jsapiTicket, nonceStr, timestamp, registerUrl)
      return ok({ object: { appId: wechat.appId, timestamp, nonceStr, signature } })
    },
  )
}
