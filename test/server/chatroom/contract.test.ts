/**
 * One contract, two adapters: the local room (the real server room, started in-process on a random
 * port) and NetEase IM (its SDK faked at the boundary, test/fixtures/fakeNim.ts).
 */
import { ChatroomRepository } from '../../../server/chatroom/data'
import { commentContent, type LiveSender } from '../../../src/domain/chat/liveMessage'
import { ChatroomError, LocalChatroomClient, NeteaseChatroomClient, type ChatroomClient, type ChatroomStatus, type EnterOptions } from '../../../src/im'
import type { LiveChatMessage } from '../../../src/domain/chat/liveMessage'
import { FakeNimRoom } from '../../fixtures/fakeNim'
import { ROOM, RoomServer, wsSocket } from './harness'
import { stringMatching } from '../../matchers'

interface AdapterHarness {
  setup(): Promise<void>
  teardown(): Promise<void>
  client(): ChatroomClient
  enterOptions(nick: string): EnterOptions
  mute(account: string): Promise<void>
}

function localHarness(): AdapterHarness {
  const server = new RoomServer()
  return {
    setup: () => server.start(),
    teardown: () => server.dispose(),
    client: () => new LocalChatroomClient(wsSocket),
    enterOptions: (nick) => ({ chatroomId: ROOM, addresses: [server.url], identity: { kind: 'guest', nick } }),
    mute: async (account) => {
      if (!server.app) throw new Error('server not started')
      await new ChatroomRepository(server.app.db).setGaged(ROOM, account, true, Date.now())
    },
  }
}

function neteaseHarness(): AdapterHarness {
  let room = new FakeNimRoom()
  return {
    setup: async () => {
      room = new FakeNimRoom()
    },
    teardown: async () => undefined,
    client: () => new NeteaseChatroomClient('test-app-key', async () => room),
    enterOptions: (nick) => ({ chatroomId: ROOM, addresses: ['fake.example:443'], identity: { kind: 'guest', nick } }),
    mute: async (account) => {
      room.muted.add(account)
    },
  }
}

const sender = (nickname: string, uid: string): LiveSender => ({ nickname, faceIcon: '', uid, updateTime: 0 })

function nextMessages(client: ChatroomClient): Promise<LiveChatMessage[]> {
  return new Promise((resolve) => {
    const off = client.onMessages((messages) => {
      off()
      resolve(messages)
    })
  })
}

describe.each([
  ['local room', localHarness],
  ['NetEase IM (SDK faked)', neteaseHarness],
])('ChatroomClient contract: %s', (_name, makeHarness) => {
  const harness = makeHarness()
  const clients: ChatroomClient[] = []
  const open = (): ChatroomClient => {
    const client = harness.client()
    clients.push(client)
    return client
  }

  beforeEach(() => harness.setup())
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.exit()))
    await harness.teardown()
  })

  it('enters as an anonymous guest: an account is generated and the status goes connecting -> connected', async () => {
    const client = open()
    const statuses: ChatroomStatus['state'][] = []
    client.onStatus((s) => statuses.push(s.state))
    const entered = await client.enter(harness.enterOptions('Guest A'))
    expect(entered.account).not.toBe('')
    expect(entered.member.type).toBe('anonymous')
    expect(statuses).toEqual(['connecting', 'connected'])
  })

  it('sends a custom text message: out for the sender, in for the others, content normalised', async () => {
    const alice = open()
    const bob = open()
    const a = await alice.enter(harness.enterOptions('Alice'))
    await bob.enter(harness.enterOptions('Bob'))
    const received = nextMessages(bob)
    const sent = await alice.send(commentContent('hello room', sender('Alice', a.account), 1_700_000_000_000), 'alice-1')
    expect(sent).toMatchObject({ flow: 'out', msgType: 'TEXT', text: 'hello room', from: a.account })
    const [got] = await received
    expect(got).toMatchObject({ flow: 'in', text: 'hello room', idClient: sent.idClient, sender: { nickname: 'Alice', uid: a.account } })
  })

  it('reads history 10 at a time, oldest first, older than the timetag', async () => {
    const alice = open()
    const a = await alice.enter(harness.enterOptions('Alice'))
    const sent: LiveChatMessage[] = []
    for (let i = 0; i < 13; i++) sent.push(await alice.send(commentContent(`m${i}`, sender('Alice', a.account), 1_700_000_000_000 + i), `h-${i}`))
    const newest = await alice.history(0)
    expect(newest.map((m) => m.text)).toEqual(sent.slice(3).map((m) => m.text))
    const earlier = await alice.history(newest[0].time)
    expect(earlier.map((m) => m.text)).toEqual(['m0', 'm1', 'm2'])
  })

  it('refuses a muted member’s send with a clear error', async () => {
    const alice = open()
    const a = await alice.enter(harness.enterOptions('Alice'))
    await harness.mute(a.account)
    const sending = alice.send(commentContent('let me speak', sender('Alice', a.account), 1), 'muted-1')
    await expect(sending).rejects.toBeInstanceOf(ChatroomError)
    await expect(sending).rejects.toMatchObject({ kind: 'muted', code: 13004, message: stringMatching(/muted|禁言/) })
  })

  it('lists the online guests', async () => {
    const alice = open()
    const a = await alice.enter(harness.enterOptions('Alice'))
    const members = await alice.members(true)
    expect(members.map((m) => m.account)).toContain(a.account)
  })

  it('exits on purpose: status exited, no message reaches it afterwards', async () => {
    const alice = open()
    const bob = open()
    const a = await alice.enter(harness.enterOptions('Alice'))
    await bob.enter(harness.enterOptions('Bob'))
    const seen = jest.fn()
    bob.onMessages(seen)
    await bob.exit()
    expect(bob.status).toEqual({ state: 'exited', reason: 'intentional' })
    await alice.send(commentContent('anyone?', sender('Alice', a.account), 1), 'after-exit')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(seen).not.toHaveBeenCalled()
  })
})
