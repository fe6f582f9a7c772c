/**
 * The purchase area's calls (types/purchase.ts `purchaseCalls`, spec 000 §4 payment, §7): order
 * creation (a WeChat Pay API v3 JSAPI prepay, and signed pay parameters for the client) and the
 * order query, which asks WeChat Pay about an order still unpaid here. WeChat Pay's notifications
 * arrive at notify.ts; payments.ts holds what they and the query do to orders.
 */
import type { AppContext } from '../context'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { ResponseCode } from '../../types/api'
import type { PayConfig } from '../../types/purchase'
import { CLIENT_PLATFORM_PATTERN, purchaseCalls } from '../../types/purchase'
import { contractRoute } from '../core/contractRoute'
import { ApiRefusal, ok } from '../core/envelope'
import { absoluteUrl, publicOrigin } from '../core/urls'
import { acceptFormBodiesOnly, handle } from '../core/schema'
import type { AccountRecord } from '../login/data'
import { WechatPayError } from '../outside/wechatPay/client'
import type { JsapiPayParams } from '../outside/wechatPay/client'
import type { JoinGroup } from './data'
import { notifyRoutes } from './notify'
import { PAY_NOTIFY_PATH } from './payments'
import type { Payments } from './payments'
import { payerOf } from './payer'
import { orderSource } from './platform'
import { jsapiPayConfig, liveOrderState, orderState } from './rules'

const orderNO = { type: 'string', minLength: 1, maxLength: 32 } as const

/** An open order's JSAPI prepay is paid with the same parameters for this long (WeChat Pay keeps a prepay_id 2 h). */
export const PREPAY_REUSE_MS = 3600_000
/**
 * WeChat Pay is asked whether an order opened before is paid at most this often: a buyer tapping pay
 * again is answered from the last word meanwhile, and the pay page's own order query asks each time.
 */
export const ORDER_CHECK_INTERVAL_MS = 3_000

/** WeChat's own browser (its User-Agent), where WeixinJSBridge confirms a JSAPI payment. */
const WECHAT_BROWSER = /\bMicroMessenger\//

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

/** What a prepay needs to know about the order. */
interface Payable {
  orderNO: string
  totalFee: number
  description: string
}

