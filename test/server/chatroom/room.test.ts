/**
 * The local room's own rules, spoken to over raw WebSocket frames (no client library): whoever
 * sends them, the room decides who enters, who speaks and who marks whom.
 */
import WebSocket from 'ws'
import { ChatroomRepository } from '../../../server/chatroom/data'
import { ChatroomCode } from '../../../types/chatroom'
import type { LoginAnswer, WireMessage } from '../../../types/chatroom'
import { ROOM, RoomServer } from './harness'
import { wsText } from '../wsText'

interface Answer {
  id: number
  code: number
  data?: unknown
  msg?: string
}

/** One raw connection: numbered commands, their answers, and the pushes it got. */
class Raw {
  readonly pushes: Array<{ push: string; data: unknown }> = []
  private readonly waiting = new Map<number, (a: Answer) => void>()
  private next = 1
  closed = false

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(wsText(data)) as Answer & { push?: string }
      if (frame.push !== undefined) this.pushes.push(frame as { push: string; data: unknown })
      else this.waiting.get(frame.id)?.(frame)
    })
    ws.on('close', () => {
      this.closed = true
    })
  }

  static open(url: string): Promise<Raw> {
    const ws = new WebSocket(url)
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new Raw(ws)))
      ws.once('error', reject)
    })
  }

  cmd(cmd: string, body: unknown): Promise<Answer> {
    const id = this.next++
    return new Promise((resolve) => {
      this.waiting.set(id, resolve)
      this.ws.send(JSON.stringify({ id, cmd, body }))
    })
  }

  sendRaw(data: string): void {
    this.ws.send(data)
  }

  close(): void {
    this.ws.terminate()
  }
}

