/**
 * Issue 29, item 5: the host's tools in the room, as the room enforces them. Kick, temporary mute,
 * blacklist, the whole room's mute, the announcement and closing the room: only the owner and
 * managers (closing: the owner), whoever else sends the frames; each reaches every member; hostile
 * values are refused. Raw frames on the real server (SQLite, and PostgreSQL when the engines run);
 * the same across two nodes over Redis is in test/server/twoNodes.test.ts.
 */
import WebSocket from 'ws'
import { ChatroomRepository } from '../../../server/chatroom/data'
import { CHATROOM_SOCKET_PATH, ChatroomCode } from '../../../types/chatroom'
import type { LoginAnswer, PushFrame, WireChatroom, WireMember, WireMessage } from '../../../types/chatroom'
import { BUYER, TEACHER, VISITOR } from '../helpers'
import { wsText } from '../wsText'
import { ROOM, RoomServer } from './harness'
import { RoomSocket } from './roomSocket'

const server = new RoomServer()
const sockets: RoomSocket[] = []
const open = async (): Promise<RoomSocket> => {
  const socket = await RoomSocket.open(server.url)
  sockets.push(socket)
  return socket
}
const comment = (idClient: string) => ({ idClient, type: 100, body: JSON.stringify({ msgType: 'TEXT', text: 'hi' }) })
const asMember = async (session: { userid: string; token: string }): Promise<RoomSocket> => {
  const socket = await open()
  await socket.command('login', { chatroomId: ROOM, anonymous: false, account: session.userid, token: session.token })
  return socket
}
const guest = async (nick: string, clientKey?: string): Promise<{ socket: RoomSocket; account: string; clientKey: string }> => {
  const socket = await open()
  const answer = await socket.command<LoginAnswer>('login', { chatroomId: ROOM, anonymous: true, nick, ...(clientKey ? { clientKey } : {}) })
  return { socket, account: answer.member.account, clientKey: answer.clientKey }
}
const memberPushes = (socket: RoomSocket): WireMember[] => socket.pushes.flatMap((p) => (p.push === 'member' ? [p.data.member] : []))
const roomPushes = (socket: RoomSocket): WireChatroom[] => socket.pushes.flatMap((p) => (p.push === 'room' ? [p.data.chatroom] : []))
async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 5000
  while (!check()) {
    if (Date.now() > end) throw new Error(`never happened: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

beforeEach(() => server.start())
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close()
  await server.dispose()
})

describe('the host’s tools reach every member', () => {
  it('kicks a member: it is put out at once, the others see it leave, and it may come back', async () => {
    const host = await asMember(TEACHER)
    const troll = await guest('Troll')
    const bystander = await guest('Bystander')
    expect(await host.answer('kickChatroomMember', { account: troll.account })).toMatchObject({ code: ChatroomCode.Ok })
    await until(() => troll.socket.closeCode !== undefined, 'the kicked guest is put out')
    expect(troll.socket.pushes).toContainEqual({ push: 'kicked', data: { reason: 'managerKick' } })
    await until(() => memberPushes(bystander.socket).length > 0, 'the others are told')
    expect(memberPushes(bystander.socket)[0]).toMatchObject({ account: troll.account, online: false })
    const online = await host.command<WireMember[]>('getChatroomMembers', { guest: true, time: 0, limit: 100 })
    expect(online.map((m) => m.account)).not.toContain(troll.account)
  })

  it('mutes a member for a while: refused until it ends, every member told the remaining seconds, 0 lifts it', async () => {
    const host = await asMember(TEACHER)
    const noisy = await guest('Noisy')
    const bystander = await guest('Bystander')
    const muted = await host.command<WireMember>('updateChatroomMemberTempMute', { account: noisy.account, duration: 600, needNotify: true, custom: '{"why":"spam"}' })
    expect(muted).toMatchObject({ tempMuted: true, tempMuteDuration: 600, custom: '' })
    await until(() => memberPushes(bystander.socket).length > 0, 'the others are told')
    expect(bystander.socket.pushes.find((p) => p.push === 'member')).toMatchObject({
      data: { member: { account: noisy.account, tempMuted: true, tempMuteDuration: 600 }, notice: { notify: true, operator: 'wm_teacher', custom: '{"why":"spam"}' } },
    })
    expect(await noisy.socket.answer('sendMsg', comment('n-1'))).toMatchObject({ code: ChatroomCode.Muted })
    await host.command('updateChatroomMemberTempMute', { account: noisy.account, duration: 0 })
    expect(await noisy.socket.answer('sendMsg', comment('n-2'))).toMatchObject({ code: ChatroomCode.Ok })
  })

  it('blacklists a member and lifts it: put out, kept out, then let in again', async () => {
    const host = await asMember(TEACHER)
    const troll = await guest('Troll')
    const blacked = await host.command<WireMember>('markChatroomMember', { account: troll.account, type: 'blacked', isAdd: true })
    expect(blacked).toMatchObject({ blacked: true, online: false })
    await until(() => troll.socket.closeCode !== undefined, 'put out')
    expect(troll.socket.pushes).toEqual([{ push: 'kicked', data: { reason: 'blacked' } }])
    expect(await (await open()).answer('login', { chatroomId: ROOM, anonymous: true, nick: 'Troll', clientKey: troll.clientKey })).toMatchObject({ code: ChatroomCode.Blacklisted })
    const lifted = await host.command<WireMember>('markChatroomMember', { account: troll.account, type: 'blacked', isAdd: false })
    expect(lifted.blacked).toBe(false)
    expect((await guest('Troll', troll.clientKey)).account).toBe(troll.account)
  })

  it('mutes the whole room and updates the announcement: every member gets the room’s new state', async () => {
    const host = await asMember(TEACHER)
    const viewer = await guest('Viewer')
    const updated = await host.command<WireChatroom>('updateChatroom', { chatroom: { mute: true, announcement: '今晚 8 点\n准时开始' }, needNotify: true })
    expect(updated).toMatchObject({ mute: true, announcement: '今晚 8 点\n准时开始', broadcastUrl: '', custom: '', queuelevel: 0, name: 'Test room' })
    await until(() => roomPushes(viewer.socket).length > 0, 'the room’s new state reaches the viewer')
    expect(roomPushes(viewer.socket)[0]).toMatchObject({ mute: true, announcement: '今晚 8 点\n准时开始' })
    expect(await viewer.socket.answer('sendMsg', comment('v-1'))).toMatchObject({ code: ChatroomCode.RoomMuted })
    expect(await host.answer('sendMsg', comment('h-1'))).toMatchObject({ code: ChatroomCode.Ok })
    expect(await viewer.socket.command<WireChatroom>('getChatroom', {})).toMatchObject({ mute: true, announcement: '今晚 8 点\n准时开始' })
    await host.command('updateChatroom', { chatroom: { mute: false }, needNotify: false })
    expect(await viewer.socket.answer('sendMsg', comment('v-2'))).toMatchObject({ code: ChatroomCode.Ok })
  })

  it('closes the room: every member is put out, nobody enters or speaks again', async () => {
    const host = await asMember(TEACHER)
    const viewer = await guest('Viewer')
    const buyer = await asMember(BUYER)
    expect(await host.answer('closeChatroom', {})).toMatchObject({ code: ChatroomCode.Ok })
    await until(() => viewer.socket.closeCode !== undefined && buyer.closeCode !== undefined && host.closeCode !== undefined, 'everyone is put out')
    expect(viewer.socket.pushes).toContainEqual({ push: 'kicked', data: { reason: 'chatroomClosed' } })
    expect(await (await open()).answer('login', { chatroomId: ROOM, anonymous: true, nick: 'Late' })).toMatchObject({ code: ChatroomCode.Closed })
    expect(await (await open()).answer('login', { chatroomId: ROOM, anonymous: false, account: TEACHER.userid, token: TEACHER.token })).toMatchObject({ code: ChatroomCode.Closed })
  })

  it('carries the spec’s member and room fields', async () => {
    const host = await asMember(TEACHER)
    const viewer = await guest('Viewer')
    const me = await viewer.socket.command<WireMember>('updateMyChatroomMemberInfo', { member: { custom: '{"badge":1}' } })
    expect(me).toMatchObject({ custom: '{"badge":1}', tempMuted: false, tempMuteDuration: 0, blacked: false, gaged: false })
    await host.command('updateChatroom', { chatroom: { broadcastUrl: 'https://live.example.com/a.m3u8', custom: '{"x":1}', queuelevel: 1 }, needNotify: false })
    const room = await viewer.socket.command<WireChatroom>('getChatroom', {})
    expect(room).toMatchObject({ id: ROOM, broadcastUrl: 'https://live.example.com/a.m3u8', custom: '{"x":1}', queuelevel: 1, creator: 'wm_teacher', mute: false })
    expect(Object.keys(room).sort()).toEqual(['announcement', 'broadcastUrl', 'createTime', 'creator', 'custom', 'id', 'mute', 'name', 'onlineMemberNum', 'queuelevel', 'updateTime'])
  })
})

describe('only the host and managers may use them', () => {
  const actions = (account: string) =>
    [
      ['kickChatroomMember', { account }],
      ['updateChatroomMemberTempMute', { account, duration: 60 }],
      ['markChatroomMember', { account, type: 'blacked', isAdd: true }],
      ['updateChatroom', { chatroom: { mute: true }, needNotify: true }],
      ['updateChatroom', { chatroom: { announcement: 'pwned' }, needNotify: true }],
      ['closeChatroom', {}],
    ] as const

  it('refuses every tool to a guest and to a logged-in member who is neither', async () => {
    const victim = await guest('Victim')
    for (const actor of [(await guest('Mallory')).socket, await asMember(VISITOR)]) {
      for (const [cmd, body] of actions(victim.account)) expect(await actor.answer(cmd, body)).toMatchObject({ code: ChatroomCode.Forbidden })
    }
    expect(victim.socket.closeCode).toBeUndefined()
    const room = await victim.socket.command<WireChatroom>('getChatroom', {})
    expect(room).toMatchObject({ mute: false, announcement: '' })
    expect(await victim.socket.answer('sendMsg', comment('still-here'))).toMatchObject({ code: ChatroomCode.Ok })
  })

  it('refuses another user’s session: a member cannot enter as the host with its own token', async () => {
    const socket = await open()
    expect(await socket.answer('login', { chatroomId: ROOM, anonymous: false, account: TEACHER.userid, token: BUYER.token })).toMatchObject({ code: ChatroomCode.Unauthorized })
    expect(await socket.answer('closeChatroom', {})).toMatchObject({ code: ChatroomCode.Unauthorized })
  })

  it('lets a manager moderate guests but not close the room, and stops a demoted manager at once', async () => {
    const host = await asMember(TEACHER)
    const manager = await asMember(BUYER)
    await host.command('markChatroomMember', { account: BUYER.userid, type: 'manager', isAdd: true })
    const noisy = await guest('Noisy')
    expect(await manager.answer('updateChatroomMemberTempMute', { account: noisy.account, duration: 60 })).toMatchObject({ code: ChatroomCode.Ok })
    expect(await manager.answer('updateChatroom', { chatroom: { announcement: '欢迎' }, needNotify: true })).toMatchObject({ code: ChatroomCode.Ok })
    expect(await manager.answer('closeChatroom', {})).toMatchObject({ code: ChatroomCode.Forbidden, msg: '只有主播可以这样操作' })
    expect(await manager.answer('kickChatroomMember', { account: TEACHER.userid })).toMatchObject({ code: ChatroomCode.Forbidden })
    // the same frame again after the owner takes the role back: refused, the role is read on every action
    await host.command('markChatroomMember', { account: BUYER.userid, type: 'manager', isAdd: false })
    expect(await manager.answer('updateChatroomMemberTempMute', { account: noisy.account, duration: 60 })).toMatchObject({ code: ChatroomCode.Forbidden })
  })

  it('gives a replayed action the same one effect', async () => {
    const host = await asMember(TEACHER)
    const noisy = await guest('Noisy')
    const frame = { account: noisy.account, type: 'gaged', isAdd: true }
    const answers = await Promise.all(Array.from({ length: 10 }, () => host.command<WireMember>('markChatroomMember', frame)))
    expect(answers.every((m) => m.gaged)).toBe(true)
    const member = await new ChatroomRepository(server.app?.db ?? (() => { throw new Error('not started') })()).member(ROOM, noisy.account)
    expect(member).toMatchObject({ gaged: true, blacked: false })
    expect(await host.answer('kickChatroomMember', { account: noisy.account })).toMatchObject({ code: ChatroomCode.Ok })
    expect(await host.answer('kickChatroomMember', { account: noisy.account })).toMatchObject({ code: ChatroomCode.Ok })
  })

  it.each([
    ['updateChatroomMemberTempMute', '{ duration: -1 }', { duration: -1 }],
    ['updateChatroomMemberTempMute', '{ duration: 1.5 }', { duration: 1.5 }],
    ['updateChatroomMemberTempMute', '{ duration: 60 }', { duration: '60' }],
    ['updateChatroomMemberTempMute', '{ duration: 31 * 24 * 3600 }', { duration: 31 * 24 * 3600 }],
    ['updateChatroomMemberTempMute', '{ duration: 60, needNotify: yes }', { duration: 60, needNotify: 'yes' }],
    ['updateChatroomMemberTempMute', '{ duration: 60, custom: 1025 characters }', { duration: 60, custom: 'x'.repeat(1025) }],
    ['markChatroomMember', '{ type: owner, isAdd: true }', { type: 'owner', isAdd: true }],
    ['markChatroomMember', '{ type: blacked, isAdd: true }', { type: 'blacked', isAdd: 'true' }],
    ['kickChatroomMember', '{ account:  }', { account: '' }],
    ['kickChatroomMember', '{ account: 42 }', { account: 42 }],
    ['updateChatroom', '{ chatroom: { mute: true } }', { chatroom: { mute: true } }],
    ['updateChatroom', '{ chatroom: {}, needNotify: true }', { chatroom: {}, needNotify: true }],
    ['updateChatroom', '{ chatroom: mute, needNotify: true }', { chatroom: 'mute', needNotify: true }],
    ['updateChatroom', '{ chatroom: { mute: 1 }, needNotify: true }', { chatroom: { mute: 1 }, needNotify: true }],
    ['updateChatroom', '{ chatroom: { announcement: 1001 characters }, needNotify: true }', { chatroom: { announcement: 'x'.repeat(1001) }, needNotify: true }],
    ['updateChatroom', '{ chatroom: { announcement: aNULb }, needNotify: true }', { chatroom: { announcement: 'a\u0000b' }, needNotify: true }],
    ['updateChatroom', '{ chatroom: { announcement: RLOevil }, needNotify: true }', { chatroom: { announcement: '\u202eevil' }, needNotify: true }],
    ['updateChatroom', '{ chatroom: { broadcastUrl: javascript:alert(1) }, needNotify: true }', { chatroom: { broadcastUrl: 'javascript:alert(1)' }, needNotify: true }],
    ['updateChatroom', '{ chatroom: { queuelevel: 2 }, needNotify: true }', { chatroom: { queuelevel: 2 }, needNotify: true }],
    ['updateChatroom', '{ chatroom: { name:     }, needNotify: true }', { chatroom: { name: '   ' }, needNotify: true }],
    ['updateMyChatroomMemberInfo', '{ member: { custom: 1025 characters } }', { member: { custom: 'x'.repeat(1025) } }],
    ['updateMyChatroomMemberInfo', '{ member: x }', { member: 'x' }],
  ])('refuses %s with %s, and nothing changes', async (cmd, _label, body) => {
    const host = await asMember(TEACHER)
    const noisy = await guest('Noisy')
    expect(await host.answer(cmd, { account: noisy.account, ...body })).toMatchObject({ code: ChatroomCode.BadRequest })
    expect(await host.command<WireChatroom>('getChatroom', {})).toMatchObject({ mute: false, announcement: '', broadcastUrl: '', queuelevel: 0, name: 'Test room' })
    expect(await noisy.socket.answer('sendMsg', comment('ok'))).toMatchObject({ code: ChatroomCode.Ok })
  })

  it('answers its refusals in Chinese, and in English to a client that asks for it', async () => {
    const ask = async (language: string | undefined): Promise<string> => {
      const socket = new WebSocket(`ws://127.0.0.1:${server.port}${CHATROOM_SOCKET_PATH}`, { headers: language ? { 'accept-language': language } : {} })
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
      const answers: Array<{ id: number; msg?: string }> = []
      socket.on('message', (raw) => answers.push(JSON.parse(wsText(raw)) as { id: number; msg?: string }))
      socket.send(JSON.stringify({ id: 1, cmd: 'login', body: { chatroomId: ROOM, anonymous: true, nick: 'x' } }))
      socket.send(JSON.stringify({ id: 2, cmd: 'closeChatroom', body: {} }))
      await until(() => answers.some((a) => a.id === 2), 'the refusal')
      socket.terminate()
      return answers.find((a) => a.id === 2)?.msg ?? ''
    }
    expect(await ask(undefined)).toBe('只有主播可以这样操作')
    expect(await ask('en-US,en;q=0.9')).toBe('only the host may do this')
  })
})

it('does not push a member’s or the room’s state to another room', async () => {
  const data = new ChatroomRepository(server.app?.db ?? (() => { throw new Error('not started') })())
  await data.createRoom({ id: 'other-room', name: 'Other', creator: 'wm_visitor', creatorNick: 'V' }, Date.now())
  const elsewhere = await open()
  await elsewhere.command('login', { chatroomId: 'other-room', anonymous: true, nick: 'Elsewhere' })
  const host = await asMember(TEACHER)
  const noisy = await guest('Noisy')
  await host.command('updateChatroom', { chatroom: { announcement: 'only here' }, needNotify: true })
  await host.command('updateChatroomMemberTempMute', { account: noisy.account, duration: 60 })
  await until(() => memberPushes(noisy.socket).length > 0, 'the room’s own members are told')
  const seen: PushFrame[] = elsewhere.pushes
  expect(seen).toEqual([])
  expect((await elsewhere.command<WireMessage[]>('getHistoryMsgs', { timetag: 0, limit: 10, reverse: false }))).toEqual([])
})
