/**
 * The stand-ins for WeChat's login (./client.ts has the protocol): `wechat-open` serves the web
 * authorisation page, `wechat-api` the code exchange, the user info and the mini-program's
 * jscode2session. They check the AppID and AppSecret of the server's settings, as WeChat does.
 *
 * Who logs in is a persona (./personas.ts): the demo's users (`wm_visitor`, `wm_buyer`,
 * `wm_teacher`, whose WeChat accounts server/login/seed.ts links) or any other name, a new WeChat
 * user. A name that begins with `snapshot-` is a person still on Moments' snapshot page, whose
 * openid WeChat marks virtual (`is_snapshotuser`).
 *
 * Nothing is kept in memory: a code and an access token are the signed description of what they
 * grant (HMAC-SHA256 under the app's secret) with their expiry: a code five minutes, a token two
 * hours, as WeChat's. So the stand-in does not know a used code; the login server refuses a code
 * twice itself (server/login/data.ts `claimCode`), which is what protects it from WeChat's too.
 *
 * Mini-program codes: `dev:<persona>` (or `dev:<persona>.<anything>`, another code of the same
 * person) is that persona; any other code of WeChat's form (what the
 * developer tools' wx.login gives, which no stand-in can read) is the demo's visitor, so the demo
 * stays walkable there; anything else is 40029.
 */
import { createHmac, randomBytes } from 'node:crypto'
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import type { AppContext } from '../../context'
import { escapeHtml } from '../../core/html'
import { signMatches } from '../../core/wechat'
import { DEV_LOGIN_USERS, SEEDED_VISITOR } from '../../login/seed'
import type { Standin } from '../standin'
import { personaOpenid, personaUnionid } from './personas'

export const WECHAT_OPEN_STANDIN = 'wechat-open'
export const WECHAT_API_STANDIN = 'wechat-api'

const CODE_TTL_MS = 5 * 60_000
const TOKEN_TTL_S = 7200
const PERSONA = /^[A-Za-z0-9_-]{1,40}$/
const MINI_CODE = /^[A-Za-z0-9_-]{1,128}$/
const DEV_CODE_PREFIX = 'dev:'


type Scope = 'snsapi_base' | 'snsapi_userinfo'

interface Grant {
  /** what it is: a code or an access token */
  kind: 'code' | 'token'
  appid: string
  persona: string
  scope: Scope
  /** epoch ms */
  expires: number
  nonce: string
}

const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64url')

/** `<payload>.<HMAC>`, both base64url: what WeChat's codes are to us, an opaque string. */
export function signGrant(grant: Grant, secret: string): string {
  const payload = b64(JSON.stringify(grant))
  return `${payload}.${createHmac('sha256', secret).update(payload).digest('base64url')}`
}

/** The grant a string describes, if this secret signed it; expiry is the caller's to check. */
function readGrant(value: string, secret: string, kind: Grant['kind']): Grant | undefined {
  const [payload, mac, extra] = value.split('.')
  if (!payload || !mac || extra !== undefined) return undefined
  if (!signMatches(mac, createHmac('sha256', secret).update(payload).digest('base64url'))) return undefined
  try {
    const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Grant
    return grant.kind === kind && typeof grant.persona === 'string' && PERSONA.test(grant.persona) ? grant : undefined
  } catch {
    return undefined
  }
}

const refusal = (reply: FastifyReply, errcode: number, errmsg: string) =>
  reply.send({ errcode, errmsg: `${errmsg}, rid: standin-${randomBytes(4).toString('hex')}` })

interface AuthorizeQuery {
  appid?: string
  redirect_uri?: string
  response_type?: string
  scope?: string
  state?: string
}

const SCOPES: readonly string[] = ['snsapi_base', 'snsapi_userinfo']

