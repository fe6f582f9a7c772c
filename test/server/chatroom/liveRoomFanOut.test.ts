/**
 * A live room of thousands (issue 36 item 5): the room sends a moment's messages in one frame per
 * member, each message once and none of the member's own, and cuts a member whose socket takes
 * nothing rather than holding ever more for it (its client reconnects and catches up).
 */
import WebSocket from 'ws'
import type { LoginAnswer, PushFrame, WireChatroom, WireMessage } from '../../../types/chatroom'
import { ROOM, RoomServer } from './harness'
import { RoomSocket } from './roomSocket'

const server = new RoomServer()
const sockets: RoomSocket[] = []
const guest = async (nick: string): Promise<RoomSocket> => {
  const socket = await RoomSocket.open(server.url)
  sockets.push(socket)
  await socket.command<LoginAnswer>('login', { chatroomId: ROOM, anonymous: true, nick })
  return socket
}
const text = (idClient: string, body = 'hi') => ({ idClient, type: 0, body })
async function waitFor(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`never happened: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

beforeAll(() => server.start())
afterAll(async () => {
  for (const s of sockets.splice(0)) s.close()
  await server.dispose()
})

it("sends a moment's messages in one frame per member, each once, none of its own", async () => {
  const alice = await guest('Alice')
  const carol = await guest('Carol')
  const bob = await guest('Bob')
  const fromAlice = Array.from({ length: 10 }, (_, n) => `a-${n}`)
  const fromCarol = Array.from({ length: 10 }, (_, n) => `c-${n}`)
  await Promise.all([...fromAlice.map((id) => alice.command('sendMsg', text(id))), ...fromCarol.map((id) => carol.command('sendMsg', text(id)))])
  await waitFor(() => bob.messages().length >= 20, 'bob has every message')
  // nothing more arrives behind them
  await new Promise((resolve) => setTimeout(resolve, 100))
  const ids = (messages: WireMessage[]) => messages.map((m) => m.idClient).sort()
  expect(ids(bob.messages())).toEqual([...fromAlice, ...fromCarol].sort())
  expect(ids(alice.messages())).toEqual([...fromCarol].sort())
  expect(ids(carol.messages())).toEqual([...fromAlice].sort())
  // in their stored order
  const times = bob.messages().map((m) => m.time)
  expect(times).toEqual([...times].sort((a, b) => a - b))
  // 20 sends in one go: fewer frames than messages
  const frames = (pushes: PushFrame[]) => pushes.filter((p) => p.push === 'msgs').length
  expect(frames(bob.pushes)).toBeLessThan(20)
})

it('cuts a member whose socket takes nothing, and goes on serving the others', async () => {
  const speaker = await guest('Speaker')
  const listener = await guest('Listener')
  const slow = new WebSocket(server.url)
  await new Promise((resolve, reject) => {
    slow.once('open', resolve)
    slow.once('error', reject)
  })
  const loggedIn = new Promise((resolve) => slow.once('message', resolve))
  slow.send(JSON.stringify({ id: 1, cmd: 'login', body: { chatroomId: ROOM, anonymous: true, nick: 'Slow' } }))
  await loggedIn
  let closed = false
  slow.on('close', () => (closed = true))
  slow.on('error', () => undefined)
  // it reads nothing more: what the room sends it piles up in the kernel's buffers, then in the server's
  slow.pause()
  const online = async () => (await speaker.command<WireChatroom>('getChatroom', {})).onlineMemberNum
  const seated = await online()
  const body = 'x'.repeat(4000)
  let sent = 0
  // at most 40 MB: more than the kernel's buffers and the server's bound together
  while ((await online()) === seated && sent < 10_000) {
    await Promise.all(Array.from({ length: 50 }, () => speaker.command('sendMsg', text(`big-${sent++}`, body))))
  }
  expect(await online()).toBe(seated - 1)
  // once it reads again, it finds its socket closed
  slow.resume()
  await waitFor(() => closed, 'the slow socket closed')
  await waitFor(() => listener.messages().length === sent, 'the listener has every message')
}, 60_000)
