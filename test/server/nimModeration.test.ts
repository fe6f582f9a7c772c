/**
 * The host's tools in a NetEase IM room (issue 29 item 5): /liveHomeAdmin asks our server, which
 * checks the session against the live's host and admins (the local room's rules) and only then
 * calls NetEase's server API, here its stand-in served by the app itself (CheckSum-checked, form
 * bodies, NetEase's answers). The stand-in writes every call it was told to standin_nim_calls.
 */
import { textOf } from '../../server/core/messages'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { DEMO_NIM_APP, NIM_STANDIN } from '../../server/outside/nim/protocol'
import { standinBase } from '../../server/outside/standinPath'
import type { ObjectData } from '../../types/api'
import { liveModerationCalls, type LiveModerationAnswer } from '../../types/liveModeration'
import { testDatabase } from './engines'
import { BUYER, TEACHER, post, type Fields } from './helpers'

let app: FastifyInstance
let assistant: Record<string, string>

const nimApp = async (appSecret: string = DEMO_NIM_APP.appSecret): Promise<FastifyInstance> =>
  buildApp({ database: await testDatabase(), staticDir: '/nonexistent', nim: { appKey: DEMO_NIM_APP.appKey, appSecret, base: standinBase(NIM_STANDIN) } })

const moderate = (fields: Fields, headers: Record<string, string>, on: FastifyInstance = app) =>
  post<ObjectData<LiveModerationAnswer>>(on, liveModerationCalls.moderate.path, { courseData: 'live-now', ...fields }, headers)

/** What NetEase (its stand-in) was told, oldest first. */
const calls = async (on: FastifyInstance = app): Promise<Array<{ path: string; form: Record<string, string> }>> =>
  (await on.db.all<{ path: string; form: string }>('SELECT path, form FROM standin_nim_calls ORDER BY id')).map((c) => ({ path: c.path, form: JSON.parse(c.form) as Record<string, string> }))

beforeAll(async () => {
  app = await nimApp()
  const { AccountRepository } = await import('../../server/login/data')
  const { token } = await new AccountRepository(app.db).openSession('wm_assistant', Date.now())
  assistant = { userid: 'wm_assistant', token }
})
afterAll(() => app.close())
beforeEach(async () => {
  await app.db.run('DELETE FROM standin_nim_calls')
  await app.db.run('DELETE FROM standin_nim_rooms')
})

describe('the host in a NetEase room', () => {
  it('kicks a member through kickMember.action, as the host', async () => {
    const { body } = await moderate({ action: 'kick', account: 'wm_buyer' }, TEACHER)
    expect(body).toMatchObject({ code: 200, data: { object: { member: { account: 'wm_buyer', online: false } } } })
    expect(await calls()).toEqual([{ path: '/chatroom/kickMember.action', form: { roomid: 'demo-live', operator: 'wm_teacher', target: 'wm_buyer' } }])
  })

  it('mutes a member for ten minutes and lifts it through temporaryMute.action', async () => {
    const muted = await moderate({ action: 'tempMute', account: 'wm_buyer', seconds: 600 }, TEACHER)
    expect(muted.body.data.object.member).toEqual({ account: 'wm_buyer', tempMuteDuration: 600 })
    await moderate({ action: 'tempMute', account: 'wm_buyer', seconds: 0 }, TEACHER)
    expect((await calls()).map((c) => [c.path, c.form.muteDuration, c.form.target, c.form.needNotify])).toEqual([
      ['/chatroom/temporaryMute.action', '600', 'wm_buyer', 'true'],
      ['/chatroom/temporaryMute.action', '0', 'wm_buyer', 'true'],
    ])
  })

  it('blacklists and lifts it through setMemberRole.action (opt -1)', async () => {
    const black = await moderate({ action: 'blacklist', account: 'wm_buyer', on: 1 }, TEACHER)
    expect(black.body.data.object.member).toEqual({ account: 'wm_buyer', blacked: true, online: false })
    const lift = await moderate({ action: 'blacklist', account: 'wm_buyer', on: 0 }, TEACHER)
    expect(lift.body.data.object.member).toEqual({ account: 'wm_buyer', blacked: false })
    expect((await calls()).map((c) => c.form)).toEqual([
      { roomid: 'demo-live', operator: 'wm_teacher', target: 'wm_buyer', opt: '-1', optvalue: 'true' },
      { roomid: 'demo-live', operator: 'wm_teacher', target: 'wm_buyer', opt: '-1', optvalue: 'false' },
    ])
  })

  it('mutes the whole room (muteRoom.action) and announces (update.action); the room answers both', async () => {
    expect((await moderate({ action: 'roomMute', on: 1 }, TEACHER)).body.data.object.room).toMatchObject({ mute: true })
    const announced = await moderate({ action: 'announcement', announcement: '今晚八点准时开始' }, assistant)
    expect(announced.body.data.object.room).toMatchObject({ mute: true, announcement: '今晚八点准时开始' })
    expect((await moderate({ action: 'room' }, assistant)).body.data.object.room).toEqual({ name: '', announcement: '今晚八点准时开始', mute: true, onlineMemberNum: 0, creator: '' })
    expect((await calls()).map((c) => c.path)).toEqual(['/chatroom/muteRoom.action', '/chatroom/update.action'])
    expect((await calls())[0]?.form).toMatchObject({ operator: 'wm_teacher', mute: 'true' })
  })

  it('closes the room (toggleCloseStat.action valid false), the host alone; NetEase then refuses in zh-CN and en', async () => {
    const byManager = await moderate({ action: 'close' }, assistant)
    expect(byManager.body).toMatchObject({ code: 403, msg: '只有主播可以这样操作' })
    expect(await calls()).toEqual([])
    expect((await moderate({ action: 'close' }, TEACHER)).body.code).toBe(200)
    expect(await calls()).toEqual([{ path: '/chatroom/toggleCloseStat.action', form: { roomid: 'demo-live', operator: 'wm_teacher', valid: 'false' } }])
    // NetEase refuses a kick in a closed room (13002): told, not swallowed
    expect((await moderate({ action: 'kick', account: 'wm_buyer' }, TEACHER)).body).toMatchObject({ code: 13002, msg: '聊天室已关闭' })
    expect((await moderate({ action: 'kick', account: 'wm_buyer' }, { ...TEACHER, 'accept-language': 'en' })).body.msg).toBe(textOf('chatClosed', 'en'))
  })
})

