/**
 * The invite area's calls (types/invite.ts `inviteCalls`, spec 000 §7 "Invite calls", spec 001 §7):
 * friend and group requests on QR-code invites (recorded once), the watermark-camera binding
 * (the login area's SMS codes and limits, login/smsCalls.ts), the invite-password queries, the
 * paid group's order (WeChat Pay's H5 pay, server/purchase/payments.ts; its stand-in in demo
 * mode), and the download description.
 */
import type { AppContext } from '../context'
import type { FastifyPluginAsync } from 'fastify'
import { ResponseCode } from '../../types/api'
import { DEV_STORE_PATH, DOWNLOAD_DESC_PATH, GROUP_ORDER_CHANNEL, GROUP_PAYMENT_TYPE, inviteCalls } from '../../types/invite'
import type { GroupOrderAnswer, WatermarkBind } from '../../types/invite'
import { contractRoute } from '../core/contractRoute'
import { ApiRefusal, ok } from '../core/envelope'
import { acceptFormBodiesOnly, handle } from '../core/schema'
import { type AttemptLimit, waitMinutes } from '../core/attempts'
import { absoluteUrl, publicOrigin } from '../core/urls'
import { phoneNumber, requireSmsCode, sendSmsCode } from '../login/smsCalls'
import type { QrInvite } from './data'
import { h5PayForm, payGroupReturn, readOrderData, storePage } from './rules'
import { WechatPayError } from '../outside/wechatPay/client'
import { PAY_NOTIFY_PATH } from '../purchase/payments'
import { FRIEND_MESSAGE_MAX_CHARS } from '../../src/domain/validation'

/** The description /downloadWm shows (spec 001 §3 wmDownload_desc), served as the remote update config. */
export const DOWNLOAD_DESCRIPTION = '微脉 3.2：群聊最多 5000 人，好友上限 50000 人；新增群直播与课程合集。'

/**
 * Invite-password lookups one client (address) may make in a window. The spec has invitees look
 * up an inviter without a session, and an answer says whether the user ID exists; a person opens
 * a handful of invites, a script probing user IDs is stopped after 30 every 10 minutes, known and
 * unknown IDs alike.
 */
export const INVITE_LOOKUP_LIMIT: AttemptLimit = { max: 30, windowMs: 10 * 60_000 }

const message = { type: 'string', maxLength: 256 } as const
const text64 = { type: 'string', minLength: 1, maxLength: 64 } as const
const interCode = { type: 'string', pattern: '^\\+?\\d{1,4}$', default: '86' } as const

