import { reaction } from 'mobx'
import { LiveChatStore } from '../../../../src/features/live/LiveChatStore'
import { ChatroomError, type ChatroomClient, type ChatroomStatus } from '../../../../src/im'
import type { LiveChatMessage, LiveContent } from '../../../../src/domain/chat/liveMessage'

/** A ChatroomClient the test drives: messages and statuses pushed by hand, send and history scripted. */
class ScriptedClient implements ChatroomClient {
  status: ChatroomStatus = { state: 'connected' }
  private messageListener: (m: LiveChatMessage[]) => void = () => undefined
  send = jest.fn(async (content: LiveContent, idClient: string): Promise<LiveChatMessage> => msg(idClient, 1000 + this.send.mock.calls.length, content.text, 'out'))
  history = jest.fn(async (_timetag: number, _limit?: number): Promise<LiveChatMessage[]> => [])
  enter = jest.fn()
  exit = jest.fn(async () => undefined)
  members = jest.fn(async () => [])
  readonly moderation = undefined
  onMessages(listener: (m: LiveChatMessage[]) => void) {
    this.messageListener = listener
    return () => undefined
  }
  onStatus() {
    return () => undefined
  }
  push(...messages: LiveChatMessage[]): void {
    this.messageListener(messages)
  }
}

const msg = (idClient: string, time: number, text = idClient, flow: 'in' | 'out' = 'in', nickname = 'Ann'): LiveChatMessage => ({
  idClient, from: 'ann', time, flow, msgType: 'TEXT', text, type: '', sender: { nickname, faceIcon: '', uid: 'ann', updateTime: 0 },
})
const me = { nickname: 'Me', faceIcon: '', uid: 'me', updateTime: 0 }

