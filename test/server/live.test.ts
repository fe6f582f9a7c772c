/**
 * The live area (server/live/): every access rule of spec 001 §5-§6 tried from the wrong side
 * (a guest, another user's login, an expired one, no session, a wrong or short password, a
 * missing playlist token), the subscription list's paging, concurrency, and the stream itself.
 */
import { textOf } from '../../server/core/messages'
import { demoSubscribeLink } from '../fixtures/subscribeLink'
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { FIXTURE_SEGMENTS, SEGMENT_S, WINDOW_SEGMENTS, livePlaylist, replayPlaylist, segmentName } from '../../server/live/hls'

const SEGMENT_PATH = '/s'
const at = (file: number) => `${SEGMENT_PATH}/${segmentName(file)}`
import { STREAM_DIR } from '../../server/live/routes'
import { MoneyRepository } from '../../server/money/data'
import type { ArrayData, ObjectData } from '../../types/api'
import { LIVE_WATCH_COUNT_PATH, liveCalls } from '../../types/live'
import type { LiveInfo, LiveSubscription } from '../../types/live'
import { BUYER, LOGIN, TEACHER, VISITOR, post, testApp } from './helpers'
import type { Fields } from './helpers'
import { REPLAY_PASSWORD_LIVE_LIMIT } from '../../server/live/rules'

let app: FastifyInstance
beforeEach(async () => {
  app = await testApp()
})
afterEach(() => app.close())

const ASSISTANT_SESSION = async (): Promise<Record<string, string>> => {
  // wm_assistant has no seeded session: open one as the login area would
  const { AccountRepository } = await import('../../server/login/data')
  const { token } = await new AccountRepository(app.db).openSession('wm_assistant', Date.now())
  return { userid: 'wm_assistant', token }
}

const play = (fields: Fields) => post<ObjectData<LiveInfo>>(app, liveCalls.play.path, { fromType: 1, ...fields })
const guest = (courseData: string) => play({ courseData, loginType: 2 })
const asUser = (courseData: string, loginData: string) => play({ courseData, loginType: 1, loginData })
const replay = (fields: Fields) => post<ObjectData<LiveInfo>>(app, liveCalls.playback.path, fields)
const list = (openid: string, page: number) =>
  post<ArrayData<LiveSubscription>>(app, liveCalls.subscriptions.path, { openid, page, pageSize: 10 })
const playlist = (url: string) => app.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search })

describe('live info', () => {
  it('answers the public facts without a stream or a room', async () => {
    const { body } = await post<ObjectData<LiveInfo>>(app, liveCalls.info.path, { courseData: 'live-english' })
    expect(body.code).toBe(200)
    expect(body.data.object).toMatchObject({ title: '英语口语直播课', liveP: 1, liveF: 2990, status: 1, nickname: '林老师', playUrl: '', watchData: null })
  })

  it('tells a logged-in viewer whether they subscribe the host; an unknown live is 404', async () => {
    const { body } = await post<ObjectData<LiveInfo>>(app, liveCalls.info.path, { courseData: 'live-now', loginData: LOGIN.buyer })
    expect(body.data.object.isSubscribe).toBe(1)
    const visitor = await post<ObjectData<LiveInfo>>(app, liveCalls.info.path, { courseData: 'live-now', loginData: LOGIN.visitor })
    expect(visitor.body.data.object.isSubscribe).toBe(0)
    expect((await post(app, liveCalls.info.path, { courseData: 'no-such-live' })).body.code).toBe(404)
  })
})