export const purchaseRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const {
    repos: { accounts, lessons, orders },
    identity,
    wechat,
    payments,
  } = context
  acceptFormBodiesOnly(app)
  await app.register(notifyRoutes, context)

  /** The lesson's join group with its QR code as an absolute URL of the server the client called. */
  const joinGroupOf = async (lessonId: number, request: FastifyRequest): Promise<JoinGroup | undefined> => {
    const group = await orders.joinGroup(lessonId)
    return group && { name: group.name, qrcode: absoluteUrl(publicOrigin(request), group.qrcode) }
  }

  /** A share reward goes to a real other user; anything else is ignored rather than refused. */
  const inviterOf = async (buyer: AccountRecord, inviterWmid: string | undefined): Promise<string | null> =>
    inviterWmid && inviterWmid !== buyer.wmid && (await accounts.user(inviterWmid)) ? inviterWmid : null

  /**
   * A browser outside WeChat cannot confirm a JSAPI payment (it has no WeixinJSBridge), and WeChat's
   * own browser shows a lesson's open-in-browser screen (spec 000 §3): such a buyer pays through
   * H5 pay, WeChat Pay's cashier page. Only the development sandbox (dev routes) pays a JSAPI
   * prepay in a plain browser, so with dev routes the demo keeps it.
   */
  const h5Paid = async (pay: Payments, order: Payable, request: FastifyRequest, group: JoinGroup | undefined): Promise<PayConfig> => {
    const origin = publicOrigin(request)
    try {
      const h5Url = await pay.client.h5Prepay({
        appid: wechat.appId,
        description: order.description,
        outTradeNo: order.orderNO,
        totalFen: order.totalFee,
        notifyPath: PAY_NOTIFY_PATH,
        payerIp: request.ip,
        appName: order.description,
        appUrl: origin,
      })
      // WeChat Pay answers an absolute URL; the demo's stand-in a path under its base (this server's, in demo mode)
      const base = /^https?:\/\//.test(pay.client.settings.base) ? pay.client.settings.base : origin
      return { ...bought(undefined), isBought: 0, orderNO: order.orderNO, totalFee: order.totalFee, joinGroupName: group?.name ?? '', h5Url: new URL(h5Url, base).href }
    } catch (error) {
      if (!(error instanceof WechatPayError)) throw error
      logPayError(app, error)
      throw ApiRefusal.say(ResponseCode.ServerError, 'payUnavailable')
    }
  }
  /**
   * An order opened before (the buyer back from WeChat Pay's cashier or pay sheet ahead of its
   * notification, tapping pay again): WeChat Pay's order query says whether it is paid already,
   * where a second prepay of the same number would only be refused.
   */
  const paidMeanwhile = async (pay: Payments, order: { orderNO: string; createdAt: number }, now: number): Promise<boolean> => {
    if (order.createdAt === now) return false
    if (!(await orders.claimCheck(order.orderNO, now, now - ORDER_CHECK_INTERVAL_MS))) return false
    try {
      return await pay.reconcile(order.orderNO, now)
    } catch (error) {
      if (!(error instanceof WechatPayError)) throw error
      logPayError(app, error)
      return false
    }
  }
  const paysInBrowser = (source: { miniProgram: boolean }, request: FastifyRequest): boolean =>
    !context.dev && !source.miniProgram && !WECHAT_BROWSER.test(request.headers['user-agent'] ?? '')

  /** The order's JSAPI prepay at WeChat Pay and the signed parameters the client pays it with. */
  const prepaid = async (pay: Payments, order: Payable, buyer: AccountRecord, miniProgram: boolean, group: JoinGroup | undefined): Promise<PayConfig> => {
    const appId = miniProgram ? wechat.miniAppId : wechat.appId
    const openid = await payerOf(context, buyer.wmid, appId)
    if (!openid) throw ApiRefusal.say(ResponseCode.Forbidden, 'payNeedsWechatLogin')
    // the QR code follows the payment (orderState); the name tells the buyer what it will be
    const extra = { isBought: 0, joinGroupName: group?.name ?? '' } as const
    const now = Date.now()
    const kept = await orders.keptPrepay(order.orderNO, appId, openid, now - PREPAY_REUSE_MS)
    if (kept) return jsapiPayConfig(JSON.parse(kept) as JsapiPayParams, order, extra)
    try {
      const prepayId = await pay.client.jsapiPrepay({
        appid: appId,
        description: order.description,
        outTradeNo: order.orderNO,
        totalFen: order.totalFee,
        notifyPath: PAY_NOTIFY_PATH,
        openid,
      })
      const params = pay.client.payParams(appId, prepayId)
      await orders.keepPrepay(order.orderNO, appId, openid, JSON.stringify(params), now)
      return jsapiPayConfig(params, order, extra)
    } catch (error) {
      if (!(error instanceof WechatPayError)) throw error
      logPayError(app, error)
      throw ApiRefusal.say(ResponseCode.ServerError, 'payUnavailable')
    }
  }

  contractRoute(
    app,
    purchaseCalls.createOrder,
    {
      fields: {
        courseData: handle,
        loginData: handle,
        inviterWmid: { type: 'string', maxLength: 64 },
        payType: { type: 'integer', enum: [1, 2], default: 1 },
        platform: { type: 'string', pattern: CLIENT_PLATFORM_PATTERN },
      },
    },
    async (request) => {
      const now = Date.now()
      const { courseData, loginData, inviterWmid, payType, platform } = request.body
      const buyer = await identity.loginUser(loginData, now)
      const source = orderSource(request.headers, platform)
      // WeChat forbids selling virtual goods through WeChat Pay in the mini-program on iOS
      if (source.ios) throw ApiRefusal.say(ResponseCode.Forbidden, 'payIosMiniProgram')
      if (payType === 2) {
        const live = await orders.liveForSale(courseData)
        if (!live) throw ApiRefusal.say(ResponseCode.NotFound, 'liveMissing')
        if (buyer.wmid === live.wmid || (await orders.ownsLive(buyer.wmid, live.id))) return ok({ object: bought(undefined) })
        if (buyer.isProductUser === 0) throw ApiRefusal.say(ResponseCode.Forbidden, 'bindPhoneFirst')
        if (!payments) throw ApiRefusal.say(ResponseCode.ServerError, 'payUnavailable')
        const order = await orders.openLiveOrder({ wmid: buyer.wmid, liveId: live.id, totalFee: live.fee, inviterWmid: await inviterOf(buyer, inviterWmid) }, now)
        if (await paidMeanwhile(payments, order, now)) return ok({ object: bought(undefined) })
        const payable = { ...order, description: live.title }
        if (paysInBrowser(source, request)) return ok({ object: await h5Paid(payments, payable, request, undefined) })
        return ok({ object: await prepaid(payments, payable, buyer, source.miniProgram, undefined) })
      }
      const lesson = await lessons.findByCourseData(courseData)
      if (!lesson) throw ApiRefusal.say(ResponseCode.NotFound, 'courseMissing')
      if (lesson.illegal === 1) throw ApiRefusal.say(ResponseCode.Illegal, 'lessonIllegal')
      if (lesson.privacyStatus !== 3 || lesson.fee <= 0) throw ApiRefusal.say(ResponseCode.BadRequest, 'courseNotForSale')
      if (buyer.wmid === lesson.wmid || (await lessons.hasBought(buyer.wmid, lesson.id))) return ok({ object: bought(await joinGroupOf(lesson.id, request)) })
      // The server, not the client, enforces "bind a phone before buying" (spec 000 §6).
      if (buyer.isProductUser === 0) throw ApiRefusal.say(ResponseCode.Forbidden, 'bindPhoneFirst')
      if (!payments) throw ApiRefusal.say(ResponseCode.ServerError, 'payUnavailable')
      const order = await orders.openOrder(
        { wmid: buyer.wmid, lessonId: lesson.id, totalFee: lesson.fee, inviterWmid: await inviterOf(buyer, inviterWmid) },
        now,
      )
      const group = await joinGroupOf(lesson.id, request)
      if (await paidMeanwhile(payments, order, now)) return ok({ object: bought(group) })
      const payable = { ...order, description: lesson.courseName }
      if (paysInBrowser(source, request)) return ok({ object: await h5Paid(payments, payable, request, group) })
      return ok({ object: await prepaid(payments, payable, buyer, source.miniProgram, group) })
    },
  )

  contractRoute(app, purchaseCalls.queryOrder, { fields: { orderNO, loginData: handle } }, async (request) => {
    const now = Date.now()
    const buyer = await identity.loginUser(request.body.loginData, now)
    const number = request.body.orderNO
    const lessonOrder = await orders.find(number)
    const liveOrder = lessonOrder ? undefined : await orders.findLive(number)
    const order = lessonOrder ?? liveOrder
    if (!order) throw ApiRefusal.say(ResponseCode.NotFound, 'orderMissing')
    if (order.wmid !== buyer.wmid) throw ApiRefusal.say(ResponseCode.Forbidden, 'orderOfOtherUser')
    // a payment whose notification has not arrived: WeChat Pay's order query settles it
    if (order.status === 0 && payments) {
      try {
        await payments.reconcile(number, now)
      } catch (error) {
        if (!(error instanceof WechatPayError)) throw error
        logPayError(app, error)
      }
    }
    if (lessonOrder) {
      const current = (await orders.find(number)) ?? lessonOrder
      return ok({ object: orderState(current, await joinGroupOf(current.lessonId, request)) })
    }
    const live = await orders.findLive(number)
    if (!live) throw ApiRefusal.say(ResponseCode.NotFound, 'orderMissing')
    return ok({ object: liveOrderState(live) })
  })
}

/** WeChat Pay's errors go to the log for the operator; the buyer reads the catalogue's sentence. */
function logPayError(app: { log: { warn(object: object, message: string): void } }, error: WechatPayError): void {
  app.log.warn({ status: error.status, code: error.code }, error.message)
}