const server = new RoomServer()
const sockets: Raw[] = []
const open = async (): Promise<Raw> => {
  const raw = await Raw.open(server.url)
  sockets.push(raw)
  return raw
}
const guest = async (nick = 'Guest'): Promise<{ raw: Raw; account: string; clientKey: string }> => {
  const raw = await open()
  const answer = (await raw.cmd('login', { chatroomId: ROOM, anonymous: true, nick })).data as LoginAnswer
  return { raw, account: answer.member.account, clientKey: answer.clientKey }
}
const member = async (account: string, token: string): Promise<Raw> => {
  const raw = await open()
  const answer = await raw.cmd('login', { chatroomId: ROOM, anonymous: false, account, token })
  expect(answer.code).toBe(200)
  return raw
}
const comment = (idClient: string, text = 'hi') => ({ idClient, type: 100, body: JSON.stringify({ msgType: 'TEXT', text }) })
const db = () => new ChatroomRepository(server.app?.db ?? (() => { throw new Error('not started') })())
async function waitFor(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 5000
  while (!check()) {
    if (Date.now() > end) throw new Error(`never happened: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

beforeEach(() => server.start())
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close()
  await server.dispose()
})

describe('entering', () => {
  it('needs a nick for an anonymous login, generates the account, leaves the avatar blank', async () => {
    const raw = await open()
    expect((await raw.cmd('login', { chatroomId: ROOM, anonymous: true })).code).toBe(ChatroomCode.BadRequest)
    const ok = await raw.cmd('login', { chatroomId: ROOM, anonymous: true, nick: 'Guest' })
    const { member: m } = ok.data as LoginAnswer
    expect(m).toMatchObject({ type: 'anonymous', nick: 'Guest', avatar: '', online: true })
    expect(m.account).toMatch(/^anon_/)
  })

  it.each([
    ['a blank nick', { nick: '   ' }],
    ['a NUL nick', { nick: 'Gu\u0000est' }],
    ['a nick with a right-to-left override', { nick: '\u202eGuest' }],
    ['a javascript: avatar', { nick: 'Guest', avatar: 'javascript:alert(1)' }],
    ['a data: avatar', { nick: 'Guest', avatar: 'data:image/png;base64,AAAA' }],
  ])('refuses a guest with %s (issue 29, item 4)', async (_name, profile) => {
    const raw = await open()
    expect((await raw.cmd('login', { chatroomId: ROOM, anonymous: true, ...profile })).code).toBe(ChatroomCode.BadRequest)
  })

  it('takes a guest picture address and trims the nick', async () => {
    const raw = await open()
    const ok = await raw.cmd('login', { chatroomId: ROOM, anonymous: true, nick: '  访客 ', avatar: 'https://cdn.example.com/a.png' })
    expect((ok.data as LoginAnswer).member).toMatchObject({ nick: '访客', avatar: 'https://cdn.example.com/a.png' })
  })

  it('refuses a member login with another user’s token, an expired one, or none', async () => {
    for (const body of [
      { account: 'wm_buyer', token: 'token-teacher' },
      { account: 'wm_buyer', token: 'token-buyer-expired' },
      { account: 'wm_buyer' },
      { account: 'wm_teacher', token: 'token-buyer' },
    ]) {
      const raw = await open()
      expect((await raw.cmd('login', { chatroomId: ROOM, anonymous: false, ...body })).code).toBe(ChatroomCode.Unauthorized)
    }
  })

  it('takes a member’s name from the server, not from the login', async () => {
    const raw = await open()
    const answer = await raw.cmd('login', { chatroomId: ROOM, anonymous: false, account: 'wm_buyer', token: 'token-buyer', nick: 'The Teacher' })
    expect((answer.data as LoginAnswer).member).toMatchObject({ account: 'wm_buyer', nick: '学员阿杰', type: 'guest' })
  })

  it('does not let an anonymous login claim a member’s account', async () => {
    const raw = await open()
    expect(await raw.cmd('login', { chatroomId: ROOM, anonymous: true, nick: 'x', account: 'wm_teacher' })).toMatchObject({ code: ChatroomCode.Forbidden })
  })

  it('refuses a blacklisted account, an unknown room, and commands before login', async () => {
    const { account, clientKey } = await guest()
    await db().setBlacked(ROOM, account, true, Date.now())
    const again = await open()
    expect((await again.cmd('login', { chatroomId: ROOM, anonymous: true, nick: 'x', clientKey })).code).toBe(ChatroomCode.Blacklisted)
    expect((await again.cmd('login', { chatroomId: 'nope', anonymous: true, nick: 'x' })).code).toBe(ChatroomCode.NoRoom)
    expect((await again.cmd('sendMsg', comment('c1'))).code).toBe(ChatroomCode.Unauthorized)
  })
})

describe('speaking', () => {
  it('stores and broadcasts a resent message once (same sender, same client id)', async () => {
    const alice = await guest('Alice')
    const bob = await guest('Bob')
    const first = await alice.raw.cmd('sendMsg', comment('dup-1'))
    const replay = await alice.raw.cmd('sendMsg', comment('dup-1', 'changed'))
    expect(replay.data).toEqual(first.data)
    const history = await bob.raw.cmd('getHistoryMsgs', { timetag: 0, limit: 10, reverse: false })
    expect((history.data as WireMessage[]).map((m) => m.body)).toEqual([comment('dup-1').body])
    // a room's messages go out together a moment after the first of them: any push for the replay is out after this
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(bob.raw.pushes.flatMap((p) => (p.push === 'msgs' ? (p.data as WireMessage[]) : []))).toHaveLength(1)
  })

  it('stores 50 concurrent sends with 50 distinct, increasing times', async () => {
    const alice = await guest('Alice')
    await Promise.all(Array.from({ length: 50 }, (_, i) => alice.raw.cmd('sendMsg', comment(`c-${i}`))))
    const page = await alice.raw.cmd('getHistoryMsgs', { timetag: 0, limit: 100, reverse: true })
    const times = (page.data as WireMessage[]).map((m) => m.time)
    expect(times).toHaveLength(50)
    expect(new Set(times).size).toBe(50)
    expect([...times].sort((a, b) => a - b)).toEqual(times)
  })

  it('refuses the gaged, the temporarily muted and, in a muted room, everyone but moderators', async () => {
    const alice = await guest('Alice')
    await db().setGaged(ROOM, alice.account, true, Date.now())
    expect(await alice.raw.cmd('sendMsg', comment('g'))).toMatchObject({ code: ChatroomCode.Muted, msg: '你已被禁言' })
    await db().setGaged(ROOM, alice.account, false, Date.now())
    await db().setTempMute(ROOM, alice.account, Date.now() + 60_000, Date.now())
    expect((await alice.raw.cmd('sendMsg', comment('t'))).code).toBe(ChatroomCode.Muted)
    await db().setTempMute(ROOM, alice.account, 0, Date.now())
    await db().setRoomMute(ROOM, true, Date.now())
    expect((await alice.raw.cmd('sendMsg', comment('r'))).code).toBe(ChatroomCode.RoomMuted)
    const owner = await member('wm_teacher', 'token-teacher')
    expect((await owner.cmd('sendMsg', comment('o'))).code).toBe(200)
  })

  it('refuses hostile frames without harm to the room', async () => {
    const alice = await guest('Alice')
    for (const body of [{}, { idClient: 'x', type: 5, body: 'x' }, { idClient: 'x', type: 100, body: 'x'.repeat(5000) }, { idClient: '', type: 100, body: 'x' }, { idClient: 'x'.repeat(65), type: 100, body: 'x' }]) {
      expect((await alice.raw.cmd('sendMsg', body)).code).toBe(ChatroomCode.BadRequest)
    }
    for (const body of [{ timetag: -1, limit: 10, reverse: false }, { timetag: 0, limit: 1000, reverse: false }, { timetag: 0, limit: 10, reverse: 'yes' }]) {
      expect((await alice.raw.cmd('getHistoryMsgs', body)).code).toBe(ChatroomCode.BadRequest)
    }
    expect((await alice.raw.cmd('__proto__', {})).code).toBe(ChatroomCode.BadRequest)
    alice.raw.sendRaw('not json')
    await waitFor(() => alice.raw.closed, 'the room closes a socket that sends garbage')
    const bob = await guest('Bob')
    expect((await bob.raw.cmd('sendMsg', comment('still fine'))).code).toBe(200)
  })
})

describe('marking members', () => {
  it('lets the owner blacklist a guest, who is put out of the room at once', async () => {
    const owner = await member('wm_teacher', 'token-teacher')
    const alice = await guest('Alice')
    expect((await owner.cmd('markChatroomMember', { account: alice.account, type: 'blacked', isAdd: true })).code).toBe(200)
    await waitFor(() => alice.raw.closed, 'the blacklisted guest is put out')
    expect(alice.raw.pushes).toContainEqual({ push: 'kicked', data: { reason: 'blacked' } })
  })

  it('refuses marks from non-moderators, on the owner, on oneself, and managers handing out manager', async () => {
    const alice = await guest('Alice')
    const bob = await guest('Bob')
    expect((await alice.raw.cmd('markChatroomMember', { account: bob.account, type: 'gaged', isAdd: true })).code).toBe(ChatroomCode.Forbidden)
    expect((await alice.raw.cmd('updateChatroomMemberTempMute', { account: 'wm_teacher', duration: 60 })).code).toBe(ChatroomCode.Forbidden)
    const owner = await member('wm_teacher', 'token-teacher')
    expect((await owner.cmd('markChatroomMember', { account: 'wm_teacher', type: 'gaged', isAdd: true })).code).toBe(ChatroomCode.Forbidden)
    const buyer = await member('wm_buyer', 'token-buyer')
    await db().setType(ROOM, 'wm_buyer', 'manager', Date.now())
    expect((await buyer.cmd('markChatroomMember', { account: 'wm_teacher', type: 'gaged', isAdd: true })).code).toBe(ChatroomCode.Forbidden)
    expect((await buyer.cmd('markChatroomMember', { account: alice.account, type: 'manager', isAdd: true })).code).toBe(ChatroomCode.Forbidden)
    const muted = await buyer.cmd('updateChatroomMemberTempMute', { account: alice.account, duration: 60 })
    expect(muted).toMatchObject({ code: 200, data: { tempMuted: true, tempMuteDuration: 60 } })
    expect((await alice.raw.cmd('sendMsg', comment('x'))).code).toBe(ChatroomCode.Muted)
  })
})

describe('restart', () => {
  it('keeps rooms, members’ marks and messages across a restart', async () => {
    const alice = await guest('Alice')
    await alice.raw.cmd('sendMsg', comment('kept'))
    await db().setGaged(ROOM, alice.account, true, Date.now())
    alice.raw.close()
    await server.stop()
    await server.start()
    const again = await open()
    const answer = await again.cmd('login', { chatroomId: ROOM, anonymous: true, nick: 'Alice', clientKey: alice.clientKey })
    expect((answer.data as LoginAnswer).member).toMatchObject({ account: alice.account, gaged: true })
    const history = await again.cmd('getHistoryMsgs', { timetag: 0, limit: 10, reverse: false })
    expect((history.data as WireMessage[]).map((m) => m.idClient)).toEqual(['kept'])
  })
})