describe('the live stream (getPayLiveUrl)', () => {
  it('gives a guest a free live with the local room and no account', async () => {
    const { body } = await guest('live-now')
    expect(body.code).toBe(200)
    const live = body.data.object
    expect(live.playUrl).toMatch(/^http:\/\/localhost(:\d+)?\/hls\/live-now\/live\.m3u8\?token=[0-9a-f]{32}$/)
    expect(live.watchData).toMatchObject({ appKey: '', account: '', imToken: '', chatroomId: 'demo-live' })
    expect(live.watchData?.chatroomAddresses[0]).toMatch(/^ws:\/\/localhost(:\d+)?\/im\/chatroom$/)
  })

  it('gives a chat-app login its account and a chat token for the room only (issue 29, item 8)', async () => {
    const { body } = await asUser('live-now', LOGIN.buyer)
    const data = body.data.object.watchData
    expect(data).toMatchObject({ account: 'wm_buyer', watchNickname: '学员阿杰' })
    const token = data?.imToken ?? ''
    expect(await app.db.one('SELECT wmid FROM chat_tokens WHERE token = ?', [token])).toEqual({ wmid: 'wm_buyer' })
    // not a session: the money calls answer 601 to it
    expect(await app.db.one('SELECT wmid FROM sessions WHERE token = ?', [token])).toBeUndefined()
    const income = await post(app, '/wmim/course/v2/income/list.do', { page: 1, pageSize: 10 }, { userid: 'wm_buyer', token })
    expect(income.body.code).toBe(601)
  })

  it('hands out the same chat token again: 40 plays make one, and no session', async () => {
    const sessions = await app.db.one<{ n: number }>('SELECT count(*) AS "n" FROM sessions')
    const tokens = new Set<string>()
    for (let i = 0; i < 40; i += 1) tokens.add((await asUser('live-now', LOGIN.buyer)).body.data.object.watchData?.imToken ?? '')
    expect(tokens.size).toBe(1)
    expect(await app.db.one('SELECT count(*) AS "n" FROM chat_tokens WHERE wmid = ?', ['wm_buyer'])).toEqual({ n: 1 })
    expect(await app.db.one('SELECT count(*) AS "n" FROM sessions')).toEqual(sessions)
  })

  it('refuses loginType 1 without a login and with an expired one (601), and treats loginType 2 as a guest whatever it sends', async () => {
    expect((await play({ courseData: 'live-now', loginType: 1 })).body.code).toBe(601)
    expect((await asUser('live-now', LOGIN.buyerExpired)).body.code).toBe(601)
    const disguised = await play({ courseData: 'live-now', loginType: 2, loginData: LOGIN.buyer })
    expect(disguised.body.data.object.watchData?.account).toBe('')
  })

  it('opens a paid live only to a buyer or its owner', async () => {
    expect((await guest('live-english')).body).toMatchObject({ code: 403, msg: textOf('liveNotBought', 'zh-CN') })
    expect((await asUser('live-english', LOGIN.visitor)).body.code).toBe(403)
    expect((await asUser('live-grammar', LOGIN.buyer)).body.code).toBe(403)
    expect((await asUser('live-english', LOGIN.buyer)).body.data.object.playUrl).not.toBe('')
    expect((await asUser('live-grammar', LOGIN.teacher)).body.data.object.playUrl).not.toBe('')
  })

  it('a refunded order opens nothing', async () => {
    // through the money area: a refund changes the order and its income together
    expect(await new MoneyRepository(app.db).refundLiveOrder('LVSEED01')).toBe(true)
    expect((await asUser('live-english', LOGIN.buyer)).body.code).toBe(403)
  })

  it('refuses an app-only live to everybody but its owner', async () => {
    expect((await guest('live-app')).body).toMatchObject({ code: 403, msg: textOf('liveAppOnly', 'zh-CN') })
    expect((await asUser('live-app', LOGIN.buyer)).body.code).toBe(403)
  })

  it('answers an ended live with its figures and no stream, and counts no view', async () => {
    const { body } = await guest('live-ended')
    expect(body.data.object).toMatchObject({ status: 2, duration: 3600, watchCount: 128, playUrl: '', watchData: null })
  })

  it('counts each of 50 concurrent viewers once', async () => {
    const before = (await guest('live-now')).body.data.object.watchCount
    await Promise.all(Array.from({ length: 50 }, () => guest('live-now')))
    const res = await app.inject({ method: 'GET', url: `${LIVE_WATCH_COUNT_PATH}?groupid=group-live-now&t=${Date.now()}` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.json()).toEqual({ watchCount: before + 50 })
  })

  it('answers an unknown group of the watch count GET 404', async () => {
    expect((await app.inject({ method: 'GET', url: `${LIVE_WATCH_COUNT_PATH}?groupid=nope` })).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: LIVE_WATCH_COUNT_PATH })).statusCode).toBe(404)
  })

  it('rejects hostile input before any rule runs', async () => {
    expect((await play({ courseData: 'live-now', loginType: 3 })).body.code).toBe(400)
    expect((await play({ courseData: 'live-now', loginType: '1e400' })).body.code).toBe(400)
    expect((await play({ courseData: 'x'.repeat(500), loginType: 2 })).body.code).toBe(400)
  })
})