/** What is wrong with an authorisation request, in WeChat's words, or undefined. */
function authorizeProblem(query: AuthorizeQuery, appId: string): string | undefined {
  if (query.appid !== appId) return '10003 appid 参数错误 / invalid appid'
  if (query.response_type !== 'code') return '10004 response_type 参数错误 / invalid response_type'
  if (!query.scope || !SCOPES.includes(query.scope)) return '10005 scope 参数错误 / invalid scope'
  if (!query.redirect_uri || !/^https?:\/\//.test(query.redirect_uri) || !URL.canParse(query.redirect_uri)) {
    return '10003 redirect_uri 参数错误 / invalid redirect_uri'
  }
  if (query.state !== undefined && !/^[A-Za-z0-9]{0,128}$/.test(query.state)) return '10006 state 参数错误 / invalid state'
  return undefined
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font-family:sans-serif;margin:24px}button{width:100%;min-height:44px;padding:12px;font-size:16px;margin:6px 0}.en{display:block;color:#595959;font-size:14px}</style></head>
<body>${body}</body></html>
`
}

/** The authorisation page: who to be (the demo's users, or a new WeChat user), or refuse. */
function authorizePage(query: Required<Pick<AuthorizeQuery, 'redirect_uri' | 'scope'>> & AuthorizeQuery): string {
  const hidden = (['appid', 'redirect_uri', 'response_type', 'scope', 'state'] as const)
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query[name] ?? '')}">`)
    .join('\n')
  const users = DEV_LOGIN_USERS.map(
    (u) => `<button type="submit" name="persona" value="${u.wmid}">${u.wmid}：${escapeHtml(u.role)}<span lang="en" class="en">${escapeHtml(u.roleEn)}</span></button>`,
  )
  const fresh = `new-${randomBytes(4).toString('hex')}`
  users.push(`<button type="submit" name="persona" value="${fresh}">新的微信用户<span lang="en" class="en">a new WeChat user</span></button>`)
  const asks = query.scope === 'snsapi_userinfo' ? '获取你的昵称和头像' : '获取你的身份（openid）'
  const asksEn = query.scope === 'snsapi_userinfo' ? 'your nickname and picture' : 'who you are (openid)'
  return page(
    '微信授权（模拟）',
    `<h1>微信授权（模拟）<span lang="en" class="en">WeChat authorisation (stand-in)</span></h1>
<p>这个页面代替 open.weixin.qq.com：网页申请${asks}。选择以谁的身份登录。<span lang="en" class="en">This page stands in for WeChat's: the site asks for ${asksEn}. Choose who to be.</span></p>
<form method="post" action="authorize/confirm">
${hidden}
${users.join('\n')}
<button type="submit" name="persona" value="">拒绝<span lang="en" class="en">refuse</span></button>
</form>`,
  )
}

const wechatOpen: FastifyPluginAsync<AppContext> = async (app, { wechat }) => {
  app.get<{ Querystring: AuthorizeQuery }>('/connect/oauth2/authorize', async (request, reply) => {
    const problem = authorizeProblem(request.query, wechat.appId)
    reply.type('text/html; charset=utf-8')
    if (problem) return reply.code(400).send(page('微信授权（模拟）', `<h1>${escapeHtml(problem)}</h1>`))
    const { redirect_uri: redirectUri = '', scope = 'snsapi_base' } = request.query
    return reply.send(authorizePage({ ...request.query, redirect_uri: redirectUri, scope }))
  })

  app.post<{ Body: AuthorizeQuery & { persona?: string } }>('/connect/oauth2/authorize/confirm', async (request, reply) => {
    const query = request.body
    const problem = authorizeProblem(query, wechat.appId)
    if (problem) return reply.code(400).type('text/html; charset=utf-8').send(page('微信授权（模拟）', `<h1>${escapeHtml(problem)}</h1>`))
    const back = new URL(query.redirect_uri ?? '')
    const persona = query.persona ?? ''
    // refused: WeChat comes back with the state and no code
    if (persona !== '') {
      if (!PERSONA.test(persona)) return reply.code(400).send('bad persona')
      const grant: Grant = { kind: 'code', appid: wechat.appId, persona, scope: query.scope as Scope, expires: Date.now() + CODE_TTL_MS, nonce: randomBytes(8).toString('hex') }
      back.searchParams.set('code', signGrant(grant, wechat.appSecret))
    }
    back.searchParams.set('state', query.state ?? '')
    return reply.redirect(back.toString(), 302)
  })
}

interface AccessTokenQuery {
  appid?: string
  secret?: string
  code?: string
  js_code?: string
  grant_type?: string
  access_token?: string
  openid?: string
}

