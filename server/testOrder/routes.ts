/**
 * `/gzh/test/order/create.do` (spec 000 §7): the test page's demo order, paid through the same
 * payment sandbox as a lesson (`/dev/pay/sandbox/pay.do`). The amount is the server's.
 */
import type { AppContext } from '../context'
import type { FastifyPluginAsync } from 'fastify'
import { TEST_ORDER_FEE_FEN, TEST_REQUEST_ID_PATTERN, testOrderCalls } from '../../types/testOrder'
import { contractRoute } from '../core/contractRoute'
import { ResponseCode } from '../../types/api'
import { ApiRefusal, ok } from '../core/envelope'
import { acceptFormBodiesOnly } from '../core/schema'
import { jsapiPayConfig } from '../purchase/rules'

export const testOrderRoutes: FastifyPluginAsync<AppContext> = async (app, { repos: { testOrders: orders }, wechat, payments }) => {
  acceptFormBodiesOnly(app)

  contractRoute(
    app,
    testOrderCalls.create,
    { fields: { requestId: { type: 'string', pattern: TEST_REQUEST_ID_PATTERN } } },
    async (request) => {
      const order = await orders.open(request.body.requestId, TEST_ORDER_FEE_FEN, Date.now())
      // never sent to WeChat Pay: the demo order's parameters are signed as a prepay's would be,
      // so the page's bridge call is the real one, and the sandbox pays it
      if (!payments) throw ApiRefusal.say(ResponseCode.ServerError, 'payUnavailable')
      return ok({ object: jsapiPayConfig(payments.client.payParams(wechat.appId, order.orderNO), order, { isBought: order.status === 1 ? 1 : 0, joinGroupName: '' }) })
    },
  )
}