describe('the playlists', () => {
  it('opens only with a token issued for that live and kind', async () => {
    const url = (await guest('live-now')).body.data.object.playUrl
    const ok = await playlist(url)
    expect(ok.statusCode).toBe(200)
    expect(ok.headers['content-type']).toContain('application/vnd.apple.mpegurl')
    expect(ok.body).toMatch(/\n\/hls\/live-now\/live\/seg\d\.m2ts\?token=\w+\n/)
    expect((await playlist(url.replace(/token=\w+/, 'token=forged'))).statusCode).toBe(404)
    expect((await playlist(url.replace(/\?token=\w+/, ''))).statusCode).toBe(404)
    // a free live's token does not open a paid one's stream, nor its replay
    expect((await playlist(url.replace('/live-now/', '/live-english/'))).statusCode).toBe(404)
    expect((await playlist(url.replace('live.m3u8', 'replay.m3u8'))).statusCode).toBe(404)
  })

  it("guards a live's segments as its playlist (a paid one's too): no token, a forged one or another live's opens none (issue 29, item 10)", async () => {
    const url = (await guest('live-now')).body.data.object.playUrl
    const segment = (await playlist(url)).body.split('\n').find((line) => line.startsWith('/hls/')) ?? ''
    const status = async (path: string) => (await app.inject({ method: 'GET', url: path })).statusCode
    expect(await status(segment)).toBe(200)
    expect(await status(segment.replace(/\?token=\w+/, ''))).toBe(404)
    expect(await status(segment.replace(/token=\w+/, 'token=forged'))).toBe(404)
    expect(await status(segment.replace('/live-now/', '/live-english/'))).toBe(404)
    expect(await status(segment.replace('/live/', '/replay/'))).toBe(404)
    // the old open path is gone
    expect(await status('/hls/segments/seg0.m2ts')).toBe(404)
  })

  it('a token for a live that has since ended opens nothing', async () => {
    const url = (await guest('live-now')).body.data.object.playUrl
    await app.db.run("UPDATE live_shows SET status = 2 WHERE course_data = 'live-now'")
    expect((await playlist(url)).statusCode).toBe(404)
  })

  it('the live window advances with the clock, every worker agreeing on it', () => {
    const begin = 1_000_000
    const window = (s: number) => livePlaylist(begin, begin + s * 1000, at)
    const sequence = (text: string) => Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1])
    const segments = (text: string) => text.split('\n').filter((line) => line.startsWith(SEGMENT_PATH))
    expect(segments(window(0))).toEqual([`${SEGMENT_PATH}/seg0.m2ts`])
    expect(window(101)).toBe(window(101))
    expect(sequence(window(101))).toBe(Math.floor(101 / SEGMENT_S) - WINDOW_SEGMENTS + 1)
    expect(sequence(window(101 + SEGMENT_S))).toBe(sequence(window(101)) + 1)
    expect(segments(window(101))).toHaveLength(WINDOW_SEGMENTS)
    expect(window(101)).not.toContain('#EXT-X-ENDLIST')
  })

  it('marks each loop of the fixture as a discontinuity and counts the loops before the window', () => {
    const loop = FIXTURE_SEGMENTS * SEGMENT_S
    // the window whose newest segment starts the third loop
    const text = livePlaylist(0, 2 * loop * 1000 + 1, at)
    expect(text).toContain(`#EXT-X-DISCONTINUITY-SEQUENCE:1`)
    expect(text.split('\n').slice(-4, -1)).toEqual(['#EXT-X-DISCONTINUITY', `#EXTINF:${SEGMENT_S.toFixed(3)},`, `${SEGMENT_PATH}/seg0.m2ts`])
  })

  it('the replay is every segment once and ends', () => {
    const text = replayPlaylist(at)
    expect(text.match(/seg\d\.m2ts/g)).toHaveLength(FIXTURE_SEGMENTS)
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD')
    expect(text.trim().endsWith('#EXT-X-ENDLIST')).toBe(true)
  })

  it('the committed fixture has the segments hls.ts names, small, served as MPEG-TS', async () => {
    let total = 0
    for (let k = 0; k < FIXTURE_SEGMENTS; k += 1) {
      const file = join(STREAM_DIR, `seg${k}.m2ts`)
      expect(existsSync(file)).toBe(true)
      total += statSync(file).size
    }
    expect(total).toBeLessThan(200_000)
    const url = (await guest('live-now')).body.data.object.playUrl
    const first = (await playlist(url)).body.split('\n').find((line) => line.startsWith('/hls/')) ?? ''
    const res = await app.inject({ method: 'GET', url: first })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('video/mp2t')
    expect((await app.inject({ method: 'GET', url: first.replace(/seg\d/, 'seg9') })).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: first.replace(/seg\d\.m2ts/, '..%2Froutes.ts') })).statusCode).toBe(404)
    // MPEG-TS packets start with the sync byte 0x47 every 188 bytes
    expect(res.rawPayload[0]).toBe(0x47)
    expect(res.rawPayload[188]).toBe(0x47)
  })
})

