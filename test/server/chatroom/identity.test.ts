/**
 * Issue 29, items 2 and 3: who a guest is, and who may pass for the host. A guest's account is bound
 * to a key the room issued to its client; a guest may not take a moderator's name or picture; mutes
 * and blacklists hold for every account a client entered with; each message carries the sender's
 * member type from the room's record (the host's and managers' badge). Raw frames, as a hostile
 * client would send them, on the real server (SQLite, and PostgreSQL when the engines run).
 */
import { ChatroomRepository } from '../../../server/chatroom/data'
import { ChatroomCode } from '../../../types/chatroom'
import type { AnswerFrame, LoginAnswer, WireMessage } from '../../../types/chatroom'
import { BUYER, TEACHER } from '../helpers'
import { LocalChatroomClient, memoryClientKeys } from '../../../src/im'
import { ROOM, RoomServer, wsSocket } from './harness'
import { RoomSocket } from './roomSocket'

const server = new RoomServer()
const sockets: RoomSocket[] = []
const open = async (): Promise<RoomSocket> => {
  const socket = await RoomSocket.open(server.url)
  sockets.push(socket)
  return socket
}
const comment = (idClient: string, nickname = 'x') => ({ idClient, type: 100, body: JSON.stringify({ msgType: 'TEXT', text: 'hi', senderUserInfo: { nickname, faceIcon: '', uid: 'x', updateTime: 0 }, time: 1 }) })
const login = async (body: object): Promise<AnswerFrame> => (await open()).answer('login', { chatroomId: ROOM, ...body })
const guest = async (nick: string, extra: object = {}): Promise<{ socket: RoomSocket; answer: LoginAnswer }> => {
  const socket = await open()
  return { socket, answer: await socket.command<LoginAnswer>('login', { chatroomId: ROOM, anonymous: true, nick, ...extra }) }
}
const owner = async (): Promise<RoomSocket> => {
  const socket = await open()
  await socket.command('login', { chatroomId: ROOM, anonymous: false, account: TEACHER.userid, token: TEACHER.token })
  return socket
}

beforeEach(() => server.start())
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close()
  await server.dispose()
})

describe('a guest is bound to its client (issue 29, item 2)', () => {
  it('issues a key to a new client, and the same key enters as the same guest', async () => {
    const first = await guest('Alice')
    expect(first.answer.clientKey).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(first.answer.member.account).toMatch(/^anon_/)
    // the account shows in every message's `from`: it must not give the key away
    expect(first.answer.member.account).not.toContain(first.answer.clientKey.slice(0, 8))
    const again = await guest('Alice', { clientKey: first.answer.clientKey })
    expect(again.answer.member.account).toBe(first.answer.member.account)
    expect(again.answer.clientKey).toBe(first.answer.clientKey)
  })

  it('refuses whoever names a guest account without its client key, or with another client’s', async () => {
    const alice = await guest('Alice')
    const mallory = await guest('Mallory')
    const account = alice.answer.member.account
    expect(await login({ anonymous: true, nick: 'Alice', account })).toMatchObject({ code: ChatroomCode.Forbidden })
    expect(await login({ anonymous: true, nick: 'Alice', account, clientKey: mallory.answer.clientKey })).toMatchObject({ code: ChatroomCode.Forbidden })
    // and nobody took Alice's seat: her messages still come from her alone
    const sent = await alice.socket.command<WireMessage>('sendMsg', comment('a-1'))
    expect(sent.from).toBe(account)
  })

  it('refuses a key it never issued, and a malformed one', async () => {
    expect(await login({ anonymous: true, nick: 'Eve', clientKey: 'A'.repeat(43) })).toMatchObject({ code: ChatroomCode.UnknownClient })
    for (const clientKey of ['short', 'x'.repeat(44), 42, 'A'.repeat(42) + '!']) {
      expect(await login({ anonymous: true, nick: 'Eve', clientKey })).toMatchObject({ code: ChatroomCode.BadRequest })
    }
  })

  it('gives the same guest on either engine’s restart: the key is the database’s, not the process’s', async () => {
    const first = await guest('Alice')
    await server.stop()
    await server.start()
    const again = await guest('Alice', { clientKey: first.answer.clientKey })
    expect(again.answer.member.account).toBe(first.answer.member.account)
  })
})

describe('the local client keeps its key', () => {
  const enter = (client: LocalChatroomClient) => client.enter({ chatroomId: ROOM, addresses: [server.url], identity: { kind: 'guest', nick: 'Alice' } })

  it('comes back as the same guest with the key it kept, and as a new one after forgetting a key the room does not know', async () => {
    const keys = memoryClientKeys()
    const first = new LocalChatroomClient(wsSocket, keys)
    const entered = await enter(first)
    await first.exit()
    const again = new LocalChatroomClient(wsSocket, keys)
    expect((await enter(again)).account).toBe(entered.account)
    await again.exit()
    // a key from another room server's database: forgotten, and a new guest with a new key
    keys.write('B'.repeat(43))
    const fresh = new LocalChatroomClient(wsSocket, keys)
    const renewed = await enter(fresh)
    expect(renewed.account).not.toBe(entered.account)
    expect(keys.read()).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(keys.read()).not.toBe('B'.repeat(43))
    await fresh.exit()
  })

  it('reads the host’s badge from the room’s record, and none for a guest who writes the host’s name', async () => {
    const host = await owner()
    await host.command('sendMsg', comment('h-1', '林老师'))
    const poser = await guest('Fan')
    await poser.socket.command('sendMsg', comment('p-1', '林老师'))
    const reader = new LocalChatroomClient(wsSocket, memoryClientKeys())
    await enter(reader)
    const history = await reader.history(0)
    expect(history.map((m) => [m.sender.nickname, m.role])).toEqual([['林老师', 'owner'], ['Fan', undefined]])
    await reader.exit()
  })
})

