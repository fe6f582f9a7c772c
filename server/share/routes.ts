import type { FastifyPluginAsync } from 'fastify'
import { ResponseCode } from '../../types/api'
import type { ObjectData } from '../../types/api'
import type { ShareConfig } from '../../types/purchase'
import { ApiRefusal, ok } from '../envelope'
import { acceptFormBodiesOnly, bodySchema } from '../schema'
import { DEV_APP_ID, DEV_JSAPI_TICKET, jsapiSignature, randomToken } from '../wechat'

const SHARE_CONFIG_UNAVAILABLE = 'share config unavailable'

interface ShareConfigBody {
  registerUrl: string
}

function isPageUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}

/** The JS-SDK config of the page that wants to share (spec 000 §7); 505 tells the client to skip sharing. */
export const shareRoutes: FastifyPluginAsync = async (app) => {
  acceptFormBodiesOnly(app)

  app.post<{ Body: ShareConfigBody }>(
    '/wx/js/auth/get/share/config.do',
    // a missing registerUrl is answered 505 like any other page that cannot be signed
    { schema: bodySchema([], { registerUrl: { type: 'string', maxLength: 2048, default: '' } }) },
    async (request) => {
      const { registerUrl } = request.body
      if (!isPageUrl(registerUrl)) throw new ApiRefusal(ResponseCode.ShareConfigUnavailable, SHARE_CONFIG_UNAVAILABLE)
      const timestamp = Math.floor(Date.now() / 1000)
      const nonceStr = randomToken()
      const signature = jsapiSignature(DEV_JSAPI_TICKET, nonceStr, timestamp, registerUrl)
      return ok<ObjectData<ShareConfig>>({ object: { appId: DEV_APP_ID, timestamp, nonceStr, signature } })
    },
  )
}
