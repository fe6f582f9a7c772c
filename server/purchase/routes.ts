/**
 * The purchase area's calls (types/purchase.ts `purchaseCalls`, spec 000 §4 payment, §7): order
 * creation and query, and WeChat pay's notification. rules.ts holds the one code path that marks
 * an order paid (the development sandbox, server/dev/, takes it too); data.ts orders and purchases.
 */
import type { AppContext } from '../context'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { ResponseCode } from '../../types/api'
import type { PayConfig } from '../../types/purchase'
import { purchaseCalls } from '../../types/purchase'
import { contractRoute } from '../core/contractRoute'
import { ApiRefusal, ok } from '../core/envelope'
import { absoluteUrl, publicOrigin } from '../core/urls'
import { acceptFormBodiesOnly, handle } from '../core/schema'
import { payV2Sign, signedJsapiParams, signMatches } from '../core/wechat'
import type { WechatCredentials } from '../core/wechat'
import { ILLEGAL_MESSAGE } from '../lesson/rules'
import type { AccountRecord } from '../login/data'
import type { JoinGroup, OrderRecord } from './data'
import { UNKNOWN_ORDER_MESSAGE, markOrderPaid, orderState } from './rules'

const BIND_PHONE_FIRST = 'please bind your phone first'
const NOT_FOR_SALE = 'this course is not for sale'
const INVALID_SIGN = 'invalid sign'

const orderNO = { type: 'string', minLength: 1, maxLength: 32 } as const
const notifyField = { type: 'string', maxLength: 256 } as const

/** Nothing to pay: the buyer owns the lesson already (or wrote it), and sees its group's QR code. */
const bought = (group: JoinGroup | undefined): PayConfig => ({
  appId: '',
  timeStamp: '',
  nonceStr: '',
  package: '',
  signType: '',
  sign: '',
  isBought: 1,
  orderNO: '',
  totalFee: 0,
  isShowjoinQrcode: group ? 1 : 0,
  joinQrcode: group?.qrcode ?? '',
  joinGroupName: group?.name ?? '',
})

/** JSAPI pay parameters for the order (signed like WeChat's) and what the pay page shows of it. */
function payConfig(order: OrderRecord, now: number, wechat: WechatCredentials, group: JoinGroup | undefined): PayConfig {
  return {
    ...signedJsapiParams(order.orderNO, now, wechat),
    isBought: 0,
    orderNO: order.orderNO,
    totalFee: order.totalFee,
    // the QR code follows the payment (orderState); the name tells the buyer what it will be
    isShowjoinQrcode: 0,
    joinQrcode: '',
    joinGroupName: group?.name ?? '',
  }
}

export const purchaseRoutes: FastifyPluginAsync<AppContext> = async (app, { repos: { accounts, lessons, orders }, identity, wechat }) => {
  acceptFormBodiesOnly(app)

  /** The lesson's join group with its QR code as an absolute URL of the server the client called. */
  const joinGroupOf = async (lessonId: number, request: FastifyRequest): Promise<JoinGroup | undefined> => {
    const group = await orders.joinGroup(lessonId)
    return group && { name: group.name, qrcode: absoluteUrl(publicOrigin(request), group.qrcode) }
  }

  /** A share reward goes to a real other user; anything else is ignored rather than refused. */
  const inviterOf = async (buyer: AccountRecord, inviterWmid: string | undefined): Promise<string | null> =>
    inviterWmid && inviterWmid !== buyer.wmid && (await accounts.user(inviterWmid)) ? inviterWmid : null

  contractRoute(
    app,
    purchaseCalls.createOrder,
    {
      fields: {
        courseData: handle,
        loginData: handle,
        inviterWmid: { type: 'string', maxLength: 64 },
        payType: { type: 'integer', enum: [1, 2], default: 1 },
      },
    },
    async (request) => {
      const now = Date.now()
      const { courseData, loginData, inviterWmid, payType } = request.body
      const buyer = await identity.loginUser(loginData, now)
      if (payType === 2) throw new ApiRefusal(ResponseCode.NotFound, 'live does not exist')
      const lesson = await lessons.findByCourseData(courseData)
      if (!lesson) throw new ApiRefusal(ResponseCode.NotFound, 'course does not exist')
      if (lesson.illegal === 1) throw new ApiRefusal(ResponseCode.Illegal, ILLEGAL_MESSAGE)
      if (lesson.privacyStatus !== 3 || lesson.fee <= 0) throw new ApiRefusal(ResponseCode.BadRequest, NOT_FOR_SALE)
      if (buyer.wmid === lesson.wmid || (await lessons.hasBought(buyer.wmid, lesson.id))) return ok({ object: bought(await joinGroupOf(lesson.id, request)) })
      // The server, not the client, enforces "bind a phone before buying" (spec 000 §6).
      if (buyer.isProductUser === 0) throw new ApiRefusal(ResponseCode.Forbidden, BIND_PHONE_FIRST)
      const order = await orders.openOrder(
        { wmid: buyer.wmid, lessonId: lesson.id, totalFee: lesson.fee, inviterWmid: await inviterOf(buyer, inviterWmid) },
        now,
      )
      return ok({ object: payConfig(order, now, wechat, await joinGroupOf(lesson.id, request)) })
    },
  )

  contractRoute(app, purchaseCalls.queryOrder, { fields: { orderNO, loginData: handle } }, async (request) => {
    const buyer = await identity.loginUser(request.body.loginData, Date.now())
    const order = await orders.find(request.body.orderNO)
    if (!order) throw new ApiRefusal(ResponseCode.NotFound, UNKNOWN_ORDER_MESSAGE)
    if (order.wmid !== buyer.wmid) throw new ApiRefusal(ResponseCode.Forbidden, 'this order belongs to another user')
    return ok({ object: orderState(order, await joinGroupOf(order.lessonId, request)) })
  })

  contractRoute(
    app,
    purchaseCalls.payNotify,
    {
      fields: {
        return_code: notifyField,
        result_code: notifyField,
        out_trade_no: orderNO,
        total_fee: { type: 'string', pattern: '^\\d{1,10}$' },
        sign: notifyField,
      },
      // every field WeChat sends is signed, so the body keeps the ones the contract does not name
      otherFields: { schema: notifyField, maxFields: 64 },
    },
    async (request) => {
      const body = request.body
      if (!signMatches(body.sign, payV2Sign(body, wechat.payKey))) {
        throw new ApiRefusal(ResponseCode.Forbidden, INVALID_SIGN)
      }
      // a failed payment is acknowledged and changes nothing
      if (body.return_code !== 'SUCCESS' || body.result_code !== 'SUCCESS') return ok(null)
      const order = await markOrderPaid(orders, body.out_trade_no, Number(body.total_fee), Date.now())
      return ok({ object: orderState(order) })
    },
  )
}