describe('who may not', () => {
  it('refuses another user\'s session and a guest, and calls NetEase for neither', async () => {
    expect((await moderate({ action: 'kick', account: 'wm_visitor' }, BUYER)).body).toMatchObject({ code: 403, msg: '只有主播和管理员可以这样操作' })
    expect((await moderate({ action: 'close' }, BUYER)).body.code).toBe(403)
    // the buyer's user id with a token that is not theirs
    expect((await moderate({ action: 'roomMute', on: 1 }, { userid: 'wm_teacher', token: BUYER.token })).body.code).toBe(601)
    expect((await moderate({ action: 'roomMute', on: 1 }, {})).body.code).toBe(601)
    // the host of another live is no host here
    expect((await moderate({ courseData: 'live-english', action: 'kick', account: 'wm_buyer' }, assistant)).body.code).toBe(403)
    expect(await calls()).toEqual([])
  })

  it('keeps a manager off the host and off themself', async () => {
    expect((await moderate({ action: 'kick', account: 'wm_teacher' }, assistant)).body).toMatchObject({ code: 403, msg: '不能对主播这样操作' })
    expect((await moderate({ action: 'tempMute', account: 'wm_assistant', seconds: 600 }, assistant)).body.code).toBe(403)
    expect((await moderate({ action: 'blacklist', account: 'wm_teacher', on: 1 }, TEACHER)).body).toMatchObject({ code: 403, msg: '不能对自己这样操作' })
    expect(await calls()).toEqual([])
  })

  it('refuses hostile input before NetEase hears of it', async () => {
    const hostile: Fields[] = [
      { action: 'drop' },
      { action: 'kick' },
      { action: 'kick', account: "x' OR 1=1 --" },
      { action: 'kick', account: 'a'.repeat(33) },
      { action: 'tempMute', account: 'wm_buyer' },
      { action: 'tempMute', account: 'wm_buyer', seconds: -1 },
      { action: 'tempMute', account: 'wm_buyer', seconds: 1.5 },
      { action: 'tempMute', account: 'wm_buyer', seconds: 30 * 24 * 3600 + 1 },
      { action: 'blacklist', account: 'wm_buyer' },
      { action: 'blacklist', account: 'wm_buyer', on: 2 },
      { action: 'roomMute', on: 'yes' },
      { action: 'announcement' },
      { action: 'announcement', announcement: 'a\u0000b' },
      { action: 'announcement', announcement: 'line\nbreak' },
      { action: 'announcement', announcement: '\u202egnp.exe' },
      { action: 'announcement', announcement: 'x'.repeat(1001) },
    ]
    for (const fields of hostile) expect([fields, (await moderate(fields, TEACHER)).body.code]).toEqual([fields, 400])
    expect(await calls()).toEqual([])
  })
})

describe('when NetEase refuses or is not there', () => {
  it('tells the host NetEase refused, with its code, in zh-CN and en', async () => {
    const wrongSecret = await nimApp('not-the-secret')
    try {
      expect((await moderate({ action: 'kick', account: 'wm_buyer' }, TEACHER, wrongSecret)).body).toMatchObject({ code: 502, msg: '网易云信拒绝了这个操作（414）' })
      expect((await moderate({ action: 'room' }, { ...TEACHER, 'accept-language': 'en-US' }, wrongSecret)).body).toMatchObject({ code: 502, msg: 'NetEase IM refused this (414)' })
      expect(await calls(wrongSecret)).toEqual([])
    } finally {
      await wrongSecret.close()
    }
  })

  it('is refused for a live whose room is this server\'s own (no NIM set)', async () => {
    const local = await buildApp({ database: await testDatabase(), staticDir: '/nonexistent' })
    try {
      expect((await moderate({ action: 'kick', account: 'wm_buyer' }, TEACHER, local)).body.code).toBe(400)
    } finally {
      await local.close()
    }
  })
})