describe('the replay (getPlayBackLiveUrl)', () => {
  it('needs its password: missing, short and wrong are refused with the message, right opens the VOD playlist', async () => {
    expect((await replay({ courseData: 'live-replay' })).body).toMatchObject({ code: 402, msg: textOf('liveWrongPassword', 'zh-CN') })
    expect((await replay({ courseData: 'live-replay', playPass: '246' })).body.code).toBe(402)
    expect((await replay({ courseData: 'live-replay', playPass: '2469' })).body.code).toBe(402)
    const { body } = await replay({ courseData: 'live-replay', playPass: '2468' })
    expect(body.data.object).toMatchObject({ isPlayBack: 1, status: 2 })
    const res = await playlist(body.data.object.playUrl)
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('#EXT-X-ENDLIST')
  })

  it('lets the owner in without the password', async () => {
    expect((await replay({ courseData: 'live-replay', loginData: LOGIN.teacher })).body.code).toBe(200)
  })

  it('limits wrong passwords per client: after 10, even the right one waits', async () => {
    for (let i = 0; i < 10; i += 1) expect((await replay({ courseData: 'live-replay', playPass: `99${i}0` })).body.code).toBe(402)
    const { body } = await replay({ courseData: 'live-replay', playPass: '2468' })
    expect(body.code).toBe(403)
    expect(body.msg).toBe('回放密码错误次数过多，请 10 分钟后再试')
    const english = await post(app, liveCalls.playback.path, { courseData: 'live-replay', playPass: '2468' }, { 'accept-language': 'en' })
    expect(english.body.msg).toBe('too many wrong passwords: try again in 10 minutes')
  })

  it('checks exactly 10 of 50 concurrent tries; the others wait', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => replay({ courseData: 'live-replay', playPass: '0000' })))
    expect(answers.filter((a) => a.body.code === 402)).toHaveLength(10)
    expect(answers.filter((a) => a.body.code === 403)).toHaveLength(40)
  })

  it('limits wrong passwords per live across clients too; a client that knows the password goes on (issue 29, item 11)', async () => {
    const from = (client: string, playPass: string) =>
      app.inject({
        method: 'POST',
        url: liveCalls.playback.path,
        payload: new URLSearchParams({ courseData: 'live-replay', playPass }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: client,
      })
    const code = async (client: string, playPass: string) => (JSON.parse((await from(client, playPass)).body) as { code: number }).code
    expect(await code('198.51.100.1', '2468')).toBe(200)
    // REPLAY_PASSWORD_LIVE_LIMIT wrong tries, one from each of as many addresses
    for (let i = 0; i < REPLAY_PASSWORD_LIVE_LIMIT.max; i += 1) expect(await code(`203.0.${Math.floor(i / 250)}.${i % 250}`, '0000')).toBe(402)
    expect(await code('192.0.2.77', '2468')).toBe(403)
    expect(await code('198.51.100.1', '2468')).toBe(200)
  })

  it('a live without a replay has none; a running one neither', async () => {
    expect((await replay({ courseData: 'live-ended', playPass: '2468' })).body.code).toBe(404)
    expect((await replay({ courseData: 'live-now' })).body.code).toBe(404)
  })
})

describe('the admin view (getAdminLiveUrl)', () => {
  const admin = (courseData: string, headers: Record<string, string>) =>
    post<ObjectData<LiveInfo>>(app, liveCalls.adminPlay.path, { courseData }, headers)

  it('is for the owner and the live admins only', async () => {
    const owner = await admin('live-now', TEACHER)
    expect(owner.body.code).toBe(200)
    expect(owner.body.data.object.playUrl).toContain('/live.m3u8?token=')
    expect(owner.body.data.object.watchData?.account).toBe('wm_teacher')
    expect((await admin('live-now', await ASSISTANT_SESSION())).body.code).toBe(200)
    expect((await admin('live-english', await ASSISTANT_SESSION())).body.code).toBe(403)
    expect((await admin('live-now', BUYER)).body).toMatchObject({ code: 403, msg: textOf('liveAdminsOnly', 'zh-CN') })
  })

  it('needs a live session: none, a forged one and another user id with a real token answer 601', async () => {
    expect((await admin('live-now', {})).body.code).toBe(601)
    expect((await admin('live-now', { userid: 'wm_teacher', token: 'forged' })).body.code).toBe(601)
    expect((await admin('live-now', { userid: 'wm_teacher', token: VISITOR.token })).body.code).toBe(601)
  })
})

