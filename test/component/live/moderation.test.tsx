/**
 * The host's moderation panel on /liveHomeAdmin (issue 29, item 5), on the H5 runtime: its loading,
 * empty, error and closed states, the confirmations before a kick, a blacklist, muting everyone and
 * closing the room, the mute's durations, the announcement, every failure said in a dialog, the
 * status line, and the controls' names for keyboards and screen readers. The real store and panel
 * run over a scripted chat room client (the room's own rules and the real client are tested in
 * test/server/chatroom/moderation.test.ts and the e2e journey).
 */
import { act } from 'react'
import { ChatExit } from '../../../src/features/live/ChatExit'
import { RoomNews } from '../../../src/features/live/RoomNews'
import { ModerationPanel } from '../../../src/features/live/ModerationPanel'
import { ModerationStore } from '../../../src/features/live/ModerationStore'
import { ChatroomError, type ChatroomClient, type ChatroomInfo, type ChatroomMemberInfo, type ChatroomModeration, type ChatroomStatus } from '../../../src/im'
import type { LiveChatMessage } from '../../../src/domain/chat/liveMessage'
import { setLocale } from '../../../src/locales'
import { mount, until } from '../act'
import { text, typeInto } from '../purchase/support'
import { screenRig } from '../money/support'

const member = (account: string, nick: string, overrides: Partial<ChatroomMemberInfo> = {}): ChatroomMemberInfo => ({
  account, type: 'anonymous', nick, avatar: '', online: true, muted: false, gaged: false, tempMuteDuration: 0, blacked: false, ...overrides,
})
const HOST = member('wm_teacher', '林老师', { type: 'owner' })
const ASSISTANT = member('wm_assistant', '助教小雨', { type: 'manager' })
const TROLL = member('anon_troll', 'Troll')
const ROOM: ChatroomInfo = { name: '林老师的直播间', announcement: '', mute: false, onlineMemberNum: 3, creator: 'wm_teacher' }

/** The chat room as the test scripts it: its member lists, and each tool's answer (or refusal). */
class ScriptedRoom implements ChatroomClient {
  status: ChatroomStatus = { state: 'connected' }
  fixed: ChatroomMemberInfo[] = [HOST, ASSISTANT]
  guests: ChatroomMemberInfo[] = [TROLL]
  room = ROOM
  refusal: ChatroomError | undefined
  loadFailure: ChatroomError | undefined
  memberListener: (m: ChatroomMemberInfo) => void = () => undefined
  calls: string[] = []
  enter = jest.fn()
  exit = jest.fn(async () => undefined)
  send = jest.fn()
  history = jest.fn(async (): Promise<LiveChatMessage[]> => [])
  members = jest.fn(async (guest: boolean) => {
    if (this.loadFailure) throw this.loadFailure
    return guest ? this.guests : this.fixed
  })
  onMessages = () => () => undefined
  onStatus = () => () => undefined
  private answer<T>(call: string, value: T): Promise<T> {
    this.calls.push(call)
    return this.refusal ? Promise.reject(this.refusal) : Promise.resolve(value)
  }
  readonly moderation: ChatroomModeration = {
    room: () => this.answer('room', this.room),
    kick: (account) => this.answer(`kick ${account}`, undefined),
    tempMute: (account, seconds) => this.answer(`mute ${account} ${seconds}`, member(account, 'Troll', { muted: seconds > 0, tempMuteDuration: seconds })),
    setBlacklisted: (account, on) => this.answer(`blacklist ${account} ${on}`, member(account, 'Troll', { blacked: on, online: !on })),
    updateRoom: (changes) => this.answer(`room ${JSON.stringify(changes)}`, { ...this.room, ...changes }),
    closeRoom: () => this.answer('close', undefined),
    onMember: (listener) => {
      this.memberListener = listener
      return () => undefined
    },
    onRoom: () => () => undefined,
  }
}