describe('guests cannot pass for the host, and bans hold across re-entry (issue 29, item 3)', () => {
  it.each([
    ['the host’s nickname', { nick: '林老师' }],
    ['it with spaces around and inside', { nick: ' 林 老师 ' }],
    ['it with a zero-width space', { nick: '林老师\u200b' }],
    ['a manager’s nickname in full-width letters', { nick: 'ＭＯＤ Ｌｅｅ' }],
    ['the host’s picture', { nick: 'Fan', avatar: '/media/avatar-teacher.png' }],
  ])('refuses a guest with %s', async (_name, profile) => {
    const room = new ChatroomRepository(server.app?.db ?? (() => { throw new Error('not started') })())
    await room.createRoom({ id: 'host-room', name: 'Host room', creator: 'wm_teacher', creatorNick: '林老师', creatorAvatar: '/media/avatar-teacher.png' }, Date.now())
    await room.enter('host-room', 'wm_assistant', 'manager', 'mod lee', '', Date.now())
    const answer = await (await open()).answer('login', { chatroomId: 'host-room', anonymous: true, ...profile })
    expect(answer).toMatchObject({ code: ChatroomCode.Forbidden, msg: '游客不能使用主播或管理员的昵称和头像' })
  })

  it('keeps a muted guest muted when its client comes back, as the same guest or as a logged-in account', async () => {
    const host = await owner()
    const troll = await guest('Troll')
    await host.command('markChatroomMember', { account: troll.answer.member.account, type: 'gaged', isAdd: true })
    troll.socket.close()
    const back = await guest('Troll again', { clientKey: troll.answer.clientKey })
    expect(await back.socket.answer('sendMsg', comment('t-1'))).toMatchObject({ code: ChatroomCode.Muted })
    const asAccount = await open()
    await asAccount.command('login', { chatroomId: ROOM, anonymous: false, account: BUYER.userid, token: BUYER.token, clientKey: troll.answer.clientKey })
    expect(await asAccount.answer('sendMsg', comment('t-2'))).toMatchObject({ code: ChatroomCode.Muted })
    // another client is not touched by that mute
    const other = await guest('Bystander')
    expect(await other.socket.answer('sendMsg', comment('b-1'))).toMatchObject({ code: ChatroomCode.Ok })
  })

  it('keeps a temporarily muted account muted when its client comes back as a guest', async () => {
    const host = await owner()
    const buyer = await open()
    const entered = await buyer.command<LoginAnswer>('login', { chatroomId: ROOM, anonymous: false, account: BUYER.userid, token: BUYER.token })
    await host.command('updateChatroomMemberTempMute', { account: BUYER.userid, duration: 600 })
    buyer.close()
    const asGuest = await guest('Just a guest', { clientKey: entered.clientKey })
    expect(await asGuest.socket.answer('sendMsg', comment('g-1'))).toMatchObject({ code: ChatroomCode.Muted })
  })

  it('keeps a blacklisted member out when its client comes back, and puts out its other accounts at once', async () => {
    const host = await owner()
    const buyer = await open()
    const entered = await buyer.command<LoginAnswer>('login', { chatroomId: ROOM, anonymous: false, account: BUYER.userid, token: BUYER.token })
    const sameClientGuest = await guest('Second tab', { clientKey: entered.clientKey })
    await host.command('markChatroomMember', { account: BUYER.userid, type: 'blacked', isAdd: true })
    await waitFor(() => buyer.closeCode !== undefined && sameClientGuest.socket.closeCode !== undefined)
    expect(sameClientGuest.socket.pushes).toContainEqual({ push: 'kicked', data: { reason: 'blacked' } })
    expect(await login({ anonymous: true, nick: 'New me', clientKey: entered.clientKey })).toMatchObject({ code: ChatroomCode.Blacklisted })
  })

  it('marks each message with the sender’s type from the room’s record, whatever its text claims', async () => {
    const host = await owner()
    const poser = await guest('Fan')
    const fromHost = await host.command<WireMessage>('sendMsg', comment('h-1', '林老师'))
    const fromPoser = await poser.socket.command<WireMessage>('sendMsg', comment('p-1', '林老师'))
    expect(fromHost).toMatchObject({ from: 'wm_teacher', fromType: 'owner', fromNick: '林老师' })
    expect(fromPoser).toMatchObject({ fromType: 'anonymous', fromNick: 'Fan' })
    const history = await host.command<WireMessage[]>('getHistoryMsgs', { timetag: 0, limit: 10, reverse: true })
    expect(history.map((m) => m.fromType)).toEqual(['owner', 'anonymous'])
  })
})

async function waitFor(check: () => boolean): Promise<void> {
  const end = Date.now() + 5000
  while (!check()) {
    if (Date.now() > end) throw new Error('never happened')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