describe('LiveChatStore', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it('applies incoming messages in one update per 200 ms batch', () => {
    const client = new ScriptedClient()
    const store = new LiveChatStore(client)
    let updates = 0
    const off = reaction(() => store.items, () => updates++)
    for (let i = 0; i < 50; i++) client.push(msg(`m${i}`, i))
    expect(store.items).toHaveLength(0)
    jest.advanceTimersByTime(199)
    expect(updates).toBe(0)
    jest.advanceTimersByTime(1)
    expect(updates).toBe(1)
    expect(store.items).toHaveLength(50)
    off()
    store.dispose()
  })

  it('keeps the newest messages up to its limit, each once, in time order', () => {
    const client = new ScriptedClient()
    const store = new LiveChatStore(client, { limit: 5 })
    client.push(msg('c', 3), msg('a', 1), msg('b', 2), msg('a', 1))
    client.push(msg('f', 6), msg('e', 5), msg('d', 4), msg('g', 7))
    jest.advanceTimersByTime(200)
    expect(store.items.map((i) => i.idClient)).toEqual(['c', 'd', 'e', 'f', 'g'])
  })

  it('masks ID-like nicknames and hands notices on instead of listing them', () => {
    const client = new ScriptedClient()
    const onNotice = jest.fn()
    const store = new LiveChatStore(client, { onNotice })
    client.push(msg('a', 1, 'hi', 'in', 'wxid_abc123'), { ...msg('n', 2), msgType: 'NOTI_NODISPLAY', type: 'live_deinit' })
    jest.advanceTimersByTime(200)
    expect(store.items.map((i) => i.displayName)).toEqual(['wxid_***'])
    expect(onNotice).toHaveBeenCalledWith(expect.objectContaining({ type: 'live_deinit' }))
  })

  it('shows a comment at once as pending, then sent', async () => {
    const client = new ScriptedClient()
    const store = new LiveChatStore(client, { newId: () => 'local-1' })
    const sending = store.send('hello', me)
    expect(store.items).toMatchObject([{ key: 'local-1', state: 'pending', text: 'hello', flow: 'out' }])
    await sending
    expect(store.items).toMatchObject([{ key: 'local-1', state: 'sent', text: 'hello' }])
    expect(client.send).toHaveBeenCalledWith(expect.objectContaining({ msgType: 'TEXT', text: 'hello', senderUserInfo: me }), 'local-1')
  })

  it('marks a refused send failed with its reason, and retries it with the same client id', async () => {
    const client = new ScriptedClient()
    client.send.mockRejectedValueOnce(new ChatroomError('muted', 13004, 'You are muted in this chat room'))
    const store = new LiveChatStore(client, { newId: () => 'local-2' })
    await store.send('let me speak', me)
    expect(store.items).toMatchObject([{ state: 'failed', error: 'muted' }])
    await store.retry('local-2')
    expect(store.items).toMatchObject([{ state: 'sent', key: 'local-2' }])
    expect(client.send.mock.calls.map((c) => c[1])).toEqual(['local-2', 'local-2'])
  })

  it('sends a comment that failed for the lost connection again once the room is back, exactly once (issue 30, item 2)', async () => {
    const client = new ScriptedClient()
    const offline = new ChatroomError('offline', 0, 'not connected to the chat room')
    client.send.mockRejectedValueOnce(offline).mockRejectedValueOnce(new ChatroomError('muted', 13004, 'muted'))
    let id = 0
    const store = new LiveChatStore(client, { newId: () => `local-${++id}` })
    store.setStatus({ state: 'reconnecting', attempt: 1, delayMs: 500, final: false })
    await store.send('typed during the outage', me)
    await store.send('muted one', me)
    expect(store.items).toMatchObject([{ key: 'local-1', state: 'failed', error: 'offline' }, { key: 'local-2', state: 'failed', error: 'muted' }])
    // back: the offline one goes out by itself; a tap on 重发 while it is on its way sends nothing more
    let answer: (m: LiveChatMessage) => void = () => undefined
    client.send.mockImplementationOnce((_content, idClient) => new Promise((resolve) => (answer = resolve)).then(() => msg(idClient, 2000, 'typed during the outage', 'out')))
    store.setStatus({ state: 'connected' })
    expect(store.items[0]).toMatchObject({ key: 'local-1', state: 'pending' })
    await store.retry('local-1')
    store.setStatus({ state: 'connected' })
    answer(msg('local-1', 2000))
    await Promise.resolve()
    await Promise.resolve()
    expect(client.send.mock.calls.map((c) => c[1])).toEqual(['local-1', 'local-2', 'local-1'])
    expect(store.items).toMatchObject([{ key: 'local-1', state: 'sent' }, { key: 'local-2', state: 'failed', error: 'muted' }])
  })

  it('does not list the echo of its own sent message twice', async () => {
    const client = new ScriptedClient()
    const store = new LiveChatStore(client, { newId: () => 'local-3' })
    await store.send('once', me)
    client.push(msg('local-3', 1001, 'once', 'out'))
    jest.advanceTimersByTime(200)
    expect(store.items).toHaveLength(1)
  })

  it('loads earlier messages 10 at a time before the oldest shown, and stops at the start', async () => {
    const client = new ScriptedClient()
    const store = new LiveChatStore(client)
    client.push(msg('x', 100))
    jest.advanceTimersByTime(200)
    client.history.mockResolvedValueOnce(Array.from({ length: 10 }, (_, i) => msg(`e${i}`, 80 + i)))
    await store.loadEarlier()
    expect(client.history).toHaveBeenLastCalledWith(100, 10)
    expect(store.items.map((i) => i.idClient)).toEqual([...Array.from({ length: 10 }, (_, i) => `e${i}`), 'x'])
    client.history.mockResolvedValueOnce([msg('first', 1)])
    await store.loadEarlier()
    expect(client.history).toHaveBeenLastCalledWith(80, 10)
    expect(store.noMoreEarlier).toBe(true)
    await store.loadEarlier()
    expect(client.history).toHaveBeenCalledTimes(2)
  })

  it('keeps what it shows when loading earlier fails, and says why', async () => {
    const client = new ScriptedClient()
    const store = new LiveChatStore(client)
    client.history.mockRejectedValueOnce(new ChatroomError('offline', 0, 'not connected'))
    await store.loadEarlier()
    expect(store.earlierError).toBe('offline')
    expect(store.loadingEarlier).toBe(false)
  })
})
