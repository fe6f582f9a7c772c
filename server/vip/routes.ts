/**
 * The campaign's calls (types/vip.ts `vipCalls`; spec 000 §2, §9; spec 001 §2, §9). Every call is
 * answered for the account its campaign link (`data`) belongs to and nobody else: an unknown link
 * is 404, and no call names the owner. The link shows the eligibility to anyone; the exchange, the
 * slots, the friend lookup and the redeem need the owner's session (601 without one, 403 for
 * another account's), so holding a link gives nothing away. Friend lookups are limited per account
 * and per client (FRIEND_LOOKUP_LIMITS), known and unknown IDs alike, redeems' lookups included.
 * The window, the quota from the group's real member count, one exchange per account and per
 * group, the slots and each redeem are decided here (rules.ts, data.ts), never by the pages.
 */
import type { AppContext } from '../context'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { ResponseCode } from '../../types/api'
import { VIP_LOOKUP_LIMIT_CODE, VIP_REFUSED_CODE, vipCalls } from '../../types/vip'
import type { VipRefusal, VipSlot, VipSlots, VipViewer } from '../../types/vip'
import { type AttemptLimit, waitMinutes } from '../core/attempts'
import { contractRoute } from '../core/contractRoute'
import { ApiRefusal, ok } from '../core/envelope'
import type { TextKey } from '../core/messages'
import { acceptFormBodiesOnly, handle, integer } from '../core/schema'
import { absoluteUrl, publicOrigin } from '../core/urls'
import type { LinkRow, SlotRow, UserRow } from './data'
import { vipCampaignJson } from '../../src/domain/vip'

/** A product ID as users type it: visible characters, no spaces. */
const friendId = { type: 'string', minLength: 1, maxLength: 64, pattern: '^\\S+$' } as const

/**
 * Friend IDs one account, and one client (address), may look up in a window: an owner gives at most
 * 50 slots, and a mistyped ID is looked up again, so a person stays well inside them; a script
 * probing which IDs exist gets 20 per account and 40 per address every 10 minutes.
 */
export const FRIEND_LOOKUP_LIMITS: { account: AttemptLimit; client: AttemptLimit } = {
  account: { max: 20, windowMs: 10 * 60_000 },
  client: { max: 40, windowMs: 10 * 60_000 },
}

/** The catalogue's text of each campaign refusal (core/messages.ts). */
const VIP_REFUSAL_TEXTS: Record<VipRefusal, TextKey> = {
  closed: 'vipClosed',
  tooSmall: 'vipTooSmall',
  exchanged: 'vipExchanged',
  groupCounted: 'vipGroupCounted',
  notExchanged: 'vipNotExchanged',
  slotUsed: 'vipSlotUsed',
  friendHasSlot: 'vipFriendHasSlot',
  self: 'vipSelf',
}

const refuse = (reason: VipRefusal): ApiRefusal => ApiRefusal.say(VIP_REFUSED_CODE, VIP_REFUSAL_TEXTS[reason])

function slotOnWire(origin: string, row: SlotRow): VipSlot {
  return {
    number: row.number,
    used: row.friendWmid === null ? 0 : 1,
    friendId: row.friendWmid ?? '',
    friendNickname: row.friendNickname ?? '',
    friendFaceIcon: row.friendFaceIcon ? absoluteUrl(origin, row.friendFaceIcon) : '',
  }
}

