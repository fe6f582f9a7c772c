/**
 * Issue 34 section 2 on /liveHome's screen (H5 runtime): the current page shows only the app-only
 * notice (item 1, spec 001 §2: no host header, no player, no choice); the older viewer shows the
 * live rules notice with its 24-hour monitoring (item 5, spec 001 §1); the route's `groupid` query
 * names the group whose watch count is asked (item 8). The real store and live api run; the request,
 * Taro navigation and the chat room client (a scripted one) are the faked edge.
 */
import { act } from 'react'
import type { LiveInfo } from '../../../types/live'
import { createClient } from '../../../src/api/client'
import { createLiveApi } from '../../../src/api/live'
import type { LiveChatMessage } from '../../../src/domain/chat/liveMessage'
import { LiveHomeScreen, LiveHomeStore, WATCH_COUNT_EVERY_MS } from '../../../src/features/live'
import type { ChatroomClient } from '../../../src/im'
import { mount, until } from '../act'
import { WithStores, testAppStores } from '../appStores'
import { screenRig } from '../money/support'
import { fakeBackend, ok, text, type Handler } from '../purchase/support'

const INFO = '/wmim/live/query/info.do'
const PLAY = '/wmim/live/query/play/info.do'
const ROOM = { watchNickname: '', watchFaceIcon: '', appKey: '', account: '', imToken: '', chatroomId: 'room-1', chatroomAddresses: ['ws://localhost/im/chatroom'] }

const live = (overrides: Partial<LiveInfo> = {}): LiveInfo => ({
  courseData: 'live-now', title: '英语口语直播', faceIcon: '', liveP: 0, liveF: 0, duration: 0, watchCount: 36, isPlayBack: 0, privacyStatus: 1,
  nickname: '林老师', hostFaceIcon: '', wmid: 'wm_teacher', groupid: 'group-of-info', mediaType: 0, status: 1, beginTime: Date.UTC(2024, 2, 8, 4),
  playUrl: '', isSubscribe: 0, loginUrl: '', isAppOnly: 0, hasPlayBack: 0, isPlayPass: 0, watchData: null, ...overrides,
})
const playing = () => live({ playUrl: 'http://localhost/hls/live-now/live.m3u8?token=t', watchData: ROOM })

/** A room that enters and has no history: the chat is not what these tests are about. */
const quietRoom = (): ChatroomClient => ({
  status: { state: 'connected' },
  moderation: undefined,
  enter: async () => ({
    account: 'a',
    member: { account: 'a', type: 'guest', nick: 'n', avatar: '', online: true, muted: false, gaged: false, tempMuteDuration: 0, blacked: false },
    roomName: 'r',
    onlineMemberNum: 1,
    room: { name: 'r', announcement: '', mute: false, onlineMemberNum: 1, creator: 'wm_teacher' },
  }),
  exit: async () => undefined,
  send: async () => {
    throw new Error('no sends here')
  },
  history: async (): Promise<LiveChatMessage[]> => [],
  members: async () => [],
  onMessages: () => () => undefined,
  onStatus: () => () => undefined,
})

describe('/liveHome (issue 34)', () => {
  const rig = screenRig()
  beforeAll(() => {
    // jsdom has no media playback: Taro's H5 Video plays HLS natively where the browser says it can
    jest.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : ''))
    jest.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined)
    jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined)
  })

  async function show(routes: Record<string, Handler>, groupid?: string) {
    const backend = fakeBackend(routes)
    const getJson = jest.fn(async (_path: string): Promise<unknown> => ({ watchCount: 99 }))
    const store = new LiveHomeStore({
      api: createLiveApi(createClient(backend.deps).post, getJson),
      login: () => undefined,
      signedIn: () => false,
      createClient: quietRoom,
      guestNick: () => '游客1234',
      notice: () => undefined,
      messageOf: (err) => (err instanceof Error ? err.message : String(err)),
    })
    await mount(rig.utils, WithStores, { stores: testAppStores(), children: <LiveHomeScreen store={store} onLogin={() => undefined} /> })
    await act(async () => store.load('live-now', 'live', groupid))
    return { store, getJson, backend }
  }
  const button = (label: string) => [...document.querySelectorAll('taro-button-core')].find((b) => b.textContent?.trim() === label)

  it('an app-only live shows the notice alone: no host header, no player, no identity choice, no rules', async () => {
    const { backend } = await show({ [INFO]: () => ok({ object: live({ isAppOnly: 1 }) }) })
    await until(() => expect(text('.ui-dialog__text')).toBe('直播仅支持在 App 内观看，已不再支持在外部观看'))
    expect(text('.state-view__title')).toBe('请在 App 中观看直播')
    for (const part of ['.live-head', 'taro-video-core', '.live-identity', '.live-chat', '.live-rules']) expect([part, document.querySelector(part)]).toEqual([part, null])
    expect(backend.calls.map((c) => c.path)).toEqual([INFO])
  })

  it('the older viewer shows the live rules notice: content is monitored 24 hours', async () => {
    await show({ [INFO]: () => ok({ object: live() }), [PLAY]: () => ok({ object: playing() }) })
    await until(() => expect(button('以游客身份观看')).toBeDefined())
    expect(document.querySelector('.live-rules')).toBeNull()
    await act(async () => rig.utils.fireEvent.click(button('以游客身份观看') as Element))
    await until(() => expect(document.querySelector('taro-video-core')).not.toBeNull())
    const rules = document.querySelector('.live-rules')
    expect(rules?.getAttribute('role')).toBe('note')
    expect(rules?.textContent).toContain('24 小时巡查直播内容')
  })

  it.each([
    ['the route\'s groupid', 'group-of-route', 'group-of-route'],
    ['the info\'s group without one', undefined, 'group-of-info'],
  ])('the watch count asks for %s', async (_, routeGroup, asked) => {
    const every = jest.spyOn(globalThis, 'setInterval')
    try {
      const { store, getJson } = await show({ [INFO]: () => ok({ object: live() }), [PLAY]: () => ok({ object: playing() }) }, routeGroup)
      await act(async () => store.watch())
      expect(store.view.kind).toBe('watching')
      // the count's own timer (the store's WATCH_COUNT_EVERY_MS), run once rather than waited for
      const tick = every.mock.calls.find(([, ms]) => ms === WATCH_COUNT_EVERY_MS)?.[0]
      expect(tick).toBeInstanceOf(Function)
      await act(async () => (tick as () => void)())
      expect(getJson).toHaveBeenCalledTimes(1)
      expect(new URLSearchParams(getJson.mock.calls[0][0].split('?')[1]).get('groupid')).toBe(asked)
      await until(() => expect(store.watchCount).toBe(99))
    } finally {
      every.mockRestore()
    }
  })
})
