/**
 * /liveHome's screen on the H5 runtime, each state of spec 001 §2 and §4 (older live viewer): the
 * app-only notice, the identity choice, watching as a guest or logged in, the ended figures, the
 * replay's password and speeds, the broken stream, `live_deinit`. The real store, live api and chat
 * store run; the request, Taro navigation and toasts (the edge) are faked, and the chat room client
 * is a scripted one (the im layer has its own contract suite, test/server/chatroom/).
 */
import { act } from 'react'
import Taro from '@tarojs/taro'
import { observable, runInAction } from 'mobx'
import type { LiveInfo } from '../../../types/live'
import type { LoginData } from '../../../types/login'
import { createClient } from '../../../src/api/client'
import { createLiveApi } from '../../../src/api/live'
import type { LiveChatMessage, LiveContent } from '../../../src/domain/chat/liveMessage'
import { toPageUrl } from '../../../src/domain/routes'
import { LiveHomeScreen, LiveHomeStore, STREAM_RECOVERY_MS } from '../../../src/features/live'
import type { LiveMode, LiveNotice } from '../../../src/features/live'
import { ChatroomError, type ChatroomClient, type ChatroomStatus, type EnterOptions } from '../../../src/im'
import { mount, until } from '../act'
import { WithStores, testAppStores } from '../appStores'
import { fakeBackend, ok, refuse, text, typeInto, type Handler } from '../purchase/support'
import { screenRig } from '../money/support'

const INFO = '/wmim/live/query/info.do'
const PLAY = '/wmim/live/query/play/info.do'
const PLAYBACK = '/wmim/live/playback/query/info.do'
const SUBSCRIBE = '/wmim/live/subscribe/updateSubscribe4Live.do'

const ROOM = { watchNickname: '', watchFaceIcon: '', appKey: '', account: '', imToken: '', chatroomId: 'room-1', chatroomAddresses: ['ws://localhost/im/chatroom'] }

function live(overrides: Partial<LiveInfo> = {}): LiveInfo {
  return {
    courseData: 'live-now',
    title: '英语口语直播',
    faceIcon: '/media/slide-1.png',
    liveP: 0,
    liveF: 0,
    duration: 0,
    watchCount: 36,
    isPlayBack: 0,
    privacyStatus: 1,
    nickname: '林老师',
    hostFaceIcon: '',
    wmid: 'wm_teacher',
    groupid: 'group-live-now',
    mediaType: 0,
    status: 1,
    beginTime: Date.UTC(2024, 2, 8, 4),
    playUrl: '',
    isSubscribe: 0,
    loginUrl: '',
    isAppOnly: 0,
    hasPlayBack: 0,
    isPlayPass: 0,
    watchData: null,
    ...overrides,
  }
}
const playing = (overrides: Partial<LiveInfo> = {}) => live({ playUrl: 'http://localhost/hls/live-now/live.m3u8?token=t', watchData: ROOM, ...overrides })

const comment = (idClient: string, time: number, text: string): LiveChatMessage => ({
  idClient,
  from: 'wm_assistant',
  time,
  flow: 'in',
  msgType: 'TEXT',
  text,
  type: '',
  sender: { nickname: '助教小雨', faceIcon: '', uid: 'wm_assistant', updateTime: 0 },
})

/** The chat room as the test scripts it: history answers, sends echo, pushed messages arrive. */
class ScriptedRoom implements ChatroomClient {
  status: ChatroomStatus = { state: 'connected' }
  entered: EnterOptions[] = []
  history = jest.fn(async (): Promise<LiveChatMessage[]> => [comment('h1', 1, '老师好'), comment('h2', 2, '开始了吗')])
  send = jest.fn(async (content: LiveContent, idClient: string): Promise<LiveChatMessage> => ({ ...comment(idClient, 100, content.text), flow: 'out' }))
  exit = jest.fn(async () => undefined)
  members = jest.fn(async () => [])
  readonly moderation = undefined
  private listener: (m: LiveChatMessage[]) => void = () => undefined
  async enter(options: EnterOptions) {
    this.entered.push(options)
    return {
      account: 'a',
      member: { account: 'a', type: 'guest' as const, nick: 'n', avatar: '', online: true, muted: false, gaged: false, tempMuteDuration: 0, blacked: false },
      roomName: 'r',
      onlineMemberNum: 1,
      room: { name: 'r', announcement: '', mute: false, onlineMemberNum: 1, creator: 'wm_teacher' },
    }
  }
  onMessages(listener: (m: LiveChatMessage[]) => void) {
    this.listener = listener
    return () => undefined
  }
  onStatus() {
    return () => undefined
  }
  push(message: LiveChatMessage): void {
    this.listener([message])
  }
}

