/**
 * `/gzh/test/order/create.do` (spec 000 §7): the test page's demo order, paid through the same
 * payment sandbox as a lesson (`/dev/pay/sandbox/pay.do`). The amount is the server's.
 */
import type { AppContext } from '../context'
import type { FastifyPluginAsync } from 'fastify'
import type { PayConfig } from '../../types/purchase'
import { TEST_ORDER_FEE_FEN, TEST_REQUEST_ID_PATTERN, testOrderCalls } from '../../types/testOrder'
import { contractRoute } from '../core/contractRoute'
import { ok } from '../core/envelope'
import { acceptFormBodiesOnly } from '../core/schema'
import { signedJsapiParams, type WechatCredentials } from '../core/wechat'
import type { TestOrderRecord } from './data'

function payConfig(order: TestOrderRecord, now: number, wechat: WechatCredentials): PayConfig {
  return {
    ...signedJsapiParams(order.orderNO, now, wechat),
    isBought: order.status === 1 ? 1 : 0,
    orderNO: order.orderNO,
    totalFee: order.totalFee,
    isShowjoinQrcode: 0,
    joinQrcode: '',
    joinGroupName: '',
  }
}

export const testOrderRoutes: FastifyPluginAsync<AppContext> = async (app, { repos: { testOrders: orders }, wechat }) => {
  acceptFormBodiesOnly(app)

  contractRoute(
    app,
    testOrderCalls.create,
    { fields: { requestId: { type: 'string', pattern: TEST_REQUEST_ID_PATTERN } } },
    async (request) => {
      const now = Date.now()
      return ok({ object: payConfig(await orders.open(request.body.requestId, TEST_ORDER_FEE_FEN, now), now, wechat) })
    },
  )
}
