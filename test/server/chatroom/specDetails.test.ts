/**
 * Issue 34 section 2 item 11, the chat room's rules no test asserted (spec 001 §5, §9): a login
 * without a chatroomId is refused (and leaves the connection unable to act), and the client asks
 * for members 100 a page. The real server's local room and the real client over a `ws` socket.
 */
import { ChatroomCode } from '../../../types/chatroom'
import { LocalChatroomClient } from '../../../src/im'
import type { OpenSocket } from '../../../src/platform/socket'
import { ROOM, RoomServer, wsSocket } from './harness'
import { RoomSocket } from './roomSocket'

const server = new RoomServer()
beforeAll(() => server.start())
afterAll(() => server.dispose())

it('refuses a login without a chatroomId, or with an empty one, as a bad request; nothing is done for that connection after', async () => {
  const raw = await RoomSocket.open(server.url)
  try {
    for (const body of [{ anonymous: true, nick: 'Guest' }, { chatroomId: '', anonymous: true, nick: 'Guest' }]) {
      expect((await raw.answer('login', body)).code).toBe(ChatroomCode.BadRequest)
    }
    expect((await raw.answer('getChatroomMembers', { guest: true, time: 0, limit: 10 })).code).not.toBe(ChatroomCode.Ok)
    // the same connection enters once it names the room
    expect((await raw.answer('login', { chatroomId: ROOM, anonymous: true, nick: 'Guest' })).code).toBe(ChatroomCode.Ok)
  } finally {
    raw.close()
  }
})

it('the client asks for members 100 a page (the messaging library\'s member page size)', async () => {
  const sent: Array<{ cmd: string; body: Record<string, unknown> }> = []
  const recording: OpenSocket = (url, handlers) => {
    const socket = wsSocket(url, handlers)
    return {
      send: (data) => {
        sent.push(JSON.parse(data) as { cmd: string; body: Record<string, unknown> })
        socket.send(data)
      },
      close: () => socket.close(),
    }
  }
  const client = new LocalChatroomClient(recording)
  try {
    await client.enter({ chatroomId: ROOM, addresses: [server.url], identity: { kind: 'guest', nick: 'Guest' } })
    const members = await client.members(true)
    expect(members.length).toBeGreaterThan(0)
    const asked = sent.filter((frame) => frame.cmd === 'getChatroomMembers')
    expect(asked.map((frame) => frame.body.limit)).toEqual([100])
  } finally {
    await client.exit()
  }
})
