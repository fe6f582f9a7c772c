/**
 * /liveHomeAdmin's moderation panel in a NetEase IM room (issue 29 item 5): the admin play answer
 * carries NetEase's app key, whose web SDK has no tools, so the panel's tools go to our server's
 * moderate call (types/liveModeration.ts), which calls NetEase's server API
 * (test/server/nimModeration.test.ts). The real live store, panel, live and moderation api and
 * NeteaseModeration run; the request (the edge) answers from a fake backend, and the NetEase chat
 * room client is a scripted one (its SDK is the platform edge).
 */
import { act } from 'react'
import type { LiveInfo } from '../../../types/live'
import { createClient } from '../../../src/api/client'
import { createLiveApi } from '../../../src/api/live'
import { createLiveModerationApi } from '../../../src/api/liveModeration'
import type { LiveChatMessage } from '../../../src/domain/chat/liveMessage'
import { LiveHomeScreen, LiveHomeStore } from '../../../src/features/live'
import { NeteaseModeration, type ChatroomClient, type ChatroomMemberInfo, type ChatroomStatus, type EnterOptions } from '../../../src/im'
import { setLocale } from '../../../src/locales'
import { mount, until } from '../act'
import { WithStores, testAppStores } from '../appStores'
import { fakeBackend, ok, refuse, text, typeInto, type Handler } from '../purchase/support'
import { screenRig } from '../money/support'

const ADMIN_PLAY = '/wmim/live/admin/query/play/info.do'
const MODERATE = '/wmim/live/admin/chatroom/moderate.do'
const NIM_KEY = 'nim-app-key'

const member = (account: string, nick: string, overrides: Partial<ChatroomMemberInfo> = {}): ChatroomMemberInfo => ({
  account, type: 'guest', nick, avatar: '', online: true, muted: false, gaged: false, tempMuteDuration: 0, blacked: false, ...overrides,
})

const adminPlay = (): LiveInfo => ({
  courseData: 'live-now', title: '英语口语直播', faceIcon: '', liveP: 0, liveF: 0, duration: 0, watchCount: 36, isPlayBack: 0, privacyStatus: 1,
  nickname: '林老师', hostFaceIcon: '', wmid: 'wm_teacher', groupid: 'group-live-now', mediaType: 0, status: 1, beginTime: Date.UTC(2024, 2, 8, 4),
  playUrl: 'http://localhost/hls/live-now/live.m3u8?token=t', isSubscribe: 0, loginUrl: '', isAppOnly: 0, hasPlayBack: 0, isPlayPass: 0,
  watchData: { watchNickname: '林老师', watchFaceIcon: '', appKey: NIM_KEY, account: 'wm_teacher', imToken: 'nim-token', chatroomId: '3001', chatroomAddresses: ['chatroom.netease.im:443'] },
})

/** NetEase's chat room as its SDK shows it to the host: NetEase calls the host a common member, and there are no tools. */
class NeteaseRoom implements ChatroomClient {
  status: ChatroomStatus = { state: 'connected' }
  readonly moderation = undefined
  history = jest.fn(async (): Promise<LiveChatMessage[]> => [])
  send = jest.fn()
  exit = jest.fn(async () => undefined)
  members = jest.fn(async (guest: boolean) => (guest ? [member('nim_troll', 'Troll'), member('nim_spam', 'Spammer')] : [member('wm_teacher', '林老师', { type: 'common' })]))
  async enter(_options: EnterOptions) {
    const self = member('wm_teacher', '林老师', { type: 'common' })
    return { account: 'wm_teacher', member: self, roomName: 'r', onlineMemberNum: 2, room: { name: 'r', announcement: '', mute: false, onlineMemberNum: 2, creator: '' } }
  }
  onMessages() {
    return () => undefined
  }
  onStatus() {
    return () => undefined
  }
}

const ROOM = { name: '林老师的直播间', announcement: '欢迎', mute: false, onlineMemberNum: 2, creator: '' }