const row = (nick: string) => [...document.querySelectorAll('.live-mod__member')].find((el) => el.querySelector('.live-mod__name')?.textContent === nick)
const buttonIn = (el: Element | null | undefined, label: string): Element => {
  const found = [...(el?.querySelectorAll('taro-button-core') ?? [])].find((b) => b.textContent?.trim() === label)
  if (!found) throw new Error(`no button ${label}`)
  return found
}
const dialog = () => document.querySelector('[role="dialog"]')

describe('the moderation panel', () => {
  const rig = screenRig()
  afterEach(() => setLocale('zh-CN'))

  async function show(room = new ScriptedRoom(), self: Pick<ChatroomMemberInfo, 'account' | 'type'> = HOST) {
    const store = new ModerationStore(room, self)
    await mount(rig.utils, ModerationPanel, { store })
    await act(async () => {
      void store.load()
    })
    return { room, store }
  }
  /** A tap, with what the store does in answer flushed inside act. */
  const press = async (el: Element | null): Promise<void> => {
    if (!el) throw new Error('nothing to press')
    await act(async () => {
      rig.utils.fireEvent.click(el)
    })
  }

  it('shows its loading state, then the room and its members with the host’s and manager’s badges', async () => {
    const room = new ScriptedRoom()
    let release: () => void = () => undefined
    room.members.mockImplementationOnce(() => new Promise((resolve) => (release = () => resolve(room.fixed))))
    await show(room)
    await until(() => expect(text('.live-mod')).toContain('正在加载聊天室成员'))
    await act(async () => release())
    // the host itself is not listed: the panel is about the others
    await until(() => expect(text('.live-mod__subtitle')).toBe('成员（2）'))
    expect(row('林老师')).toBeUndefined()
    expect(row('助教小雨')?.querySelector('.live-role--manager')?.textContent).toBe('管理员')
    expect(row('Troll')?.querySelector('.live-role')).toBeNull()
    expect(row('Troll')?.querySelector('[role="group"]')?.getAttribute('aria-label')).toBe('Troll 的操作')
  })

  it('says so when nobody else is in the room', async () => {
    const room = new ScriptedRoom()
    room.fixed = [HOST]
    room.guests = []
    await show(room)
    await until(() => expect(text('.live-mod__empty')).toBe('聊天室里还没有其他人'))
  })

  it('shows an error with a retry when the members cannot be loaded', async () => {
    const room = new ScriptedRoom()
    room.loadFailure = new ChatroomError('offline', 0, 'lost')
    await show(room)
    await until(() => expect(text('.live-mod')).toContain('聊天室成员加载失败'))
    expect(text('.live-mod')).toContain('与聊天室的连接已断开，请稍后重试')
    room.loadFailure = undefined
    await press(document.querySelector('.live-mod [role="button"]'))
    await until(() => expect(text('.live-mod__subtitle')).toBe('成员（2）'))
  })

  it('asks before kicking, and kicks only on confirmation', async () => {
    const { room } = await show()
    await until(() => expect(row('Troll')).toBeDefined())
    await press(buttonIn(row('Troll'), '踢出'))
    await until(() => expect(dialog()?.textContent).toContain('踢出 Troll？'))
    await press(buttonIn(dialog(), '取消'))
    await until(() => expect(dialog()).toBeNull())
    expect(room.calls).toEqual(['room'])
    await press(buttonIn(row('Troll'), '踢出'))
    await until(() => expect(dialog()).not.toBeNull())
    await press(buttonIn(dialog(), '踢出'))
    await until(() => expect(text('.live-mod__status')).toBe('已踢出 Troll'))
    expect(room.calls).toContain('kick anon_troll')
    expect(row('Troll')).toBeUndefined()
  })

  it('mutes for the chosen time, shows the time left, and lifts it', async () => {
    const { room } = await show()
    await until(() => expect(row('Troll')).toBeDefined())
    await press(buttonIn(row('Troll'), '禁言'))
    await until(() => expect(dialog()?.textContent).toContain('禁言 Troll'))
    expect([...(dialog()?.querySelectorAll('.live-mod__duration') ?? [])].map((b) => b.textContent)).toEqual(['10 分钟', '1 小时', '1 天'])
    await press(buttonIn(dialog(), '1 小时'))
    await until(() => expect(row('Troll')?.textContent).toContain('禁言中，还剩 60 分钟'))
    expect(room.calls).toContain('mute anon_troll 3600')
    await press(buttonIn(row('Troll'), '解除禁言'))
    await until(() => expect(room.calls).toContain('mute anon_troll 0'))
  })

  it('asks before blacklisting and before muting everyone; lifting either needs no question', async () => {
    const { room } = await show()
    await until(() => expect(row('Troll')).toBeDefined())
    await press(buttonIn(row('Troll'), '拉黑'))
    await until(() => expect(dialog()?.textContent).toContain('解除拉黑之前不能再进入'))
    await press(buttonIn(dialog(), '拉黑'))
    await until(() => expect(row('Troll')?.textContent).toContain('已拉黑'))
    await press(buttonIn(row('Troll'), '解除拉黑'))
    await until(() => expect(text('.live-mod__status')).toBe('已解除 Troll 的拉黑'))
    expect(room.calls).toContain('blacklist anon_troll false')
    const toggle = document.querySelector('.live-mod__switch') as HTMLElement
    expect(toggle.getAttribute('role')).toBe('switch')
    expect(toggle.getAttribute('aria-checked')).toBe('false')
    expect(toggle.getAttribute('aria-label')).toBe('全员禁言')
    // the keyboard's way: Enter on the switch
    await act(async () => {
      toggle.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }))
    })
    await until(() => expect(dialog()?.textContent).toContain('开启全员禁言？'))
    await press(buttonIn(dialog(), '开启'))
    await until(() => expect(toggle.getAttribute('aria-checked')).toBe('true'))
    await press(toggle)
    await until(() => expect(toggle.getAttribute('aria-checked')).toBe('false'))
    expect(room.calls.filter((c) => c.startsWith('room {'))).toEqual(['room {"mute":true}', 'room {"mute":false}'])
  })

  it('publishes the announcement, and refuses one over 1000 characters without asking the room', async () => {
    const { room } = await show()
    await until(() => expect(document.querySelector('.live-mod__announcement input')).not.toBeNull())
    await typeInto(rig.utils, '.live-mod__announcement', 'x'.repeat(1001))
    await until(() => expect(text('.live-mod__announcement')).toContain('公告不能超过 1000 个字'))
    await press(document.querySelector('.live-mod__save'))
    expect(room.calls.filter((c) => c.startsWith('room {'))).toEqual([])
    await typeInto(rig.utils, '.live-mod__announcement', '  今晚 8 点开始  ')
    await press(document.querySelector('.live-mod__save'))
    await until(() => expect(text('.live-mod__status')).toBe('公告已发布'))
    expect(room.calls).toContain('room {"announcement":"今晚 8 点开始"}')
  })

  it('says in a dialog why an action failed', async () => {
    const { room } = await show()
    await until(() => expect(row('Troll')).toBeDefined())
    room.refusal = new ChatroomError('forbidden', 403, '只有主播和管理员可以这样操作')
    await press(buttonIn(row('Troll'), '踢出'))
    await until(() => expect(dialog()).not.toBeNull())
    await press(buttonIn(dialog(), '踢出'))
    await until(() => expect(dialog()?.textContent).toContain('操作失败：你没有权限这样操作'))
    await press(buttonIn(dialog(), '知道了'))
    await until(() => expect(dialog()).toBeNull())
    expect(row('Troll')).toBeDefined()
  })

  it('closes the room after a confirmation, and then says the room is closed', async () => {
    const { room } = await show()
    await until(() => expect(text('.live-mod__close')).toBe('关闭聊天室'))
    await press(document.querySelector('.live-mod__close'))
    await until(() => expect(dialog()?.textContent).toContain('关闭后不能再打开'))
    await press(buttonIn(dialog(), '关闭'))
    await until(() => expect(text('.live-mod .state-view__title')).toBe('聊天室已关闭'))
    // said once: the closed state, not the status line as well
    expect(text('.live-mod__status')).toBe('')
    expect(room.calls).toContain('close')
  })

  it('offers a manager no close, and no action on the host or another manager', async () => {
    await show(new ScriptedRoom(), ASSISTANT)
    await until(() => expect(row('Troll')).toBeDefined())
    expect(document.querySelector('.live-mod__close')).toBeNull()
    expect(row('林老师')?.querySelector('.live-role--owner')?.textContent).toBe('主播')
    expect(row('林老师')?.querySelector('.live-mod__actions')).toBeNull()
    expect(row('Troll')?.querySelector('.live-mod__actions')).not.toBeNull()
  })

  it('keeps the list current with what the room tells every member', async () => {
    const { room } = await show()
    await until(() => expect(row('Troll')).toBeDefined())
    act(() => room.memberListener(member('anon_new', 'Newcomer')))
    await until(() => expect(row('Newcomer')).toBeDefined())
    act(() => room.memberListener(member('anon_troll', 'Troll', { online: false })))
    await until(() => expect(row('Troll')).toBeUndefined())
  })

  it('says where it cannot help: a room without tools, a viewer who is not a moderator', async () => {
    const room = new ScriptedRoom()
    const noTools: ChatroomClient = { ...room, status: room.status, moderation: undefined, members: room.members, history: room.history, enter: room.enter, exit: room.exit, send: room.send, onMessages: room.onMessages, onStatus: room.onStatus }
    await show(noTools as ScriptedRoom)
    await until(() => expect(text('.live-mod')).toContain('这个聊天室不支持在网页上管理'))
    rig.utils.unmout()
    await show(new ScriptedRoom(), member('wm_buyer', '学员阿杰', { type: 'guest' }))
    await until(() => expect(text('.live-mod')).toContain('只有主播和管理员可以管理聊天室'))
  })

  it('reads in English', async () => {
    setLocale('en')
    await show()
    await until(() => expect(text('.live-mod__subtitle')).toBe('Members (2)'))
    expect(text('.live-mod__title')).toBe('Chat room moderation')
    expect(row('助教小雨')?.querySelector('.live-role')?.textContent).toBe('Manager')
  })
})

