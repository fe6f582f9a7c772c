import { createHmac } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import type { AppContext } from '../../context'
import { DEV_APP_ID, DEV_APP_SECRET, signMatches } from '../../core/wechat'
import type { Standin } from '../standin'
import { WECHAT_API_STANDIN } from '../wechatOauth/standin'

/**
 * WeChat's `stable_token` and `getticket` as demo mode's stand-in, under the same base as the
 * login stand-in's `/sns/…` (WECHAT_API_BASE). It checks the demo official account's AppID and
 * AppSecret and answers in WeChat's words. Stateless: a stable token is the HMAC of the app and
 * its two-hour window (the same for every caller and every worker while it lasts, as WeChat's
 * is), a ticket the HMAC of its token and its own end, so any worker checks what another issued.
 */
const LIFETIME_S = 7200
const STANDIN_KEY = 'wechat-token-standin'

const mac = (text: string): string => createHmac('sha256', STANDIN_KEY).update(text).digest('hex').slice(0, 32)

/** `<kind>.<appid>.<end, epoch s>.<mac>`, and whether one is ours and still valid at `nowS`. */
const issue = (kind: string, subject: string, endS: number): string => `${kind}.${subject}.${endS}.${mac(`${kind}.${subject}.${endS}`)}`
function validUntil(kind: string, credential: string, nowS: number): number | undefined {
  const parts = credential.split('.')
  if (parts.length !== 4 || parts[0] !== kind) return undefined
  const [, subject, end] = parts
  if (!signMatches(parts[3], mac(`${kind}.${subject}.${end}`))) return undefined
  const endS = Number(end)
  return endS > nowS ? endS : undefined
}

const refusal = (errcode: number, errmsg: string) => ({ errcode, errmsg })

const routes: FastifyPluginAsync<AppContext> = async (app) => {
  app.post('/cgi-bin/stable_token', async (request) => {
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>
    if (body.grant_type !== 'client_credential') return refusal(40002, 'invalid grant_type')
    if (body.appid !== DEV_APP_ID) return refusal(40013, 'invalid appid')
    if (typeof body.secret !== 'string' || !signMatches(body.secret, DEV_APP_SECRET)) return refusal(40125, 'invalid appsecret')
    const nowS = Math.floor(Date.now() / 1000)
    // the current two-hour window's token; force_refresh starts a new one at once
    const endS = body.force_refresh === true ? nowS + LIFETIME_S : (Math.floor(nowS / LIFETIME_S) + 1) * LIFETIME_S
    return { access_token: issue('st', DEV_APP_ID, endS), expires_in: endS - nowS }
  })

  app.get('/cgi-bin/ticket/getticket', async (request) => {
    const { access_token: token = '', type = '' } = request.query as Record<string, string | undefined>
    if (type !== 'jsapi') return refusal(40097, 'invalid args: type')
    const nowS = Math.floor(Date.now() / 1000)
    if (validUntil('st', token, nowS) === undefined) return refusal(40001, 'invalid credential, access_token is invalid or not latest')
    const endS = nowS + LIFETIME_S
    return { errcode: 0, errmsg: 'ok', ticket: issue('jt', mac(token), endS), expires_in: LIFETIME_S }
  })
}

/** Served beside the login stand-in's routes, under the one base of WeChat's API. */
export const wechatTokenStandin: Standin = { name: WECHAT_API_STANDIN, routes }
