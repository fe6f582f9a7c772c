/**
 * Issue 34 section 2 on the server: the older live viewer behind one deployment setting
 * (LIVE_WEB_VIEWER, on in demo mode; off, every live is app-only and its stream refused: item 1)
 * and the live page's login, loginUrl type 2 with its live's courseData, accepted and recorded in
 * the login data as courseType 2 (item 2); which call queryLessonOpen is (item 11). On both engines.
 */
import type { FastifyInstance } from 'fastify'
import { StartupError, buildApp, serverConfigFromEnv } from '../../server/app'
import type { ObjectData } from '../../types/api'
import type { LiveInfo } from '../../types/live'
import { LESSON_NAMED_CALLS } from '../../types/lesson'
import type { LoginUrlData } from '../../types/login'
import { testDatabase } from './engines'
import { LOGIN, LOGIN_URL, post } from './helpers'
import { logInAs, loginDataOf } from './wechatFlow'

const INFO = '/wmim/live/query/info.do'
const PLAY = '/wmim/live/query/play/info.do'
const PLAYBACK = '/wmim/live/playback/query/info.do'

let demo: FastifyInstance
let withoutViewer: FastifyInstance
beforeAll(async () => {
  demo = await buildApp({ database: await testDatabase() })
  withoutViewer = await buildApp({ database: await testDatabase(), liveWebViewer: false })
})
afterAll(async () => {
  await demo.close()
  await withoutViewer.close()
})

describe('the older live viewer outside the app (item 1)', () => {
  it('is on in demo mode: a running live is watched in the browser', async () => {
    const info = await post<ObjectData<LiveInfo>>(demo, INFO, { courseData: 'live-now' })
    expect(info.body.data.object.isAppOnly).toBe(0)
    const play = await post<ObjectData<LiveInfo>>(demo, PLAY, { courseData: 'live-now', fromType: 1, loginType: 2 })
    expect(play.body.code).toBe(200)
    expect(play.body.data.object.playUrl).not.toBe('')
  })

  it('off, every live answers app-only and its stream and replay are refused to a guest and a buyer alike', async () => {
    for (const courseData of ['live-now', 'live-english', 'live-replay']) {
      const info = await post<ObjectData<LiveInfo>>(withoutViewer, INFO, { courseData })
      expect([courseData, info.body.data.object.isAppOnly]).toEqual([courseData, 1])
    }
    const guest = await post(withoutViewer, PLAY, { courseData: 'live-now', fromType: 1, loginType: 2 })
    const buyer = await post(withoutViewer, PLAY, { courseData: 'live-english', fromType: 1, loginType: 1, loginData: LOGIN.buyer })
    const replay = await post(withoutViewer, PLAYBACK, { courseData: 'live-replay', playPass: '2468' })
    for (const refused of [guest, buyer, replay]) {
      expect(refused.body.code).toBe(403)
      expect(refused.raw).not.toContain('playUrl":"http')
    }
  })

  it('is read from LIVE_WEB_VIEWER: 1 on, 0 off, unset the mode\'s default, anything else stops the start', () => {
    const env = (value: string | undefined) => ({ SERVER_MODE: 'demo', LIVE_WEB_VIEWER: value })
    expect(serverConfigFromEnv(env('1')).liveWebViewer).toBe(true)
    expect(serverConfigFromEnv(env('0')).liveWebViewer).toBe(false)
    expect(serverConfigFromEnv(env(undefined)).liveWebViewer).toBeUndefined()
    expect(() => serverConfigFromEnv(env('yes'))).toThrow(StartupError)
  })
})

describe('the live page\'s login, type 2 (item 2)', () => {
  it('loginUrl takes type 2 with a live\'s courseData and carries both to the login', async () => {
    const { body } = await post<ObjectData<LoginUrlData>>(demo, LOGIN_URL, { type: 2, courseData: 'live-now', redirect: 'http://localhost/liveHome?courseData=live-now' })
    expect(body.code).toBe(200)
    const url = new URL(body.data.object.loginUrl)
    expect(url.searchParams.get('type')).toBe('2')
    expect(url.searchParams.get('courseData')).toBe('live-now')
  })

  it('refuses type 2 without a courseData or naming no live or lesson', async () => {
    expect((await post(demo, LOGIN_URL, { type: 2 })).body.code).toBe(400)
    expect((await post(demo, LOGIN_URL, { type: 2, courseData: 'no-such-live' })).body.code).toBe(404)
  })

  it('records the live in the login data as courseType 2, and a lesson as 1', async () => {
    const live = loginDataOf(await logInAs(demo, 'wm_buyer', `/wmim/wechat/login?type=2&courseData=live-now&redirect=${encodeURIComponent('/liveHome?courseData=live-now')}`))
    expect(live).toMatchObject({ userid: 'wm_buyer', courseData: 'live-now', courseType: 2 })
    const lesson = loginDataOf(await logInAs(demo, 'wm_buyer', '/wmim/wechat/login?type=1&courseData=demo-paid'))
    expect(lesson).toMatchObject({ courseData: 'demo-paid', courseType: 1 })
  })
})

describe('queryLessonOpen, as types/lesson.ts pairs it (item 11)', () => {
  it('takes the spec\'s payload, data alone, and its code says whether the old link\'s lesson opens', async () => {
    const call = LESSON_NAMED_CALLS.queryLessonOpen
    expect(call.fields).toEqual({ data: 'required' })
    const code = async (data: string) => (await post(demo, call.path, { data })).body.code
    expect(await code('legacy-open')).toBe(200)
    expect(await code('legacy-viewlimit')).toBe(8)
    expect(await code('no-such-lesson')).toBe(404)
  })
})
