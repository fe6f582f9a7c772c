/**
 * A deployment's live and replay addresses (server/live/streamUrls.ts): with LIVE_STREAM_ORIGIN
 * set, the play and replay calls hand an entitled viewer the stream origin's address signed with
 * Tencent Cloud CSS's txSecret/txTime hotlink protection, expiring; nobody else gets one. Checked
 * against Tencent's published example. Lives are written through the authoring API's writer
 * (records.ts), as a deployer fills the database, on each engine.
 */
import { createHash } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { RECORD_WRITERS } from '../../server/content/records'
import { MediaStore } from '../../server/content/mediaStore'
import { DEFAULT_STREAM_TTL_S, REPLAY_MARGIN_MS, signedStreamUrl, streamOriginFromEnv, txSecret, txTime } from '../../server/live/streamUrls'
import type { ObjectData } from '../../types/api'
import { liveCalls } from '../../types/live'
import type { LiveInfo } from '../../types/live'
import { sharedTestDatabase, testDatabase } from './engines'
import { LOGIN, post } from './helpers'
import type { Fields } from './helpers'

const KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90'
const REPLAY_KEY = 'ffee00112233445566778899aabbccdd'
const ENV = {
  LIVE_STREAM_ORIGIN: 'https://play.example.com/live',
  LIVE_REPLAY_ORIGIN: 'https://replay.example.com/record/',
  LIVE_STREAM_KEY: KEY,
  LIVE_REPLAY_KEY: REPLAY_KEY,
}

describe("Tencent Cloud CSS's hotlink protection (the published example)", () => {
  // Tencent Cloud CSS, "Hotlink Protection URL Calculation": KEY e12c46f2612d5106e2034781ab261ca3,
  // StreamName test, txTime 5C271099 give txSecret f85a2ab363fe4deaffef9754d79da6fe and the URL below
  const EXAMPLE_KEY = 'e12c46f2612d5106e2034781ab261ca3'

  it('signs the example as Tencent does', () => {
    expect(txTime(0x5c271099 * 1000)).toBe('5C271099')
    expect(txSecret(EXAMPLE_KEY, 'test', '5C271099')).toBe('f85a2ab363fe4deaffef9754d79da6fe')
    expect(signedStreamUrl({ base: 'rtmp://livepush.tcloud.com/live', file: 'test', streamName: 'test', key: EXAMPLE_KEY, expiresAtMs: 0x5c271099 * 1000 })).toBe(
      'rtmp://livepush.tcloud.com/live/test?txSecret=f85a2ab363fe4deaffef9754d79da6fe&txTime=5C271099',
    )
  })

  it('refuses settings that could not sign (no key, a short key, a replay origin alone, a URL with a query)', () => {
    expect(streamOriginFromEnv({})).toBeUndefined()
    expect(() => streamOriginFromEnv({ LIVE_STREAM_ORIGIN: 'https://play.example.com/live' })).toThrow(/LIVE_STREAM_KEY/)
    expect(() => streamOriginFromEnv({ LIVE_STREAM_ORIGIN: 'https://play.example.com/live', LIVE_STREAM_KEY: 'short' })).toThrow(/LIVE_STREAM_KEY/)
    expect(() => streamOriginFromEnv({ LIVE_REPLAY_ORIGIN: 'https://replay.example.com' })).toThrow(/LIVE_STREAM_ORIGIN/)
    expect(() => streamOriginFromEnv({ LIVE_STREAM_ORIGIN: 'https://play.example.com/live?k=1', LIVE_STREAM_KEY: KEY })).toThrow(/plain base URL/)
    expect(() => streamOriginFromEnv({ LIVE_STREAM_ORIGIN: 'ftp://play.example.com', LIVE_STREAM_KEY: KEY })).toThrow(/http/)
    expect(() => streamOriginFromEnv({ LIVE_STREAM_ORIGIN: 'https://play.example.com', LIVE_STREAM_KEY: KEY, LIVE_STREAM_TTL_S: '5' })).toThrow(/TTL/)
  })
})