describe('/liveHomeAdmin in a NetEase IM room', () => {
  const rig = screenRig()
  afterEach(() => setLocale('zh-CN'))
  // jsdom has no media playback (the platform edge): Taro's H5 Video plays HLS natively where the
  // browser says it can, and the page loads and pauses its player
  beforeAll(() => {
    jest.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : ''))
    jest.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined)
    jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined)
  })

  async function show(moderate: Handler, CHAT_MEMBERS = '成员（2）') {
    const backend = fakeBackend({ [ADMIN_PLAY]: () => ok({ object: adminPlay() }), [MODERATE]: moderate })
    const post = createClient(backend.deps).post
    const api = createLiveModerationApi(post)
    const appKeys: string[] = []
    const store = new LiveHomeStore({
      api: createLiveApi(post, async () => ({ watchCount: 36 })),
      login: () => undefined,
      signedIn: () => true,
      createClient: (appKey) => {
        appKeys.push(appKey)
        return new NeteaseRoom()
      },
      // as src/packages/live/stores.ts composes it
      serverModeration: (courseData) => new NeteaseModeration((fields) => api.moderate(courseData, fields)),
      guestNick: () => '游客',
      notice: () => undefined,
      messageOf: String,
    })
    await mount(rig.utils, WithStores, { stores: testAppStores(), children: <LiveHomeScreen store={store} onLogin={() => undefined} /> })
    await act(async () => store.load('live-now', 'admin'))
    await until(() => expect(text('.live-mod__subtitle')).toBe(CHAT_MEMBERS))
    return { backend, appKeys, moderations: () => backend.calls.filter((c) => c.path === MODERATE).map((c) => c.body) }
  }

  const row = (nick: string) => [...document.querySelectorAll('.live-mod__member')].find((el) => el.querySelector('.live-mod__name')?.textContent === nick)
  const buttonIn = (el: Element | null | undefined, label: string): Element => {
    const found = [...(el?.querySelectorAll('taro-button-core') ?? [])].find((b) => b.textContent?.trim() === label)
    if (!found) throw new Error(`no button ${label}`)
    return found
  }
  const dialog = () => document.querySelector('[role="dialog"]')
  const press = async (el: Element | null): Promise<void> => {
    if (!el) throw new Error('nothing to press')
    await act(async () => {
      rig.utils.fireEvent.click(el)
    })
  }

  /** The server as test/server/nimModeration.test.ts shows it: each action's answer. */
  const server: Handler = (body) => {
    if (body.action === 'room' || body.action === 'announcement' || body.action === 'roomMute') {
      return ok({ object: { room: { ...ROOM, ...(body.announcement ? { announcement: body.announcement } : {}), mute: body.action === 'roomMute' && body.on === '1' } } })
    }
    if (body.action === 'tempMute') return ok({ object: { member: { account: body.account, tempMuteDuration: Number(body.seconds) } } })
    if (body.action === 'blacklist') return ok({ object: { member: { account: body.account, blacked: body.on === '1', ...(body.on === '1' ? { online: false } : {}) } } })
    if (body.action === 'kick') return ok({ object: { member: { account: body.account, online: false } } })
    return ok({ object: {} })
  }

  it('offers the host every tool, each done through our server for this live', async () => {
    const { appKeys, moderations } = await show(server)
    expect(appKeys).toEqual([NIM_KEY])
    // the host, though NetEase calls them a common member: the live decides (the close button is the owner's)
    expect(document.querySelector('.live-mod__close')).not.toBeNull()
    expect(text('.live-mod')).not.toContain('请在 App 中管理')

    await press(buttonIn(row('Troll'), '禁言'))
    await press(buttonIn(dialog(), '10 分钟'))
    await until(() => expect(row('Troll')?.textContent).toContain('禁言中，还剩 10 分钟'))
    await press(buttonIn(row('Troll'), '解除禁言'))
    await until(() => expect(text('.live-mod__status')).toBe('已解除 Troll 的禁言'))
    expect(row('Troll')?.textContent).not.toContain('禁言中')

    await press(buttonIn(row('Spammer'), '踢出'))
    await press(buttonIn(dialog(), '踢出'))
    await until(() => expect(text('.live-mod__status')).toBe('已踢出 Spammer'))
    expect(row('Spammer')).toBeUndefined()

    await press(buttonIn(row('Troll'), '拉黑'))
    await press(buttonIn(dialog(), '拉黑'))
    await until(() => expect(row('Troll')?.textContent).toContain('已拉黑'))
    await press(buttonIn(row('Troll'), '解除拉黑'))
    await until(() => expect(text('.live-mod__status')).toBe('已解除 Troll 的拉黑'))

    const toggle = document.querySelector('.live-mod__switch') as HTMLElement
    await press(toggle)
    await press(buttonIn(dialog(), '开启'))
    await until(() => expect(toggle.getAttribute('aria-checked')).toBe('true'))

    await typeInto(rig.utils, '.live-mod__announcement', '  今晚 8 点开始  ')
    await press(document.querySelector('.live-mod__save'))
    await until(() => expect(text('.live-mod__status')).toBe('公告已发布'))

    await press(document.querySelector('.live-mod__close'))
    await press(buttonIn(dialog(), '关闭'))
    await until(() => expect(text('.live-mod')).toContain('聊天室已关闭'))

    expect(moderations()).toEqual([
      { courseData: 'live-now', action: 'room' },
      { courseData: 'live-now', action: 'tempMute', account: 'nim_troll', seconds: '600' },
      { courseData: 'live-now', action: 'tempMute', account: 'nim_troll', seconds: '0' },
      { courseData: 'live-now', action: 'kick', account: 'nim_spam' },
      { courseData: 'live-now', action: 'blacklist', account: 'nim_troll', on: '1' },
      { courseData: 'live-now', action: 'blacklist', account: 'nim_troll', on: '0' },
      { courseData: 'live-now', action: 'roomMute', on: '1' },
      { courseData: 'live-now', action: 'announcement', announcement: '今晚 8 点开始' },
      { courseData: 'live-now', action: 'close' },
    ])
  })

  it.each([
    [502, '网易云信拒绝了这个操作（414）', 'zh-CN', '踢出', '操作失败：聊天室拒绝了这个操作'],
    [13002, '聊天室已关闭', 'zh-CN', '踢出', '操作失败：聊天室已关闭'],
    [403, '只有主播可以这样操作', 'zh-CN', '踢出', '操作失败：你没有权限这样操作'],
    [601, '登录已过期', 'zh-CN', '踢出', '操作失败：登录已过期，请重新进入'],
    [502, 'NetEase IM refused this (414)', 'en', 'Kick out', 'That did not work: The chat room refused this'],
    [13002, 'this chat room is closed', 'en', 'Kick out', 'That did not work: The chat room is closed'],
  ] as const)('tells the host why NetEase or our server refused (%i, %s)', async (code, msg, locale, kick, said) => {
    setLocale(locale)
    const { moderations } = await show((body) => (body.action === 'room' ? server(body) : refuse(code, msg)), locale === 'en' ? 'Members (2)' : '成员（2）')
    await press(buttonIn(row('Troll'), kick))
    await press(buttonIn(dialog(), kick))
    await until(() => expect(dialog()?.textContent).toContain(said))
    // still listed: nothing happened
    expect(row('Troll')).toBeDefined()
    expect(moderations().filter((m) => m.action === 'kick')).toEqual([{ courseData: 'live-now', action: 'kick', account: 'nim_troll' }])
  })
})
