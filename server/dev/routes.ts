/**
 * Development-only endpoints (types/dev.ts `devCalls`; registered unless `dev: false`): the
 * payment sandbox that pays through the notification's code path, and the last SMS code of a
 * phone (GET, for tests). WeChat's login page has a stand-in of its own (server/outside/wechatOauth).
 */
import type { AppContext } from '../context'
import type { FastifyPluginAsync } from 'fastify'
import { ResponseCode } from '../../types/api'
import type { ObjectData } from '../../types/api'
import { DEV_SMS_PATH, devCalls } from '../../types/dev'
import type { DevSmsCode } from '../../types/dev'
import { contractRoute } from '../core/contractRoute'
import { ApiRefusal, ok } from '../core/envelope'
import { acceptFormBodiesOnly } from '../core/schema'
import { normalisePhone } from '../login/rules'
import { SANDBOX_PAY_PATH } from '../outside/wechatPay/standin'
import { orderKind } from '../purchase/payments'
import { liveOrderState, orderState } from '../purchase/rules'

interface SmsQuery {
  phone: string
  interCode: string
}

export const devRoutes: FastifyPluginAsync<AppContext> = async (app, { repos: { orders, testOrders, smsCodes: sms }, payments, outsideFetch }) => {
  acceptFormBodiesOnly(app)

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
      if (!code) throw ApiRefusal.say(ResponseCode.NotFound, 'devNoCodeSent')
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
      if ((!order && !liveOrder) || !payments) throw ApiRefusal.say(ResponseCode.NotFound, 'orderMissing')
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
      if (!paidLive) throw ApiRefusal.say(ResponseCode.NotFound, 'orderMissing')
      return ok({ object: liveOrderState(paidLive) })
    },
  )
}