const wechatApi: FastifyPluginAsync<AppContext> = async (app, { wechat }) => {
  app.get<{ Querystring: AccessTokenQuery }>('/sns/oauth2/access_token', async (request, reply) => {
    const { appid, secret, code = '', grant_type: grantType } = request.query
    if (appid !== wechat.appId) return refusal(reply, 40013, 'invalid appid')
    if (secret !== wechat.appSecret) return refusal(reply, 40125, 'invalid appsecret')
    if (grantType !== 'authorization_code') return refusal(reply, 40002, 'invalid grant_type')
    const grant = readGrant(code, wechat.appSecret, 'code')
    if (!grant || grant.appid !== appid || grant.expires <= Date.now()) return refusal(reply, 40029, 'invalid code')
    const unionid = personaUnionid(grant.persona)
    const token: Grant = { ...grant, kind: 'token', expires: Date.now() + TOKEN_TTL_S * 1000, nonce: randomBytes(8).toString('hex') }
    return reply.send({
      access_token: signGrant(token, wechat.appSecret),
      expires_in: TOKEN_TTL_S,
      refresh_token: signGrant({ ...token, nonce: randomBytes(8).toString('hex') }, `${wechat.appSecret}:refresh`),
      openid: personaOpenid('oa', grant.persona),
      scope: grant.scope,
      // WeChat gives the unionid here only with snsapi_userinfo
      ...(unionid && grant.scope === 'snsapi_userinfo' ? { unionid } : {}),
      // a page opened as Moments' snapshot (单页模式) gets a virtual account
      ...(grant.persona.startsWith('snapshot-') ? { is_snapshotuser: 1 } : {}),
    })
  })

  app.get<{ Querystring: AccessTokenQuery }>('/sns/userinfo', async (request, reply) => {
    const { access_token: accessToken, openid } = request.query
    if (!accessToken) return refusal(reply, 41001, 'access_token missing')
    const grant = readGrant(accessToken, wechat.appSecret, 'token')
    if (!grant) return refusal(reply, 40001, 'invalid credential, access_token is invalid or not latest')
    if (grant.expires <= Date.now()) return refusal(reply, 42001, 'access_token expired')
    if (openid !== personaOpenid('oa', grant.persona)) return refusal(reply, 40003, 'invalid openid')
    if (grant.scope !== 'snsapi_userinfo') return refusal(reply, 48001, 'api unauthorized')
    const unionid = personaUnionid(grant.persona)
    return reply.send({
      openid,
      nickname: `微信用户 ${grant.persona}`,
      sex: 0,
      province: '',
      city: '',
      country: '',
      headimgurl: '',
      privilege: [],
      ...(unionid ? { unionid } : {}),
    })
  })

  app.get<{ Querystring: AccessTokenQuery }>('/sns/jscode2session', async (request, reply) => {
    const { appid, secret, js_code: code = '', grant_type: grantType } = request.query
    if (appid !== wechat.miniAppId) return refusal(reply, 40013, 'invalid appid')
    if (secret !== wechat.miniAppSecret) return refusal(reply, 40125, 'invalid appsecret')
    if (grantType !== 'authorization_code') return refusal(reply, 40002, 'invalid grant_type')
    // `dev:<persona>.<anything>` is another code of the same persona (a code is good once)
    const named = code.startsWith(DEV_CODE_PREFIX) ? code.slice(DEV_CODE_PREFIX.length).split('.')[0] : undefined
    if (named !== undefined ? !PERSONA.test(named) : !MINI_CODE.test(code)) return refusal(reply, 40029, 'invalid code')
    const persona = named ?? SEEDED_VISITOR
    const unionid = personaUnionid(persona)
    return reply.send({
      openid: personaOpenid('mini', persona),
      // 16 random bytes, base64: what WeChat's session keys are
      session_key: randomBytes(16).toString('base64'),
      ...(unionid ? { unionid } : {}),
    })
  })
}

export const WECHAT_STANDINS: readonly Standin[] = [
  { name: WECHAT_OPEN_STANDIN, routes: wechatOpen },
  { name: WECHAT_API_STANDIN, routes: wechatApi },
]
