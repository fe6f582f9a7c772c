/**
 * The live area's calls (types/live.ts `liveCalls`, spec 001 §7) and its media host: the watch
 * count GET and the stream's playlists (hls.ts). rules.ts decides who gets a stream; data.ts
 * reads and writes. A playlist opens only with a token a play call issued for that live and kind,
 * so the stream of a paid live is not reachable by guessing its address.
 */
import type { AppContext } from '../context'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { ResponseCode } from '../../types/api'
import { CHATROOM_SOCKET_PATH } from '../../types/chatroom'
import { LIVE_WATCH_COUNT_PATH, liveCalls } from '../../types/live'
import type { LiveInfo, LiveWatchData } from '../../types/live'
import { waitMinutes } from '../core/attempts'
import { contractRoute } from '../core/contractRoute'
import { ApiRefusal, ok } from '../core/envelope'
import { acceptFormBodiesOnly, handle, page, pageSize } from '../core/schema'
import { absoluteUrl, publicOrigin } from '../core/urls'
import type { LiveRecord, PlayKind } from './data'
import { FIXTURE_SEGMENTS, livePlaylist, replayPlaylist, segmentName } from './hls'
import type { LiveViewer, Refusal } from './rules'
import { REPLAY_PASSWORD_LIMIT, REPLAY_PASSWORD_LIVE_LIMIT, adminRefusal, playRefusal, replayRefusal, triesReplayPassword } from './rules'
import { PasswordTries } from '../lesson/passwordTries'
import { nimClientType } from '../outside/nim/room'
import { openidOfSubscribeLink, subscribeLinkKey } from './subscribeLink'
import { subscribeRoutes } from './subscribeRoutes'
import { nimModerationRoutes } from './nimModeration'
import { streamOriginFromEnv, streamUrl } from './streamUrls'
import { WechatPayError } from '../outside/wechatPay/client'

const flag = { type: 'integer', enum: [0, 1] } as const
/** the signed openid of /liveSubscribeNoti's query (subscribeLink.ts) */
const openid = { type: 'string', minLength: 1, maxLength: 256 } as const

const refuse = (refusal: Refusal | undefined): void => {
  if (refusal) throw ApiRefusal.say(refusal.code, refusal.key)
}

/** The committed segments (server/media/generate-live.sh), 150 KB read once: the same bytes for every live. */
export const STREAM_DIR = join(__dirname, 'stream')
const readSegments = (): ReadonlyMap<string, Buffer> =>
  new Map(Array.from({ length: FIXTURE_SEGMENTS }, (_, k) => [`seg${k}.m2ts`, readFileSync(join(STREAM_DIR, `seg${k}.m2ts`))]))

/** The local room's socket on the server the client called (ws, or wss behind TLS). */
function localRoomAddress(origin: string): string {
  return `${origin.replace(/^http/, 'ws')}${CHATROOM_SOCKET_PATH}`
}

