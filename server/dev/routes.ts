/**
 * Development-only endpoints (types/dev.ts `devCalls`; registered unless `dev: false`): the
 * stand-in for WeChat's login page (GET shows it, its form POSTs back), the payment sandbox that
 * pays through the notification's code path, and the last SMS code of a phone (GET, for tests).
 */
import type { AppContext } from '../context'
import type { FastifyPluginAsync } from 'fastify'
import { ResponseCode } from '../../types/api'
import type { ObjectData } from '../../types/api'
import { DEV_SMS_PATH, devCalls } from '../../types/dev'
import type { DevSmsCode } from '../../types/dev'
import type { LoginUrlType } from '../../types/login'
import { contractRoute } from '../core/contractRoute'
import { ApiRefusal, ok } from '../core/envelope'
import { escapeHtml } from '../core/html'
import { acceptFormBodiesOnly, handle } from '../core/schema'
import { publicOrigin } from '../core/urls'
import { issueLoginData, loginReturnUrl, normalisePhone, withLoginData } from '../login/rules'
import { DEV_LOGIN_USERS } from '../login/seed'
import { SANDBOX_PAY_PATH } from '../outside/wechatPay/standin'
import { orderKind } from '../purchase/payments'
import { UNKNOWN_ORDER_MESSAGE, liveOrderState, orderState } from '../purchase/rules'

interface LoginQuery {
  type: LoginUrlType
  courseData?: string
  redirect?: string
}
interface SmsQuery {
  phone: string
  interCode: string
}

const loginContext = {
  type: { type: 'integer', enum: [1, 2], default: 2 },
  courseData: handle,
  redirect: { type: 'string', maxLength: 2048 },
} as const

/** The stand-in for WeChat's OAuth page: pick who to be; the form posts back here. */
function loginPage({ type, courseData, redirect }: LoginQuery): string {
  const hidden = Object.entries({ type: String(type), courseData, redirect })
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('\n')
  const buttons = DEV_LOGIN_USERS.map(
    (u) =>
      `<p><button type="submit" name="wmid" value="${u.wmid}">${u.wmid}：${escapeHtml(u.role)}<span lang="en" class="en">${escapeHtml(u.roleEn)}</span></button></p>`,
  ).join('\n')
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>微信登录（开发用模拟）</title>
<style>body{font-family:sans-serif;margin:24px}button{width:100%;min-height:44px;padding:12px;font-size:16px}.en{display:block;color:#595959;font-size:14px}</style></head>
<body><h1>微信登录（开发用模拟）<span lang="en" class="en">WeChat login (development)</span></h1>
<p>这个服务器没有微信凭证。请选择要以哪位演示用户登录。<span lang="en" class="en">This server has no WeChat credentials. Choose the seeded user to log in as.</span></p>
<form method="post" action="${devCalls.login.path}">
${hidden}
${buttons}
</form></body></html>
`
}

export const devRoutes: FastifyPluginAsync<AppContext> = async (app, { repos: { accounts, orders, testOrders, smsCodes: sms }, payments, outsideFetch }) => {
  acceptFormBodiesOnly(app)

  app.get<{ Querystring: LoginQuery }>(
    devCalls.login.path,
    { schema: { querystring: { type: 'object', properties: loginContext } } },
    async (request, reply) => reply.type('text/html; charset=utf-8').send(loginPage(request.query)),
  )

  contractRoute(
    app,
    devCalls.login,
    { fields: { ...loginContext, wmid: { type: 'string', enum: DEV_LOGIN_USERS.map((u) => u.wmid) } } },
    async (request, reply) => {
      const { wmid, type, courseData, redirect } = request.body
      const origin = publicOrigin(request)
      const page = loginReturnUrl(origin, type, redirect)
      const user = await accounts.user(wmid)
      if (!page) throw new ApiRefusal(ResponseCode.BadRequest, 'redirect must be an http(s) URL')
      if (!user) throw new ApiRefusal(ResponseCode.NotFound, 'user does not exist')
      // 303: the browser follows with a GET of the app page, as after WeChat's OAuth
      return reply.redirect(withLoginData(page, await issueLoginData(accounts, user, Date.now(), origin, courseData)), 303)
    },
  )

  app.get<{ Querystring: SmsQuery }>(
    DEV_SMS_PATH,
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['phone'],
          properties: { phone: { type: 'string', maxLength: 32 }, interCode: { type: 'string', default: '86' } },
        },
      },
    },
    async (request) => {
      const number = normalisePhone(request.query.phone, request.query.interCode)
      const code = number && (await sms.last(number.phone, number.interCode))
      if (!code) throw new ApiRefusal(ResponseCode.NotFound, 'no code was sent to this phone')
      return ok<ObjectData<DevSmsCode>>({ object: { code } })
    },
  )

  contractRoute(
    app,
    devCalls.sandboxPay,
    { fields: { orderNO: { type: 'string', minLength: 1, maxLength: 32 } } },
    async (request) => {
      const order = await orders.find(request.body.orderNO)
      // the test page's demo orders pay here too, in their own table (no income, no purchase)
      const testOrder = order || orderKind(request.body.orderNO) ? undefined : await testOrders.markPaid(request.body.orderNO, Date.now())
      if (testOrder) return ok({ object: { orderNO: testOrder.orderNO, orderStatus: testOrder.status, isShowjoinQrcode: 0, joinQrcode: '' } })
      const liveOrder = order ? undefined : await orders.findLive(request.body.orderNO)
      if ((!order && !liveOrder) || !payments) throw new ApiRefusal(ResponseCode.NotFound, UNKNOWN_ORDER_MESSAGE)
      // the buyer confirms at WeChat Pay's stand-in, which sends its signed, sealed notification
      // to the notify route: the very code path of a real payment
      await outsideFetch(`${payments.client.settings.base}${SANDBOX_PAY_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ out_trade_no: request.body.orderNO }),
      })
      const paidLesson = await orders.find(request.body.orderNO)
      if (paidLesson) return ok({ object: orderState(paidLesson) })
      const paidLive = await orders.findLive(request.body.orderNO)
      if (!paidLive) throw new ApiRefusal(ResponseCode.NotFound, UNKNOWN_ORDER_MESSAGE)
      return ok({ object: liveOrderState(paidLive) })
    },
  )
}