describe('a viewer the room put out', () => {
  const rig = screenRig()

  it.each([
    [{ state: 'exited', reason: 'kicked' }, '你已被移出聊天室'],
    [{ state: 'exited', reason: 'blacklisted' }, '你已被主播拉黑，不能再进入聊天室'],
    [{ state: 'exited', reason: 'closed' }, '聊天室已关闭'],
    [{ state: 'failed', reason: 'blacklisted' }, '你已被主播拉黑，不能再进入聊天室'],
    [{ state: 'failed', reason: 'closed' }, '聊天室已关闭'],
  ] as const)('is told why (%p)', async (status, said) => {
    await mount(rig.utils, ChatExit, { status })
    await until(() => expect(document.querySelector('[role="status"]')?.textContent).toBe(said))
  })

  it.each([{ state: 'exited', reason: 'intentional' }, { state: 'failed', reason: 'offline' }, { state: 'failed' }, { state: 'connected' }] as const)(
    'is told nothing by it when no moderator is the reason (%p)',
    async (status) => {
      await mount(rig.utils, ChatExit, { status })
      expect(document.querySelector('[role="status"]')).toBeNull()
    },
  )
})

describe('what the moderators set for every viewer', () => {
  const rig = screenRig()

  it('shows the announcement and the whole room’s mute', async () => {
    await mount(rig.utils, RoomNews, { room: { ...ROOM, announcement: '今晚 8 点开始', mute: true } })
    await until(() => expect(text('.live-news')).toBe('公告：今晚 8 点开始主播已开启全员禁言'))
  })

  it('shows nothing when there is neither', async () => {
    await mount(rig.utils, RoomNews, { room: { ...ROOM, announcement: '   ', mute: false } })
    expect(document.querySelector('.live-news')).toBeNull()
  })
})