export const liveRoutes: FastifyPluginAsync<AppContext> = async (app, { db, repos: { lives, accounts, attempts, orders }, identity, wechat, wechatOauth, nimRoom, payments, liveWebViewer, liveFixtureStream }) => {
  const replayTries = new PasswordTries(db, attempts, { prefix: 'live-pass', client: REPLAY_PASSWORD_LIMIT, item: REPLAY_PASSWORD_LIVE_LIMIT })
  const clock = Date.now
  const segments = readSegments()
  // a deployment's stream origin (LIVE_STREAM_*), else this server's fixture stream behind play tokens (demo)
  const streamOrigin = streamOriginFromEnv(process.env)
  if (!streamOrigin && !liveFixtureStream) app.log.error('LIVE_STREAM_ORIGIN is not set: no live or replay can be played (see README, filling a production database)')
  acceptFormBodiesOnly(app)

  const findLive = async (courseData: string): Promise<LiveRecord> => {
    const live = await lives.find(courseData)
    if (!live) throw ApiRefusal.say(ResponseCode.NotFound, 'liveMissing')
    // without the older web viewer (the deployment's LIVE_WEB_VIEWER) every live is watched in the app only
    return liveWebViewer ? live : { ...live, appOnly: 1 }
  }

  /**
   * `orderNO` of the play call: the viewer's own open order of this live, paid a moment ago. WeChat
   * Pay is asked about it (its notification may not have arrived), which settles it as the
   * notification would. Anyone else's order, another live's, a paid or unknown one is left alone:
   * the stream opens on the orders the money area holds, never on the number a client sends.
   */
  const settleJustPaid = async (live: LiveRecord, wmid: string, orderNO: string, at: number): Promise<void> => {
    if (!payments || live.saleLiveId === null) return
    const order = await orders.findLive(orderNO)
    if (!order || order.wmid !== wmid || order.liveId !== live.saleLiveId || order.status !== 0) return
    try {
      await payments.reconcile(orderNO, at)
    } catch (error) {
      if (!(error instanceof WechatPayError)) throw error
      app.log.warn({ status: error.status, code: error.code }, error.message)
    }
  }

  /** A chat-app login, or a guest when none is given; a given but expired one answers 601. */
  const viewerFor = async (live: LiveRecord, loginData: string | undefined, at: number, orderNO?: string): Promise<LiveViewer> => {
    if (loginData === undefined) return { kind: 'guest' }
    const user = await identity.loginUser(loginData, at)
    if (orderNO) await settleJustPaid(live, user.wmid, orderNO, at)
    return { kind: 'user', wmid: user.wmid, bought: await lives.hasBought(user.wmid, live) }
  }

  const info = async (live: LiveRecord, viewer: LiveViewer, request: FastifyRequest): Promise<LiveInfo> => {
    const origin = publicOrigin(request)
    return {
      courseData: live.courseData,
      title: live.title,
      faceIcon: absoluteUrl(origin, live.faceIcon),
      liveP: live.saleLiveId === null ? 0 : 1,
      liveF: live.fee,
      duration: live.durationS,
      watchCount: live.watchCount,
      isPlayBack: 0,
      privacyStatus: live.saleLiveId === null ? 1 : 3,
      nickname: live.hostNickname,
      hostFaceIcon: absoluteUrl(origin, live.hostFaceIcon),
      wmid: live.wmid,
      groupid: live.groupId,
      mediaType: live.mediaType,
      status: live.status,
      beginTime: live.beginTime,
      playUrl: '',
      isSubscribe: viewer.kind === 'user' && (await lives.isSubscribed(viewer.wmid, live.wmid)) ? 1 : 0,
      loginUrl: '',
      isAppOnly: live.appOnly,
      hasPlayBack: live.hasReplay,
      isPlayPass: live.replayPassword === null ? 0 : 1,
      watchData: null,
    }
  }

  /** The room to enter: as the viewer's account with a fresh chat token (NetEase's, or this server's), or as a guest. */
  const watchData = async (live: LiveRecord, wmid: string | undefined, request: FastifyRequest, at: number): Promise<LiveWatchData> => {
    const user = wmid === undefined ? undefined : await accounts.user(wmid)
    const origin = publicOrigin(request)
    const faceIcon = user ? absoluteUrl(origin, user.faceIcon) : ''
    // NetEase IM when NIM_* are set (server/outside/nim), else this server's own room
    const room = nimRoom
      ? await nimRoom.entry(live.chatroomId, user && { wmid: user.wmid, nickname: user.nickname, faceIcon }, nimClientType(request.headers.referer), at)
      : {
          appKey: '',
          account: user?.wmid ?? '',
          imToken: user ? await accounts.chatToken(user.wmid, at) : '',
          chatroomAddresses: [localRoomAddress(origin)],
        }
    return { watchNickname: user?.nickname ?? '', watchFaceIcon: faceIcon, ...room, chatroomId: live.chatroomId }
  }

  /** The stream's address for a viewer the rules let in: signed and expiring at the stream origin, or a play token's. */
  const playUrl = async (live: LiveRecord, kind: PlayKind, request: FastifyRequest, at: number): Promise<string> => {
    if (streamOrigin) return streamUrl(streamOrigin, kind, live.streamName, live.durationS, at)
    // a production deployment never hands out the demo's fixture stream in place of its lives
    if (!liveFixtureStream) throw ApiRefusal.say(ResponseCode.Unavailable, 'liveStreamUnset')
    return absoluteUrl(publicOrigin(request), `/hls/${encodeURIComponent(live.courseData)}/${kind}.m3u8?token=${await lives.issuePlayToken(live, kind, at)}`)
  }

  contractRoute(app, liveCalls.info, { fields: { courseData: handle, loginData: handle } }, async (request) => {
    const live = await findLive(request.body.courseData)
    return ok({ object: await info(live, await viewerFor(live, request.body.loginData, clock()), request) })
  })

  contractRoute(
    app,
    liveCalls.play,
    {
      fields: {
        courseData: handle,
        fromType: { type: 'integer', enum: [1, 2] },
        loginType: { type: 'integer', enum: [1, 2] },
        orderNO: { type: 'string', maxLength: 32 },
        loginData: handle,
      },
    },
    async (request) => {
      const at = clock()
      // fromType (1/2, where the viewer came from) opens nothing; orderNO only settles the viewer's own payment
      const { courseData, loginType, loginData, orderNO } = request.body
      const live = await findLive(courseData)
      // loginType 1 needs a live chat-app login; a guest (2) is a guest whatever else it sends
      if (loginType === 1 && loginData === undefined) throw ApiRefusal.say(ResponseCode.SessionExpired, 'loginExpired')
      const viewer = await viewerFor(live, loginType === 1 ? loginData : undefined, at, orderNO)
      refuse(playRefusal(live, viewer))
      const answer = await info(live, viewer, request)
      if (live.status !== 1) return ok({ object: answer })
      await lives.countViewer(live)
      return ok({
        object: {
          ...answer,
          watchCount: live.watchCount + 1,
          playUrl: await playUrl(live, 'live', request, at),
          watchData: await watchData(live, viewer.kind === 'user' ? viewer.wmid : undefined, request, at),
        },
      })
    },
  )

  contractRoute(
    app,
    liveCalls.playback,
    { fields: { courseData: handle, playPass: { type: 'string', maxLength: 64 }, loginData: handle } },
    async (request) => {
      const at = clock()
      const { courseData, playPass, loginData } = request.body
      const live = await findLive(courseData)
      const viewer = await viewerFor(live, loginData, at)
      // a password try's wait check, check and count are one transaction (PasswordTries): concurrent
      // tries on any worker or machine get exactly the limit checked, per client and per live
      const check = () => {
        const refusal = replayRefusal(live, viewer, playPass)
        return { granted: refusal === undefined, refusal }
      }
      const tried = triesReplayPassword(live, viewer) ? await replayTries.attempt(live.id, request.ip, at, check) : { checked: check() }
      if ('waitMs' in tried) throw ApiRefusal.say(ResponseCode.Forbidden, 'tooManyReplayPasswords', { minutes: waitMinutes(tried.waitMs) })
      refuse(tried.checked.refusal)
      return ok({ object: { ...(await info(live, viewer, request)), isPlayBack: 1, playUrl: await playUrl(live, 'replay', request, at) } })
    },
  )

  contractRoute(app, liveCalls.adminPlay, { fields: { courseData: handle } }, async (request) => {
    const at = clock()
    const me = await identity.requireViewer(request, at)
    const live = await findLive(request.body.courseData)
    refuse(adminRefusal(live, me.wmid, await lives.isAdmin(me.wmid, live)))
    const viewer: LiveViewer = { kind: 'user', wmid: me.wmid, bought: true }
    const kind: PlayKind = live.status === 1 ? 'live' : 'replay'
    const stream = live.status === 1 || live.hasReplay === 1 ? await playUrl(live, kind, request, at) : ''
    return ok({ object: { ...(await info(live, viewer, request)), playUrl: stream, watchData: await watchData(live, me.wmid, request, at) } })
  })

  const setSubscribed = async (subscriber: string, host: string, on: boolean): Promise<null> => {
    if (subscriber === host) throw ApiRefusal.say(ResponseCode.BadRequest, 'subscribeSelf')
    if (!(await lives.userExists(host))) throw ApiRefusal.say(ResponseCode.NotFound, 'hostMissing')
    await lives.setSubscribed(subscriber, host, on, clock())
    return null
  }

  contractRoute(app, liveCalls.subscribe, { fields: { wmid: handle, loginData: handle, isSubscribe: flag } }, async (request) => {
    const user = await identity.loginUser(request.body.loginData, clock())
    return ok(await setSubscribed(user.wmid, request.body.wmid, request.body.isSubscribe === 1))
  })

  // the subscription page's openid is one this server signed on WeChat's return, never a bare one
  const linkKey = subscribeLinkKey(wechat.appSecret)
  subscribeRoutes(app, wechatOauth, linkKey)
  nimModerationRoutes(app, { identity, lives, nimRoom, findLive, clock })
  const userOfOpenid = async (link: string): Promise<string> => {
    const id = openidOfSubscribeLink(link, clock(), linkKey)
    const wmid = id === undefined ? undefined : await lives.userOfOpenid(id, wechat.appId)
    if (wmid === undefined) throw ApiRefusal.say(ResponseCode.Forbidden, 'subscribeLinkInvalid')
    return wmid
  }

  contractRoute(app, liveCalls.wxSubscribe, { fields: { openid, wmid: handle, isSubscribe: flag } }, async (request) =>
    ok(await setSubscribed(await userOfOpenid(request.body.openid), request.body.wmid, request.body.isSubscribe === 1)),
  )

  contractRoute(app, liveCalls.subscriptions, { fields: { openid, page, pageSize: pageSize(50) } }, async (request) => {
    const array = await lives.subscriptions(await userOfOpenid(request.body.openid), request.body.page, request.body.pageSize)
    // spec 001 §4: code 404 ends the list
    if (array.length === 0) throw ApiRefusal.say(ResponseCode.NotFound, 'noMore')
    const origin = publicOrigin(request)
    return ok({ array: array.map((row) => ({ ...row, faceIcon: absoluteUrl(origin, row.faceIcon) })) })
  })

  app.get<{ Querystring: { groupid?: string } }>(LIVE_WATCH_COUNT_PATH, async (request, reply) => {
    const groupid = request.query.groupid
    const watchCount = typeof groupid === 'string' ? await lives.watchCountOf(groupid) : undefined
    void reply.header('cache-control', 'no-store')
    if (watchCount === undefined) return reply.code(404).send({ watchCount: 0 })
    return { watchCount }
  })

  /** The live and kind a play token was issued for, or null (unknown, forged, expired, or a live that ended). */
  const entitled = async (courseData: string, kindName: string, token: unknown, at: number): Promise<{ live: LiveRecord; kind: PlayKind } | null> => {
    const kind = kindName === 'live' ? 'live' : kindName === 'replay' ? 'replay' : undefined
    const live = await lives.find(courseData)
    if (kind === undefined || !live || typeof token !== 'string' || !(await lives.playTokenValid(token, live, kind, at))) return null
    if (kind === 'live' && live.status !== 1) return null
    return { live, kind }
  }

  app.get<{ Params: { courseData: string; kind: string }; Querystring: { token?: string } }>(
    '/hls/:courseData/:kind',
    async (request, reply) => {
      const at = clock()
      const kindName = /^(live|replay)\.m3u8$/.exec(request.params.kind)?.[1] ?? ''
      const stream = await entitled(request.params.courseData, kindName, request.query.token, at)
      if (!stream) return reply.code(404).type('text/plain').send('no such stream')
      // the segments are fetched beside the playlist with its token: no entitlement, no segment
      const token = encodeURIComponent(String(request.query.token))
      const segmentUrl = (file: number) => `/hls/${encodeURIComponent(stream.live.courseData)}/${stream.kind}/${segmentName(file)}?token=${token}`
      void reply.header('cache-control', stream.kind === 'live' ? 'no-store' : 'private, max-age=3600')
      return reply
        .type('application/vnd.apple.mpegurl')
        .send(stream.kind === 'live' ? livePlaylist(stream.live.beginTime, at, segmentUrl) : replayPlaylist(segmentUrl))
    },
  )

  // a paid live's or replay's segments are as guarded as its playlist (the same play token)
  app.get<{ Params: { courseData: string; kind: string; name: string }; Querystring: { token?: string } }>(
    '/hls/:courseData/:kind/:name',
    async (request, reply) => {
      const segment = segments.get(request.params.name)
      const stream = segment ? await entitled(request.params.courseData, request.params.kind, request.query.token, clock()) : null
      if (!segment || !stream) return reply.code(404).type('text/plain').send('no such segment')
      void reply.header('cache-control', 'private, max-age=3600')
      return reply.type('video/mp2t').send(segment)
    },
  )
}