export const vipRoutes: FastifyPluginAsync<AppContext> = async (
  app,
  { db, identity, repos: { vip, attempts }, vipCampaignClock: campaignClock },
) => {
  acceptFormBodiesOnly(app)

  const linkOf = async (data: string): Promise<LinkRow> => {
    const link = await vip.link(data)
    if (!link) throw ApiRefusal.say(ResponseCode.NotFound, 'vipLinkMissing')
    return link
  }

  /** The link, when the request carries its owner's session: 601 without a session, 403 for another account's. */
  const ownedLink = async (request: FastifyRequest, data: string): Promise<LinkRow> => {
    const viewer = await identity.viewer(request, Date.now())
    if (!viewer) throw ApiRefusal.say(ResponseCode.SessionExpired, 'vipLoginNeeded')
    const link = await linkOf(data)
    if (viewer.wmid !== link.wmid) throw ApiRefusal.say(ResponseCode.Forbidden, 'vipNotOwner')
    return link
  }

  const viewerOf = async (request: FastifyRequest, link: LinkRow): Promise<VipViewer> => {
    const viewer = await identity.viewer(request, Date.now())
    if (!viewer) return 'guest'
    return viewer.wmid === link.wmid ? 'owner' : 'other'
  }

  /**
   * The user a friend ID names, counted against the owner's and the client's lookups whether it
   * exists or not (one transaction with the check, so concurrent lookups get exactly the limit).
   */
  const lookUpFriend = async (request: FastifyRequest, owner: string, friendId: string): Promise<UserRow | undefined> => {
    const now = Date.now()
    const buckets = [
      { bucket: `vip-friend:account:${owner}`, limit: FRIEND_LOOKUP_LIMITS.account },
      { bucket: `vip-friend:client:${request.ip}`, limit: FRIEND_LOOKUP_LIMITS.client },
    ]
    const waitMs = await db.transaction(async (tx) => {
      for (const { bucket, limit } of buckets) {
        const wait = await attempts.waitMs(tx, bucket, limit, now)
        if (wait > 0) return wait
      }
      await attempts.add(tx, buckets.map(({ bucket, limit }) => ({ bucket, windowMs: limit.windowMs })), now)
      return 0
    })
    if (waitMs > 0) throw ApiRefusal.say(VIP_LOOKUP_LIMIT_CODE, 'tooManyFriendLookups', { minutes: waitMinutes(waitMs) })
    return vip.user(friendId)
  }

  const slotsOf = async (origin: string, wmid: string, quota: number): Promise<VipSlots> => ({
    quota,
    slots: (await vip.slots(wmid)).map((row) => slotOnWire(origin, row)),
  })

  contractRoute(app, vipCalls.eligibility, { fields: { data: handle } }, async (request) => {
    const link = await linkOf(request.body.data)
    const exchanged = await vip.exchangeOf(link.wmid)
    const counted = exchanged?.groupId === link.groupId
    return ok({
      object: {
        groupName: link.groupName,
        // once exchanged, the group's numbers are those the exchange fixed
        memberCount: counted ? exchanged.memberCount : link.memberCount,
        quota: counted ? exchanged.quota : await vip.quotaFor(link.memberCount),
        reason: (await vip.ineligibility(link, campaignClock())) ?? '',
        campaign: vipCampaignJson(await vip.campaign()),
        viewer: await viewerOf(request, link),
      },
    })
  })

  contractRoute(app, vipCalls.exchange, { fields: { data: handle } }, async (request) => {
    await ownedLink(request, request.body.data)
    const result = await vip.exchange(request.body.data, Date.now(), campaignClock())
    if (result === 'unknown') throw ApiRefusal.say(ResponseCode.NotFound, 'vipLinkMissing')
    if (typeof result === 'string') throw refuse(result)
    return ok({ object: await slotsOf(publicOrigin(request), result.wmid, result.quota) })
  })

  contractRoute(app, vipCalls.slots, { fields: { data: handle } }, async (request) => {
    const link = await ownedLink(request, request.body.data)
    const exchange = await vip.exchangeOf(link.wmid)
    if (!exchange) throw refuse('notExchanged')
    return ok({ object: await slotsOf(publicOrigin(request), link.wmid, exchange.quota) })
  })

  contractRoute(app, vipCalls.friend, { fields: { data: handle, friendId } }, async (request) => {
    const link = await ownedLink(request, request.body.data)
    const friend = await lookUpFriend(request, link.wmid, request.body.friendId)
    if (!friend) throw ApiRefusal.say(ResponseCode.NotFound, 'vipFriendMissing')
    const origin = publicOrigin(request)
    return ok({ object: { friendId: friend.wmid, nickname: friend.nickname, faceIcon: absoluteUrl(origin, friend.faceIcon) } })
  })

  contractRoute(
    app,
    vipCalls.redeem,
    { fields: { data: handle, number: integer(1, 50), friendId } },
    async (request) => {
      const { data, number, friendId: friend } = request.body
      const link = await ownedLink(request, data)
      if (!(await vip.exchangeOf(link.wmid))) throw refuse('notExchanged')
      if (friend === link.wmid) throw refuse('self')
      if (!(await lookUpFriend(request, link.wmid, friend))) throw ApiRefusal.say(ResponseCode.NotFound, 'vipFriendMissing')
      const result = await vip.redeem(link.wmid, number, friend, Date.now())
      if (result === 'noSlot') throw ApiRefusal.say(ResponseCode.NotFound, 'vipSlotMissing')
      if (typeof result === 'string') throw refuse(result)
      return ok({ object: { slot: slotOnWire(publicOrigin(request), result.slot), vipUntil: result.vipUntil } })
    },
  )
}