describe('subscriptions', () => {
  const subscribe = (fields: Fields) => post(app, liveCalls.subscribe.path, fields)
  const isSubscribed = async (loginData: string) =>
    (await post<ObjectData<LiveInfo>>(app, liveCalls.info.path, { courseData: 'live-now', loginData })).body.data.object.isSubscribe

  it('from a live needs a chat-app login', async () => {
    expect((await subscribe({ wmid: 'wm_teacher', loginData: 'forged', isSubscribe: 1 })).body.code).toBe(601)
    expect((await subscribe({ wmid: 'wm_teacher', loginData: LOGIN.buyerExpired, isSubscribe: 1 })).body.code).toBe(601)
    expect((await subscribe({ wmid: 'wm_teacher', isSubscribe: 1 })).body.code).toBe(400)
  })

  it('toggles exactly the logged-in user, idempotently, under 50 concurrent calls', async () => {
    await Promise.all(Array.from({ length: 50 }, () => subscribe({ wmid: 'wm_teacher', loginData: LOGIN.visitor, isSubscribe: 1 })))
    expect(await isSubscribed(LOGIN.visitor)).toBe(1)
    expect(await isSubscribed(LOGIN.buyer)).toBe(1)
    expect((await subscribe({ wmid: 'wm_teacher', loginData: LOGIN.visitor, isSubscribe: 0 })).body.code).toBe(200)
    expect((await subscribe({ wmid: 'wm_teacher', loginData: LOGIN.visitor, isSubscribe: 0 })).body.code).toBe(200)
    expect(await isSubscribed(LOGIN.visitor)).toBe(0)
    expect(await isSubscribed(LOGIN.buyer)).toBe(1)
  })

  it('refuses oneself, an unknown host and a state other than 0/1', async () => {
    expect((await subscribe({ wmid: 'wm_teacher', loginData: LOGIN.teacher, isSubscribe: 1 })).body.code).toBe(400)
    expect((await subscribe({ wmid: 'wm_nobody', loginData: LOGIN.buyer, isSubscribe: 1 })).body.code).toBe(404)
    expect((await subscribe({ wmid: 'wm_teacher', loginData: LOGIN.buyer, isSubscribe: 2 })).body.code).toBe(400)
  })

  it('the list pages by 10 from page 1 and answers 404 past its end', async () => {
    const first = await list(demoSubscribeLink('wm_buyer'), 1)
    expect(first.body.code).toBe(200)
    expect(first.body.data.array).toHaveLength(10)
    expect(first.body.data.array[0]).toMatchObject({ wmid: 'wm_teacher', nickname: '林老师' })
    expect(first.body.data.array[0].faceIcon).toMatch(/^http:\/\/localhost(:\d+)?\/media\/avatar-teacher\.png$/)
    const second = await list(demoSubscribeLink('wm_buyer'), 2)
    expect(second.body.data.array).toHaveLength(4)
    const all = [...first.body.data.array, ...second.body.data.array].map((row) => row.wmid)
    expect(new Set(all).size).toBe(14)
    expect((await list(demoSubscribeLink('wm_buyer'), 3)).body.code).toBe(404)
    expect((await list(demoSubscribeLink('wm_visitor'), 1)).body).toMatchObject({ code: 404, msg: textOf('noMore', 'zh-CN') })
  })

  it('switching from the subscription page changes only the openid user, and an unknown openid changes nothing', async () => {
    const wx = (fields: Fields) => post(app, liveCalls.wxSubscribe.path, fields)
    expect((await wx({ openid: demoSubscribeLink('wm_buyer'), wmid: 'wm_host01', isSubscribe: 0 })).body.code).toBe(200)
    const rows = [...(await list(demoSubscribeLink('wm_buyer'), 1)).body.data.array, ...(await list(demoSubscribeLink('wm_buyer'), 2)).body.data.array]
    expect(rows.map((row) => row.wmid)).not.toContain('wm_host01')
    expect(rows).toHaveLength(13)
    expect((await wx({ openid: 'openid-forged', wmid: 'wm_host02', isSubscribe: 0 })).body.code).toBe(403)
    expect((await list('openid-forged', 1)).body.code).toBe(403)
    expect((await wx({ openid: demoSubscribeLink('wm_visitor'), wmid: 'wm_host02', isSubscribe: 1 })).body.code).toBe(200)
    expect((await list(demoSubscribeLink('wm_visitor'), 1)).body.data.array.map((row) => row.wmid)).toEqual(['wm_host02'])
  })
})
