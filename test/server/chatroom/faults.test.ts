/**
 * Faults on the local room: the server killed and restarted mid-session (the real server, timers
 * faked so the spec's delays are checked), duplicated and reordered delivery, the attempts running
 * out, a dead heartbeat and an intentional exit (a scripted socket at the platform edge).
 */
import { commentContent, type LiveChatMessage } from '../../../src/domain/chat/liveMessage'
import { LocalChatroomClient, type ChatroomStatus } from '../../../src/im'
import type { OpenSocket, SocketHandlers } from '../../../src/platform/socket'
import type { WireMessage } from '../../../types/chatroom'
import { ROOM, RoomServer, wsSocket } from './harness'

const realImmediate = setImmediate
const tick = (): Promise<void> => new Promise((resolve) => realImmediate(resolve))
async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (check()) return
    await tick()
  }
  throw new Error(`never happened: ${what}`)
}

const sender = { nickname: 'Bob', faceIcon: '', uid: 'x', updateTime: 0 }

describe('local room: the server dies and comes back mid-session', () => {
  const server = new RoomServer()
  afterEach(async () => {
    jest.useRealTimers()
    await server.dispose()
  })

  it('reconnects after 500 ms then 1000 ms, and catches up on what was sent meanwhile, each message once', async () => {
    await server.start()
    const alice = new LocalChatroomClient(wsSocket)
    const bob = new LocalChatroomClient(wsSocket)
    const options = (nick: string) => ({ chatroomId: ROOM, addresses: [server.url], identity: { kind: 'guest' as const, nick } })
    await alice.enter(options('Alice'))
    const b = await bob.enter(options('Bob'))
    const received: LiveChatMessage[] = []
    alice.onMessages((m) => received.push(...m))
    const statuses: ChatroomStatus[] = []
    alice.onStatus((s) => statuses.push(s))

    await bob.send(commentContent('before', { ...sender, uid: b.account }, 1), 'b-1')
    await until(() => received.length === 1, 'the first message arrives live')

    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] })
    await server.stop()
    await until(() => statuses.some((s) => s.state === 'reconnecting'), 'alice notices the loss')
    expect(statuses.at(-1)).toEqual({ state: 'reconnecting', attempt: 1, delayMs: 500, final: false })

    jest.advanceTimersByTime(499)
    await tick()
    expect(statuses).toHaveLength(1)
    jest.advanceTimersByTime(1)
    await until(() => statuses.filter((s) => s.state === 'reconnecting').length === 2, 'the first attempt fails while the server is down')
    expect(statuses.at(-1)).toEqual({ state: 'reconnecting', attempt: 2, delayMs: 1000, final: false })

    await server.start()
    // bob is back first and talks while alice still waits
    const bob2 = new LocalChatroomClient(wsSocket)
    const b2 = await bob2.enter(options('Bob'))
    await bob2.send(commentContent('while you were away', { ...sender, uid: b2.account }, 2), 'b-2')
    await bob2.send(commentContent('and again', { ...sender, uid: b2.account }, 3), 'b-3')

    jest.advanceTimersByTime(999)
    await tick()
    expect(alice.status.state).toBe('reconnecting')
    jest.advanceTimersByTime(1)
    await until(() => received.length === 3, 'alice catches up')
    expect(alice.status).toEqual({ state: 'connected' })
    expect(received.map((m) => m.text)).toEqual(['before', 'while you were away', 'and again'])
    expect(new Set(received.map((m) => m.idClient)).size).toBe(3)

    jest.useRealTimers()
    await Promise.all([alice.exit(), bob.exit(), bob2.exit()])
  })
})

/** A room at the platform edge: answers login and history, pushes what the test says, can be down. */
class ScriptedRoom {
  down = false
  /** the socket stays open but nothing is answered */
  silent = false
  opened = 0
  commands: string[] = []
  history: WireMessage[] = []
  private handlers: SocketHandlers | undefined

  readonly open: OpenSocket = (_url, handlers) => {
    this.opened += 1
    let closed = false
    const close = (): void => {
      if (closed) return
      closed = true
      handlers.onClose()
    }
    if (this.down) queueMicrotask(close)
    else {
      this.handlers = handlers
      queueMicrotask(() => handlers.onOpen())
    }
    return {
      send: (data) => {
        const frame = JSON.parse(data) as { id: number; cmd: string }
        this.commands.push(frame.cmd)
        if (this.silent) return
        const answer = (payload: unknown) => queueMicrotask(() => handlers.onMessage(JSON.stringify({ id: frame.id, code: 200, data: payload })))
        if (frame.cmd === 'login') answer({ chatroom: { id: ROOM, name: 'r', onlineMemberNum: 1 }, member: { account: 'anon_me', type: 'anonymous', nick: 'me', avatar: '', online: true, gaged: false, tempMuted: false, blacked: false } })
        else if (frame.cmd === 'getHistoryMsgs') answer(this.history)
        else answer(null)
      },
      close,
    }
  }

