import { createHmac, randomBytes } from 'node:crypto'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { AppContext } from '../../context'
import { signMatches } from '../../core/wechat'
import type { Standin } from '../standin'
import { DEMO_NIM_APP, NIM_CHECKSUM_LIFETIME_S, NIM_STANDIN, nimCheckSum } from './protocol'

/**
 * NetEase IM's server API as a stand-in, for the tests and for a demo pointed at it with NIM_*:
 * the CheckSum headers checked against the demo application (protocol.ts DEMO_NIM_APP), the three
 * calls the server makes answered in NetEase's shape. It remembers no account, so `create`
 * never answers 414 "already register"; the client's refresh on that answer is tested against a
 * NetEase-shaped edge (test/server/nim.test.ts). Its chat room addresses are not a real link:
 * NetEase's chat room itself has no stand-in (the client's NetEase adapter is tested on its own).
 */
const refuse = (code: number, desc: string) => ({ code, desc })

function checkSumRefusal(request: FastifyRequest): { code: number; desc: string } | undefined {
  const header = (name: string): string => String(request.headers[name] ?? '')
  if (header('appkey') !== DEMO_NIM_APP.appKey) return refuse(403, 'IllegalAppKey')
  const curTime = header('curtime')
  const nonce = header('nonce')
  if (!/^\d+$/.test(curTime) || Math.abs(Number(curTime) - Date.now() / 1000) > NIM_CHECKSUM_LIFETIME_S) return refuse(414, 'checksum expired')
  if (nonce === '' || nonce.length > 128 || !signMatches(header('checksum'), nimCheckSum(DEMO_NIM_APP.appSecret, nonce, curTime))) {
    return refuse(414, 'checksum error')
  }
  return undefined
}

const form = (request: FastifyRequest): Record<string, string> => (typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, string>) : {})
const token = (accid: string): string => createHmac('sha256', randomBytes(16)).update(accid).digest('hex').slice(0, 32)

const routes: FastifyPluginAsync<AppContext> = async (app) => {
  app.addHook('preHandler', async (request, reply) => {
    const refusal = checkSumRefusal(request)
    if (refusal) return reply.send(refusal)
  })

  app.post('/user/create.action', async (request) => {
    const { accid = '' } = form(request)
    if (!/^[\w.@-]{1,32}$/.test(accid)) return refuse(414, 'accid illegal')
    return { code: 200, info: { token: token(accid), accid, name: form(request).name ?? '' } }
  })

  app.post('/user/refreshToken.action', async (request) => {
    const { accid = '' } = form(request)
    if (!/^[\w.@-]{1,32}$/.test(accid)) return refuse(414, 'accid illegal')
    return { code: 200, info: { token: token(accid), accid } }
  })

  app.post('/chatroom/requestAddr.action', async (request) => {
    const { roomid = '', accid = '', clienttype = '1' } = form(request)
    if (roomid === '') return refuse(414, 'roomid illegal')
    if (accid === '') return refuse(414, 'accid illegal')
    if (!['1', '2', '3'].includes(clienttype)) return refuse(414, 'clienttype illegal')
    return { code: 200, addr: [`chatroom-${clienttype}.nim.standin.invalid:443`] }
  })
}

export const nimStandin: Standin = { name: NIM_STANDIN, routes }