export const inviteRoutes: FastifyPluginAsync<AppContext> = async (app, { db, repos: { invites, smsCodes: sms, attempts }, dev, smsSender, payments, wechat }) => {
  acceptFormBodiesOnly(app)

  /** Counts one invite lookup of this client, refused past INVITE_LOOKUP_LIMIT (the check and the count are one transaction). */
  const countLookup = async (ip: string): Promise<void> => {
    const now = Date.now()
    const bucket = `invite-lookup:client:${ip}`
    const waitMs = await db.transaction(async (tx) => {
      const wait = await attempts.waitMs(tx, bucket, INVITE_LOOKUP_LIMIT, now)
      if (wait === 0) await attempts.add(tx, [{ bucket, windowMs: INVITE_LOOKUP_LIMIT.windowMs }], now)
      return wait
    })
    if (waitMs > 0) throw ApiRefusal.say(ResponseCode.Forbidden, 'tooManyInviteLookups', { minutes: waitMinutes(waitMs) })
  }

  const inviteOf = async (data: string, kind?: 'friend' | 'group'): Promise<QrInvite> => {
    const invite = await invites.invite(data)
    if (!invite) throw ApiRefusal.say(ResponseCode.NotFound, 'inviteMissing')
    if (kind === 'friend' && invite.gid !== null) throw ApiRefusal.say(ResponseCode.BadRequest, 'notFriendInvite')
    if (kind === 'group' && invite.gid === null) throw ApiRefusal.say(ResponseCode.BadRequest, 'notGroupInvite')
    return invite
  }

  contractRoute(app, inviteCalls.friendAdd, { fields: { data: handle, message } }, async (request) => {
    const { data } = await inviteOf(request.body.data, 'friend')
    const note = request.body.message?.trim()
    // spec 000 §5: more than 64 characters is refused, on the server as on the page
    if (note && Array.from(note).length > FRIEND_MESSAGE_MAX_CHARS) throw ApiRefusal.say(ResponseCode.BadRequest, 'friendMessageTooLong', { max: FRIEND_MESSAGE_MAX_CHARS })
    await invites.request(data, note ? note : null, Date.now())
    return ok(null)
  })

  contractRoute(app, inviteCalls.groupAdd, { fields: { data: handle } }, async (request) => {
    await invites.request((await inviteOf(request.body.data, 'group')).data, null, Date.now())
    return ok(null)
  })

  contractRoute(
    app,
    inviteCalls.watermarkSms,
    // an absent phone gets the spec's wording, like an empty one
    { fields: { data: handle, phone: { type: 'string', maxLength: 32, default: '' }, interCode } },
    async (request) => {
      await inviteOf(request.body.data)
      await sendSmsCode(sms, smsSender, phoneNumber(request.body.phone, request.body.interCode), request.ip)
      return ok(null)
    },
  )

  const watermarkFields = {
    data: handle,
    wsid: text64,
    phone: { type: 'string', maxLength: 32 },
    vcode: { type: 'string', maxLength: 16 },
    interCode,
  } as const
  const bind = (kind: 'friend' | 'group') =>
    async (request: { body: { data: string; wsid: string; phone: string; vcode: string; interCode: string } }) => {
      const now = Date.now()
      const invite = await inviteOf(request.body.data, kind)
      const number = phoneNumber(request.body.phone, request.body.interCode)
      await requireSmsCode(sms, number, request.body.vcode, now)
      const wsid = request.body.wsid.trim()
      const bound = await invites.bindWatermark(invite.data, wsid, number.phone, number.interCode, now)
      if (bound.outcome === 'unknown-account') throw ApiRefusal.say(ResponseCode.NotFound, 'wmAccountMissing')
      if (bound.outcome === 'bound-elsewhere') throw ApiRefusal.say(ResponseCode.Forbidden, 'wmAccountTaken')
      return ok<{ object: WatermarkBind }>({ object: { wsid, vipQuota: bound.vipQuota } })
    }
  contractRoute(app, inviteCalls.watermarkFriendAdd, { fields: watermarkFields }, bind('friend'))
  contractRoute(app, inviteCalls.watermarkGroupAdd, { fields: watermarkFields }, bind('group'))

  contractRoute(
    app,
    inviteCalls.groupQuery,
    { fields: { wmid: handle, gid: handle, version: { type: 'string', maxLength: 32 } } },
    async (request) => {
      const { wmid, gid } = request.body
      await countLookup(request.ip)
      const group = await invites.group(gid)
      const inviter = await invites.inviter(wmid)
      const password = await invites.passwordFor(wmid, gid)
      if (!group || !inviter || !password) throw ApiRefusal.say(ResponseCode.NotFound, 'groupMissing')
      const origin = publicOrigin(request)
      return ok({
        object: {
          nickname: inviter.nickname,
          headImg: absoluteUrl(origin, group.headImg),
          faceIcon: absoluteUrl(origin, inviter.faceIcon),
          groupName: group.name,
          introduction: group.introduction,
          condition: group.condition,
          isNeedPay: group.fee > 0 ? 1 : 0,
          fee: group.fee,
          password: `￥${password}￥`,
        },
      })
    },
  )

  contractRoute(
    app,
    inviteCalls.friendQuery,
    { fields: { wmid: handle, version: { type: 'string', maxLength: 32 } } },
    async (request) => {
      await countLookup(request.ip)
      const inviter = await invites.inviter(request.body.wmid)
      const password = await invites.passwordFor(request.body.wmid, null)
      if (!inviter || !password) throw ApiRefusal.say(ResponseCode.NotFound, 'inviterMissing')
      return ok({ object: { nickname: inviter.nickname, faceIcon: absoluteUrl(publicOrigin(request), inviter.faceIcon), password: `￥${password}￥` } })
    },
  )

  contractRoute(
    app,
    inviteCalls.groupOrder,
    {
      fields: {
        orderData: { type: 'string', minLength: 2, maxLength: 1024 },
        orderChannels: { type: 'integer', enum: [GROUP_ORDER_CHANNEL] },
        paymentType: { type: 'integer', enum: [GROUP_PAYMENT_TYPE] },
      },
    },
    async (request) => {
      // no order is taken that cannot be paid
      if (!payments) throw ApiRefusal.say(ResponseCode.Forbidden, 'groupPaymentUnavailable')
      const order = readOrderData(request.body.orderData)
      const password = await invites.password(order.password)
      const group = await invites.group(order.gid)
      // the password must be one of this inviter's for this group: a password of another group buys nothing
      if (!password || !group || password.gid !== group.gid || password.inviterWmid !== order.wmid) {
        throw ApiRefusal.say(ResponseCode.NotFound, 'groupMissing')
      }
      if (group.fee === 0) throw ApiRefusal.say(ResponseCode.BadRequest, 'groupIsFree')
      const now = Date.now()
      const opened = await invites.openOrder(password.password, group.gid, group.fee, now)
      const origin = publicOrigin(request)
      try {
        // back from WeChat Pay before its notification: WeChat Pay's order query says whether it paid
        const paid = opened.status === 1 || (await payments.reconcile(opened.orderNO, now))
        if (paid) return ok({ object: { isBought: 1, orderNO: opened.orderNO, formHTML: '' } satisfies GroupOrderAnswer })
        const h5Url = await payments.client.h5Prepay({
          appid: wechat.appId,
          description: group.name,
          outTradeNo: opened.orderNO,
          totalFen: opened.totalFee,
          notifyPath: PAY_NOTIFY_PATH,
          payerIp: request.ip,
          appName: group.name,
          appUrl: origin,
        })
        const answer: GroupOrderAnswer = { isBought: 0, orderNO: opened.orderNO, formHTML: h5PayForm(h5Url, origin, payGroupReturn(opened, true)) }
        return ok({ object: answer })
      } catch (error) {
        if (!(error instanceof WechatPayError)) throw error
        request.log.warn({ status: error.status, code: error.code }, error.message)
        throw ApiRefusal.say(ResponseCode.ServerError, 'payUnavailable')
      }
    },
  )

  app.get(DOWNLOAD_DESC_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send({ wmDownload_desc: DOWNLOAD_DESCRIPTION }),
  )

  if (!dev) return

  app.get<{ Params: { platform: string } }>(
    `${DEV_STORE_PATH}/:platform`,
    { schema: { params: { type: 'object', properties: { platform: { type: 'string', enum: ['android', 'ios'] } } } } },
    async (request, reply) => reply.type('text/html; charset=utf-8').send(storePage(request.params.platform === 'ios' ? 'iOS' : 'Android')),
  )
}