const BUYER: LoginData = { loginData: 'login-buyer', isWeMaiUser: 1, nickname: '学员阿杰', faceIcon: '', token: 'token-buyer', userid: 'wm_buyer' }

describe('/liveHome', () => {
  const rig = screenRig()
  // jsdom has no media playback: Taro's H5 Video plays HLS natively where the browser says it can (Safari)
  beforeAll(() => {
    jest.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : ''))
    jest.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined)
    // leaving the page pauses its player (LiveHomeScreen's release), which jsdom does not implement
    jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined)
  })

  async function show(routes: Record<string, Handler>, opts: { login?: LoginData; mode?: LiveMode; signedIn?: boolean } = {}) {
    const backend = fakeBackend(routes)
    const room = new ScriptedRoom()
    const notices: LiveNotice[] = []
    const onLogin = jest.fn()
    const getJson = jest.fn(async (_path: string): Promise<unknown> => ({ watchCount: 99 }))
    const store = new LiveHomeStore({
      api: createLiveApi(createClient(backend.deps).post, getJson),
      login: () => opts.login,
      signedIn: () => opts.signedIn ?? opts.login !== undefined,
      createClient: () => room,
      guestNick: () => '游客1234',
      notice: (key) => void notices.push(key),
      messageOf: (err) => (err instanceof Error ? err.message : String(err)),
    })
    await mount(rig.utils, WithStores, { stores: testAppStores(), children: <LiveHomeScreen store={store} onLogin={onLogin} /> })
    await act(async () => store.load('live-now', opts.mode ?? 'live'))
    return { backend, room, notices, onLogin, store, getJson }
  }

  const button = (label: string): Element => {
    const found = [...document.querySelectorAll('taro-button-core')].find((b) => b.textContent?.trim() === label)
    if (!found) throw new Error(`no button '${label}'`)
    return found
  }
  const rows = () => [...document.querySelectorAll('.live-chat__text')].map((e) => e.textContent)

  it('an app-only live shows the notice: go download goes to /downloadWm, got it closes it', async () => {
    await show({ [INFO]: () => ok({ object: live({ isAppOnly: 1 }) }) })
    await until(() => expect(text('.ui-dialog__text')).toBe('直播仅支持在 App 内观看，已不再支持在外部观看'))
    rig.utils.fireEvent.click([...document.querySelectorAll('.ui-dialog__button')].find((b) => b.textContent === '去下载') as Element)
    await until(() => expect(rig.navigateTo).toHaveBeenCalledWith({ url: toPageUrl('DownloadWm') }))
    rig.utils.fireEvent.click([...document.querySelectorAll('.ui-dialog__button')].find((b) => b.textContent === '知道了') as Element)
    await until(() => expect(document.querySelector('.ui-dialog__text')).toBeNull())
    expect(text('.state-view__title')).toBe('请在 App 中观看直播')
  })

  it('a guest chooses, watches the stream with the host and watch count, reads the history and cannot comment or subscribe', async () => {
    const { backend, room, notices, onLogin } = await show({ [INFO]: () => ok({ object: live() }), [PLAY]: () => ok({ object: playing() }) })
    await until(() => expect(text('.live-identity__hint')).toContain('选择观看身份'))
    rig.utils.fireEvent.click(button('登录后观看'))
    expect(onLogin).toHaveBeenCalledTimes(1)
    rig.utils.fireEvent.click(button('以游客身份观看'))
    await until(() => expect(document.querySelector('taro-video-core')).not.toBeNull())
    expect(backend.calls.find((c) => c.path === PLAY)?.body).toEqual({ courseData: 'live-now', fromType: '1', loginType: '2' })
    expect(document.querySelector('taro-video-core')?.getAttribute('src')).toBe('http://localhost/hls/live-now/live.m3u8?token=t')
    expect(text('.live-head__title')).toBe('英语口语直播')
    expect(text('.live-head__meta')).toContain('林老师 · 36 人看过')
    expect(room.entered[0]).toEqual({ chatroomId: 'room-1', addresses: ['ws://localhost/im/chatroom'], identity: { kind: 'guest', nick: '游客1234' } })
    await until(() => expect(rows()).toEqual(['老师好', '开始了吗']))
    rig.utils.fireEvent.click(button('发送'))
    rig.utils.fireEvent.click(button('订阅'))
    await until(() => expect(notices).toEqual(['commentNeedsLogin', 'subscribeNeedsLogin']))
    expect(room.send).not.toHaveBeenCalled()
  })

  it('a logged-in viewer watches at once, enters the room with the chat token, comments and subscribes', async () => {
    const { backend, room } = await show(
      {
        [INFO]: () => ok({ object: live() }),
        [PLAY]: () => ok({ object: playing({ watchData: { ...ROOM, account: 'wm_buyer', imToken: 'im-token', watchNickname: '学员阿杰' } }) }),
        [SUBSCRIBE]: () => ok(null),
      },
      { login: BUYER },
    )
    await until(() => expect(rows()).toHaveLength(2))
    expect(document.querySelector('.live-identity')).toBeNull()
    expect(backend.calls.find((c) => c.path === PLAY)?.body).toMatchObject({ loginType: '1', loginData: 'login-buyer' })
    expect(room.entered[0].identity).toEqual({ kind: 'account', account: 'wm_buyer', token: 'im-token' })
    await typeInto(rig.utils, '.live-chat__field', '老师好！')
    await act(async () => rig.utils.fireEvent.click(button('发送')))
    await until(() => expect(room.send).toHaveBeenCalledTimes(1))
    expect(room.send.mock.calls[0][0]).toMatchObject({ msgType: 'TEXT', text: '老师好！', senderUserInfo: { nickname: '学员阿杰', uid: 'wm_buyer' } })
    await until(() => expect(rows()).toContain('老师好！'))
    rig.utils.fireEvent.click(button('订阅'))
    await until(() => expect(button('已订阅').getAttribute('aria-pressed')).toBe('true'))
    expect(backend.calls.find((c) => c.path === SUBSCRIBE)?.body).toEqual({ wmid: 'wm_teacher', loginData: 'login-buyer', isSubscribe: '1' })
  })

  it('the host is offered no 订阅 on his own live (issue 30, item 6)', async () => {
    const TEACHER: LoginData = { loginData: 'login-teacher', isWeMaiUser: 1, nickname: '林老师', faceIcon: '', token: 'token-teacher', userid: 'wm_teacher' }
    await show(
      { [INFO]: () => ok({ object: live() }), [PLAY]: () => ok({ object: playing({ watchData: { ...ROOM, account: 'wm_teacher', imToken: 'im', watchNickname: '林老师' } }) }) },
      { login: TEACHER },
    )
    await until(() => expect(text('.live-head__title')).toBe('英语口语直播'))
    await until(() => expect(document.querySelector('taro-video-core')).not.toBeNull())
    expect(document.querySelector('.live-head__subscribe')).toBeNull()
  })

  const buyUrl = toPageUrl('LessonPay', { type: 'share', courseData: 'live-now', payType: 2 })

  it('a buyer on a paid live he has not bought is offered to buy it or the app, not the server\'s English (issue 30, item 3)', async () => {
    const { backend } = await show({ [INFO]: () => ok({ object: live({ liveP: 1, liveF: 2990 }) }), [PLAY]: () => refuse(403, 'this live is paid: buy it to watch') }, { login: BUYER })
    await until(() => expect(text('.live-paid__title')).toBe('付费直播'))
    expect(text('.live-paid__price')).toBe('¥29.90')
    expect(text('.live-paid__hint')).toBe('这是付费直播，你还没有购买，购买后才能观看。')
    expect(document.body.textContent).not.toContain('buy it to watch')
    expect(document.querySelector('.state-view--error')).toBeNull()
    expect(() => button('登录后观看')).toThrow()
    expect(backend.calls.filter((c) => c.path === PLAY)).toHaveLength(1)
    // buying is the pay flow's: /lessonPay of the live, which says that a live is bought in the app
    rig.utils.fireEvent.click(button('购买观看'))
    await until(() => expect(rig.navigateTo).toHaveBeenCalledWith({ url: buyUrl }))
    rig.utils.fireEvent.click(button('下载 App'))
    await until(() => expect(rig.navigateTo).toHaveBeenCalledWith({ url: toPageUrl('DownloadWm') }))
  })

  it('a guest on a paid live is offered to log in, buy it or get the app, without a play call (issue 30, item 3)', async () => {
    const { backend, onLogin } = await show({ [INFO]: () => ok({ object: live({ liveP: 1, liveF: 2990 }) }) })
    await until(() => expect(text('.live-paid__hint')).toBe('这是付费直播，购买后才能观看。已经买过？登录后即可观看。'))
    expect(document.querySelector('.live-identity')).toBeNull()
    expect(backend.calls.map((c) => c.path)).toEqual([INFO])
    rig.utils.fireEvent.click(button('登录后观看'))
    expect(onLogin).toHaveBeenCalledTimes(1)
    rig.utils.fireEvent.click(button('购买观看'))
    await until(() => expect(rig.navigateTo).toHaveBeenCalledWith({ url: buyUrl }))
  })

  it('the chat-app login on a paid live plays it when it was bought (issue 30, item 3)', async () => {
    // the app's login data is observable (stores/loginData.ts): the screen follows it
    const login = observable.box<LoginData | undefined>(undefined)
    const backend = fakeBackend({ [INFO]: () => ok({ object: live({ liveP: 1, liveF: 2990 }) }), [PLAY]: () => ok({ object: playing({ liveP: 1 }) }) })
    const store = new LiveHomeStore({
      api: createLiveApi(createClient(backend.deps).post, async () => ({ watchCount: 1 })),
      login: () => login.get(),
      signedIn: () => login.get() !== undefined,
      createClient: () => new ScriptedRoom(),
      guestNick: () => '游客1234',
      notice: () => undefined,
      messageOf: String,
    })
    await mount(rig.utils, WithStores, { stores: testAppStores(), children: <LiveHomeScreen store={store} onLogin={() => undefined} /> })
    await act(async () => store.load('live-now', 'live'))
    await until(() => expect(text('.live-paid__title')).toBe('付费直播'))
    act(() => runInAction(() => login.set(BUYER)))
    await act(async () => store.afterLogin())
    await until(() => expect(document.querySelector('taro-video-core')).not.toBeNull())
    expect(document.querySelector('.live-paid')).toBeNull()
  })

  it('/liveHomeAdmin without a session says why it needs a login, asks nothing, and goes to log in (issue 30, item 3)', async () => {
    const relaunch = jest.spyOn(Taro, 'reLaunch').mockImplementation(() => Promise.resolve({ errMsg: 'reLaunch:ok' }))
    try {
      const { backend } = await show({}, { mode: 'admin' })
      await until(() => expect(text('.state-view__title')).toBe('请先登录'))
      expect(text('.state-view__detail')).toBe('直播管理页只对本场直播的主播和管理员开放，请先登录你的账号。')
      expect(backend.calls).toEqual([])
      rig.utils.fireEvent.click(button('去登录'))
      await until(() => expect(relaunch).toHaveBeenCalledWith({ url: toPageUrl('Profile') }))
    } finally {
      relaunch.mockRestore()
    }
  })

  it('a comment that fails keeps its text with 重发, which sends it again under the same client id (issue 30, item 2)', async () => {
    const { room } = await show(
      { [INFO]: () => ok({ object: live() }), [PLAY]: () => ok({ object: playing({ watchData: { ...ROOM, account: 'wm_buyer', imToken: 'im-token' } }) }) },
      { login: BUYER },
    )
    await until(() => expect(rows()).toHaveLength(2))
    room.send.mockRejectedValueOnce(new ChatroomError('offline', 0, 'not connected to the chat room'))
    await typeInto(rig.utils, '.live-chat__field', '掉线时写的')
    await act(async () => rig.utils.fireEvent.click(button('发送')))
    await until(() => expect(text('.live-chat__row--failed .live-chat__state')).toBe('发送失败'))
    expect(text('.live-chat__row--failed .live-chat__text')).toBe('掉线时写的')
    const resend = button('重发')
    expect(resend.getAttribute('aria-label')).toBe('重发评论：掉线时写的')
    await act(async () => rig.utils.fireEvent.click(resend))
    await until(() => expect(document.querySelector('.live-chat__row--failed')).toBeNull())
    expect(room.send).toHaveBeenCalledTimes(2)
    expect(room.send.mock.calls[1][1]).toBe(room.send.mock.calls[0][1])
    expect(rows()).toEqual(['老师好', '开始了吗', '掉线时写的'])
  })

  it('an ended live shows its duration and watch count', async () => {
    await show({ [INFO]: () => ok({ object: live({ status: 2, duration: 3600, watchCount: 128 }) }) })
    await until(() => expect(text('.live-ended__figures')).toBe('直播时长 1:00:00 · 128 人看过'))
    expect(document.querySelector('taro-video-core')).toBeNull()
  })

  it('a player error that lasts 5 s shows the dialog, which goes to /refresh; one recovered from shows nothing', async () => {
    const { store } = await show({ [INFO]: () => ok({ object: live() }), [PLAY]: () => ok({ object: playing() }) }, { login: BUYER })
    await until(() => expect(document.querySelector('taro-video-core')).not.toBeNull())
    // an error the player recovers from (its time moves on) shows nothing
    jest.useFakeTimers({ doNotFake: ['requestAnimationFrame', 'cancelAnimationFrame'] })
    try {
      act(() => store.streamFailed())
      act(() => jest.advanceTimersByTime(STREAM_RECOVERY_MS - 1))
      act(() => store.streamPlaying())
      act(() => jest.advanceTimersByTime(STREAM_RECOVERY_MS))
      expect(document.querySelector('.ui-dialog__text')).toBeNull()
      // one that lasts is the dialog
      act(() => store.streamFailed())
      act(() => jest.advanceTimersByTime(STREAM_RECOVERY_MS))
    } finally {
      jest.useRealTimers()
    }
    await until(() => expect(text('.ui-dialog__text')).toBe('直播流异常，请重新进入'))
    rig.utils.fireEvent.click(document.querySelector('.ui-dialog__button') as Element)
    await until(() => expect(rig.navigateTo).toHaveBeenCalledWith({ url: toPageUrl('Refresh') }))
  })

  it('live_deinit asks for the stream again; the watch count GET updates the count', async () => {
    let plays = 0
    const { room, store, getJson } = await show(
      { [INFO]: () => ok({ object: live() }), [PLAY]: () => ok({ object: playing({ playUrl: `http://localhost/hls/live-now/live.m3u8?token=t${++plays}` }) }) },
      { login: BUYER },
    )
    await until(() => expect(document.querySelector('taro-video-core')?.getAttribute('src')).toContain('token=t1'))
    // Taro's Stencil video reads its <video> when its src changes: let it render that first (a
    // stream that ends within its first frame is not this test's business)
    await until(() => expect(document.querySelector('taro-video-core video')).not.toBeNull())
    act(() => room.push({ ...comment('n1', 50, ''), msgType: 'NOTI_NODISPLAY', type: 'live_deinit' }))
    await until(() => expect(document.querySelector('taro-video-core')?.getAttribute('src')).toContain('token=t2'))
    await act(async () => store.refreshCount('group-live-now'))
    expect(getJson.mock.calls[0][0]).toMatch(/^\/hls\/watchCount\?groupid=group-live-now&t=\d+$/)
    await until(() => expect(text('.live-head__meta')).toContain('99 人看过'))
  })

  describe('the replay', () => {
    const routes = (answer: Handler): Record<string, Handler> => ({
      [INFO]: () => ok({ object: live({ status: 2, hasPlayBack: 1, isPlayPass: 1 }) }),
      [PLAYBACK]: answer,
    })

    it('asks for the password: under 4 characters is the toast without a call; the right one plays with speeds and no comments', async () => {
      const { backend, notices } = await show(
        routes((body) => (body.playPass === '2468' ? ok({ object: live({ isPlayBack: 1, status: 2, playUrl: 'http://localhost/hls/live-now/replay.m3u8?token=r' }) }) : refuse(402, 'wrong live password'))),
        { mode: 'replay' },
      )
      await typeInto(rig.utils, '.live-password', '246')
      rig.utils.fireEvent.click(button('观看回放'))
      await until(() => expect(notices).toEqual(['passwordTooShort']))
      expect(backend.calls.filter((c) => c.path === PLAYBACK)).toHaveLength(0)
      await typeInto(rig.utils, '.live-password', '1357')
      rig.utils.fireEvent.click(button('观看回放'))
      await until(() => expect(backend.toasts).toEqual(['wrong live password']))
      await typeInto(rig.utils, '.live-password', '2468')
      rig.utils.fireEvent.click(button('观看回放'))
      await until(() => expect(document.querySelector('taro-video-core')?.getAttribute('src')).toContain('replay.m3u8'))
      const rates = [...document.querySelectorAll('[role="radio"]')]
      expect(rates.map((r) => r.textContent)).toEqual(['0.75x', '1x', '1.25x', '1.5x', '2x'])
      rig.utils.fireEvent.click(rates[3])
      await until(() => expect(document.querySelectorAll('[role="radio"]')[3].getAttribute('aria-checked')).toBe('true'))
      expect(document.querySelector('.live-head__subscribe')).toBeNull()
      rig.utils.fireEvent.click(button('发送'))
      await until(() => expect(notices).toEqual(['passwordTooShort', 'replayNoComment']))
    })
  })
})
