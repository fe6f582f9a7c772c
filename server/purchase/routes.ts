import type { FastifyPluginAsync } from 'fastify'
import { ResponseCode } from '../../types/api'
import type { ObjectData } from '../../types/api'
import type { OrderState, PayConfig } from '../../types/purchase'
import type { Db } from '../db'
import { AccountStore } from '../db/accounts'
import type { AccountRecord } from '../db/accounts'
import { LessonStore } from '../db/lessons'
import { OrderStore } from '../db/orders'
import type { OrderRecord } from '../db/orders'
import { ApiRefusal, ok } from '../envelope'
import { ILLEGAL_MESSAGE } from '../lessonAccess'
import { requireLogin } from '../login'
import { UNKNOWN_ORDER_MESSAGE, markOrderPaid, orderState } from '../payment'
import { acceptFormBodiesOnly, bodySchema, handle } from '../schema'
import { DEV_APP_ID, DEV_PAY_KEY, payV2Sign, randomToken, signMatches } from '../wechat'

export interface OrderRoutesOptions {
  db: Db
}

const BIND_PHONE_FIRST = 'please bind your phone first'
const NOT_FOR_SALE = 'this course is not for sale'
const INVALID_SIGN = 'invalid sign'

interface CreateBody {
  courseData: string
  loginData: string
  inviterWmid?: string
  payType: 1 | 2
}
interface QueryBody {
  orderNO: string
  loginData: string
}
/** The fields of a WeChat pay v2 notification this server reads; the sign covers all of them. */
interface NotifyBody {
  return_code: string
  result_code: string
  out_trade_no: string
  total_fee: string
  sign: string
  [field: string]: string
}

const orderNO = { type: 'string', minLength: 1, maxLength: 32 } as const
const notifyField = { type: 'string', maxLength: 256 } as const

/** Nothing to pay: the buyer owns the lesson already (or wrote it). */
const BOUGHT: PayConfig = {
  appId: '',
  timeStamp: '',
  nonceStr: '',
  package: '',
  signType: '',
  sign: '',
  isBought: 1,
  orderNO: '',
  totalFee: 0,
  isShowjoinQrcode: 0,
  joinQrcode: '',
  joinGroupName: '',
}

/** JSAPI pay parameters for the order, signed like WeChat's (the prepay id is the order number). */
function payConfig(order: OrderRecord, now: number): PayConfig {
  const params = {
    appId: DEV_APP_ID,
    timeStamp: String(Math.floor(now / 1000)),
    nonceStr: randomToken(),
    package: `prepay_id=${order.orderNO}`,
    signType: 'MD5',
  }
  return {
    ...params,
    sign: payV2Sign(params, DEV_PAY_KEY),
    isBought: 0,
    orderNO: order.orderNO,
    totalFee: order.totalFee,
    isShowjoinQrcode: 0,
    joinQrcode: '',
    joinGroupName: '',
  }
}

/** Order creation and query, and the payment notification (spec 000 §4 payment, §7). */
export const orderRoutes: FastifyPluginAsync<OrderRoutesOptions> = async (app, { db }) => {
  const accounts = new AccountStore(db)
  const lessons = new LessonStore(db)
  const orders = new OrderStore(db)
  acceptFormBodiesOnly(app)

  /** A share reward goes to a real other user; anything else is ignored rather than refused. */
  const inviterOf = (buyer: AccountRecord, inviterWmid: string | undefined): string | null =>
    inviterWmid && inviterWmid !== buyer.wmid && accounts.user(inviterWmid) ? inviterWmid : null

  app.post<{ Body: CreateBody }>(
    '/wmim/course/v2/order/create.do',
    {
      schema: bodySchema(['courseData', 'loginData'], {
        courseData: handle,
        loginData: handle,
        inviterWmid: { type: 'string', maxLength: 64 },
        payType: { type: 'integer', enum: [1, 2], default: 1 },
      }),
    },
    async (request) => {
      const now = Date.now()
      const { courseData, loginData, inviterWmid, payType } = request.body
      const buyer = requireLogin(accounts, loginData, now)
      if (payType === 2) throw new ApiRefusal(ResponseCode.NotFound, 'live does not exist')
      const lesson = lessons.findByCourseData(courseData)
      if (!lesson) throw new ApiRefusal(ResponseCode.NotFound, 'course does not exist')
      if (lesson.illegal === 1) throw new ApiRefusal(ResponseCode.Illegal, ILLEGAL_MESSAGE)
      if (lesson.privacyStatus !== 3 || lesson.fee <= 0) throw new ApiRefusal(ResponseCode.BadRequest, NOT_FOR_SALE)
      if (buyer.wmid === lesson.wmid || lessons.hasBought(buyer.wmid, lesson.id)) {
        return ok<ObjectData<PayConfig>>({ object: BOUGHT })
      }
      // The server, not the client, enforces "bind a phone before buying" (spec 000 §6).
      if (buyer.isProductUser === 0) throw new ApiRefusal(ResponseCode.Forbidden, BIND_PHONE_FIRST)
      const order = orders.openOrder(
        { wmid: buyer.wmid, lessonId: lesson.id, totalFee: lesson.fee, inviterWmid: inviterOf(buyer, inviterWmid) },
        now,
      )
      return ok<ObjectData<PayConfig>>({ object: payConfig(order, now) })
    },
  )

  app.post<{ Body: QueryBody }>(
    '/wmim/course/v2/order/query.do',
    { schema: bodySchema(['orderNO', 'loginData'], { orderNO, loginData: handle }) },
    async (request) => {
      const buyer = requireLogin(accounts, request.body.loginData, Date.now())
      const order = orders.find(request.body.orderNO)
      if (!order) throw new ApiRefusal(ResponseCode.NotFound, UNKNOWN_ORDER_MESSAGE)
      if (order.wmid !== buyer.wmid) throw new ApiRefusal(ResponseCode.Forbidden, 'this order belongs to another user')
      return ok<ObjectData<OrderState>>({ object: orderState(order) })
    },
  )

  // WeChat posts notifications as XML; this server takes the same fields form-encoded.
  app.post<{ Body: NotifyBody }>(
    '/wmim/pay/notify.do',
    {
      schema: {
        body: {
          type: 'object',
          required: ['return_code', 'result_code', 'out_trade_no', 'total_fee', 'sign'],
          properties: { out_trade_no: orderNO, total_fee: { type: 'string', pattern: '^\\d{1,10}$' } },
          additionalProperties: notifyField,
          maxProperties: 64,
        },
      },
    },
    async (request) => {
      const body = request.body
      if (!signMatches(body.sign, payV2Sign(body, DEV_PAY_KEY))) {
        throw new ApiRefusal(ResponseCode.Forbidden, INVALID_SIGN)
      }
      // a failed payment is acknowledged and changes nothing
      if (body.return_code !== 'SUCCESS' || body.result_code !== 'SUCCESS') return ok(null)
      const order = markOrderPaid(orders, body.out_trade_no, Number(body.total_fee), Date.now())
      return ok<ObjectData<OrderState>>({ object: orderState(order) })
    },
  )
}