  push(message: WireMessage): void {
    this.handlers?.onMessage(JSON.stringify({ push: 'msgs', data: [message] }))
  }

  drop(): void {
    this.handlers?.onClose()
  }
}

const wire = (idClient: string, time: number, text: string): WireMessage => ({
  chatroomId: ROOM, idClient, idServer: time, from: 'someone', fromNick: 'Someone', fromAvatar: '', fromType: 'common', type: 100, time,
  body: JSON.stringify({ msgType: 'TEXT', text, senderUserInfo: { nickname: 'Someone', faceIcon: '', uid: 'someone', updateTime: 0 }, time }),
})

describe('local room client: delivery and reconnection rules (scripted socket)', () => {
  afterEach(() => jest.useRealTimers())

  const enter = async (room: ScriptedRoom) => {
    const client = new LocalChatroomClient(room.open)
    await client.enter({ chatroomId: ROOM, addresses: ['ws://a', 'ws://b'], identity: { kind: 'guest', nick: 'me' } })
    return client
  }

  it('hands on a duplicated and a reordered delivery once each', async () => {
    const room = new ScriptedRoom()
    const client = await enter(room)
    const got: string[] = []
    client.onMessages((m) => got.push(...m.map((x) => x.idClient)))
    room.push(wire('a', 10, 'A'))
    room.push(wire('a', 10, 'A'))
    room.push(wire('c', 30, 'C'))
    room.push(wire('b', 20, 'B'))
    room.push(wire('c', 30, 'C'))
    expect(got).toEqual(['a', 'c', 'b'])
    // the catch-up after a reconnect overlaps what arrived live: nothing twice
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] })
    room.history = [wire('b', 20, 'B'), wire('c', 30, 'C'), wire('d', 40, 'D')]
    room.drop()
    jest.advanceTimersByTime(500)
    await until(() => got.length === 4, 'the catch-up')
    expect(got).toEqual(['a', 'c', 'b', 'd'])
    await client.exit()
  })

  it('follows the spec’s schedule while the room stays down, tries every address once more, then fails', async () => {
    const room = new ScriptedRoom()
    const client = await enter(room)
    const statuses: ChatroomStatus[] = []
    client.onStatus((s) => statuses.push(s))
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] })
    room.down = true
    room.drop()
    for (let i = 0; i < 11; i++) {
      const last = statuses.at(-1)
      if (last?.state !== 'reconnecting') throw new Error(`expected reconnecting, got ${JSON.stringify(last)}`)
      jest.advanceTimersByTime(last.delayMs)
      await until(() => statuses.at(-1) !== last, 'the attempt ends')
    }
    const waits = statuses.flatMap((s) => (s.state === 'reconnecting' ? [[s.delayMs, s.final]] : []))
    expect(waits).toEqual([
      [500, false], [1000, false], [2000, false], [4000, false], [8000, false],
      [10000, false], [10000, false], [10000, false], [10000, false], [10000, false],
      [3000, true],
    ])
    expect(statuses.at(-1)).toEqual({ state: 'failed' })
    // 1 entry + 10 attempts + the final try on both addresses
    expect(room.opened).toBe(1 + 10 + 2)
    await client.exit()
  })

  it('does not reconnect after an intentional exit', async () => {
    const room = new ScriptedRoom()
    const client = await enter(room)
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] })
    await client.exit()
    room.drop()
    jest.advanceTimersByTime(120_000)
    await tick()
    expect(client.status).toEqual({ state: 'exited', reason: 'intentional' })
    expect(room.opened).toBe(1)
  })

  it('sends a heartbeat every 60 s and treats one unanswered for 8 s as a lost connection', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] })
    const room = new ScriptedRoom()
    const client = await enter(room)
    room.silent = true
    jest.advanceTimersByTime(60_000)
    expect(room.commands.at(-1)).toBe('heartbeat')
    jest.advanceTimersByTime(7_999)
    await tick()
    expect(client.status.state).toBe('connected')
    jest.advanceTimersByTime(1)
    await until(() => client.status.state === 'reconnecting', 'the dead connection is noticed')
    expect(client.status).toEqual({ state: 'reconnecting', attempt: 1, delayMs: 500, final: false })
    await client.exit()
  })
})