/** What the origin checks: the path's stream, a secret over key + stream + txTime, and txTime ahead of now. */
function verify(url: string, key: string, now: number): { base: string; streamName: string; expiresAtMs: number; valid: boolean } {
  const parsed = new URL(url)
  const streamName = decodeURIComponent(parsed.pathname.split('/').pop()?.replace(/\.m3u8$/, '') ?? '')
  const time = parsed.searchParams.get('txTime') ?? ''
  const secret = createHash('md5').update(`${key}${streamName}${time}`).digest('hex')
  const expiresAtMs = parseInt(time, 16) * 1000
  return {
    base: `${parsed.origin}${parsed.pathname.slice(0, parsed.pathname.lastIndexOf('/'))}`,
    streamName,
    expiresAtMs,
    valid: parsed.searchParams.get('txSecret') === secret && expiresAtMs > now,
  }
}

describe('the play and replay calls with a stream origin', () => {
  let app: FastifyInstance
  let paid: string
  let replay: string
  const saved: Record<string, string | undefined> = {}

  beforeAll(async () => {
    for (const [name, value] of Object.entries(ENV)) {
      saved[name] = process.env[name]
      process.env[name] = value
    }
    app = await buildApp({ database: await testDatabase(), staticDir: '/nonexistent-static-dir' })
    const store = new MediaStore({ dir: '/nonexistent-media', publicBase: '/media/store', maxBytes: 1 })
    const write = (live: Record<string, unknown>) => RECORD_WRITERS.live(app.db, 'wm_teacher', live, store, Date.now()) as Promise<{ courseData: string; streamName: string }>
    const paidLive = await write({ liveId: 'stream-paid', title: '付费直播', beginTime: Date.now(), status: 1, fee: 990, streamName: 'teacher_paid_01' })
    paid = paidLive.courseData
    expect(paidLive.streamName).toBe('teacher_paid_01')
    replay = (await write({ liveId: 'stream-replay', title: '回放', beginTime: Date.now() - 7200_000, status: 2, durationS: 5400, hasReplay: true, replayPassword: '2468' })).courseData
  })
  afterAll(async () => {
    await app.close()
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  })

  const play = (fields: Fields) => post<ObjectData<LiveInfo>>(app, liveCalls.play.path, { fromType: 1, ...fields })
  const playback = (fields: Fields) => post<ObjectData<LiveInfo>>(app, liveCalls.playback.path, fields)

  it("hands the paid live's owner the origin's signed address, expiring, for the live's stream name", async () => {
    const before = Date.now()
    const { body } = await play({ courseData: paid, loginType: 1, loginData: LOGIN.teacher })
    expect(body.code).toBe(200)
    const url = body.data.object.playUrl
    const checked = verify(url, KEY, before)
    expect(checked).toMatchObject({ base: 'https://play.example.com/live', streamName: 'teacher_paid_01', valid: true })
    expect(checked.expiresAtMs).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + DEFAULT_STREAM_TTL_S * 1000)
    expect(checked.expiresAtMs).toBeLessThanOrEqual(Date.now() + DEFAULT_STREAM_TTL_S * 1000)
    // past its txTime the origin refuses it; with another key it was never good
    expect(verify(url, KEY, checked.expiresAtMs).valid).toBe(false)
    expect(verify(url, REPLAY_KEY, before).valid).toBe(false)
  })

  it('gives nobody else an address: a guest, a user who has not bought it, loginType 2 with the owner\'s login', async () => {
    const tries: Fields[] = [{ loginType: 2 }, { loginType: 1, loginData: LOGIN.buyer }, { loginType: 2, loginData: LOGIN.teacher }]
    for (const fields of tries) {
      const { body, raw } = await play({ courseData: paid, ...fields })
      expect(body.code).toBe(403)
      expect(raw).not.toContain('txSecret')
    }
  })

  it('signs the replay on the replay origin with its key, for at least its length, and only after the password', async () => {
    expect((await playback({ courseData: replay, playPass: 'wrong-pass' })).raw).not.toContain('txSecret')
    const before = Date.now()
    const { body } = await playback({ courseData: replay, playPass: '2468' })
    expect(body.code).toBe(200)
    const checked = verify(body.data.object.playUrl, REPLAY_KEY, before)
    // no streamName given: the live's courseData is its stream name
    expect(checked).toMatchObject({ base: 'https://replay.example.com/record', streamName: replay, valid: true })
    expect(checked.expiresAtMs).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + Math.max(DEFAULT_STREAM_TTL_S * 1000, 5400_000 + REPLAY_MARGIN_MS))
  })

  it('keeps the seeded local stream off: no playlist token is issued', async () => {
    const { body } = await play({ courseData: paid, loginType: 1, loginData: LOGIN.teacher })
    expect(body.data.object.playUrl).not.toContain('/hls/')
    expect(await app.db.one('SELECT count(*) AS n FROM live_play_tokens')).toEqual({ n: 0 })
  })

  it("refuses another host's stream name, and keeps a live's own when it is written again", async () => {
    const store = new MediaStore({ dir: '/nonexistent-media', publicBase: '/media/store', maxBytes: 1 })
    await app.db.run("INSERT INTO users (wmid, nickname) VALUES ('wm_other_host', '别的主播') ON CONFLICT DO NOTHING")
    await expect(RECORD_WRITERS.live(app.db, 'wm_other_host', { liveId: 'x', title: 'x', beginTime: Date.now(), streamName: 'teacher_paid_01' }, store, Date.now())).rejects.toThrow(
      /streamName/,
    )
    const again = (await RECORD_WRITERS.live(app.db, 'wm_teacher', { liveId: 'stream-paid', title: '付费直播', beginTime: Date.now(), status: 1, fee: 990 }, store, Date.now())) as {
      streamName: string
    }
    expect(again.streamName).toBe('teacher_paid_01')
  })
})

describe('a production deployment without a stream origin', () => {
  let app: FastifyInstance
  let live: string

  beforeAll(async () => {
    // the demo seeds the host's account once; the production server then opens the same database
    const database = await sharedTestDatabase(join(mkdtempSync(join(tmpdir(), 'live-stream-')), 'db.sqlite'))
    await (await buildApp({ database, staticDir: '/nonexistent-static-dir' })).close()
    app = await buildApp({
      mode: 'production',
      wechat: { appId: 'wx-app', appSecret: 'secret', miniAppId: 'wx-mini', miniAppSecret: 'mini-secret' },
      database,
      staticDir: '/nonexistent-static-dir',
      liveWebViewer: true,
    })
    const store = new MediaStore({ dir: '/nonexistent-media', publicBase: '/media/store', maxBytes: 1 })
    live = ((await RECORD_WRITERS.live(app.db, 'wm_teacher', { liveId: 'no-origin', title: '直播', beginTime: Date.now(), status: 1 }, store, Date.now())) as { courseData: string }).courseData
  })
  afterAll(() => app.close())

  it("never hands out the demo's fixture stream: the play call says, in the reader's language, that the live cannot play", async () => {
    // a free live, watched as a guest: the play call's stream address is all that is asked
    const zh = await post<ObjectData<LiveInfo>>(app, liveCalls.play.path, { fromType: 1, courseData: live, loginType: 2 })
    expect(zh.body).toMatchObject({ code: 503, msg: '直播暂时无法播放，请稍后再试' })
    expect(zh.raw).not.toContain('/hls/')
    const en = await post(app, liveCalls.play.path, { fromType: 1, courseData: live, loginType: 2 }, { 'accept-language': 'en' })
    expect(en.body).toMatchObject({ code: 503, msg: 'this live cannot be played right now: try again later' })
    expect(await app.db.one('SELECT count(*) AS n FROM live_play_tokens')).toEqual({ n: 0 })
  })
})
