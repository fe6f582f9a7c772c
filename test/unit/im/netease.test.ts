/**
 * The NetEase adapter's connection rules around the SDK, with the SDK faked at its boundary
 * (test/fixtures/fakeNim.ts). The shared behaviour is in test/server/chatroom/contract.test.ts.
 */
import { commentContent } from '../../../src/domain/chat/liveMessage'
import { NeteaseChatroomClient, type ChatroomStatus, type EnterOptions } from '../../../src/im'
import { FakeNimRoom, type FakeNimInstance } from '../../fixtures/fakeNim'

const guest: EnterOptions = { chatroomId: 'r1', addresses: ['a.example:443', 'b.example:443'], identity: { kind: 'guest' as const, nick: 'Guest' } }
const member: EnterOptions = { ...guest, identity: { kind: 'account' as const, account: 'wm_buyer', token: 'im-token' } }
const content = (text: string) => commentContent(text, { nickname: 'X', faceIcon: '', uid: 'x', updateTime: 0 }, 1)

async function entered(room = new FakeNimRoom(), options: EnterOptions = guest) {
  const client = new NeteaseChatroomClient('app-key', async () => room)
  const statuses: ChatroomStatus[] = []
  client.onStatus((s) => statuses.push(s))
  await client.enter(options)
  const sdk = room.instances.at(-1) as FakeNimInstance
  return { client, room, sdk, statuses }
}

describe('NetEase chatroom adapter', () => {
  afterEach(() => jest.useRealTimers())

  it('creates the SDK with the spec’s attempt count, the room’s addresses and the identity', async () => {
    const { sdk: asGuest } = await entered()
    expect(asGuest.options).toMatchObject({ appkey: 'app-key', chatroomId: 'r1', chatroomAddresses: guest.addresses, isAnonymous: true, needReconnect: true, reconnectionAttempts: 10 })
    const { sdk: asMember } = await entered(new FakeNimRoom(), member)
    expect(asMember.options).toMatchObject({ account: 'wm_buyer', token: 'im-token', isAnonymous: false })
  })

  it('reports the SDK’s reconnection, and the failed event when it gives up', async () => {
    const { sdk, statuses } = await entered()
    sdk.emit('willReconnect', { retryCount: 1, duration: 500 })
    sdk.emit('willReconnect', { retryCount: 2, duration: 1000 })
    sdk.emit('disconnect')
    expect(statuses.slice(2)).toEqual([
      { state: 'reconnecting', attempt: 1, delayMs: 500, final: false },
      { state: 'reconnecting', attempt: 2, delayMs: 1000, final: false },
      { state: 'failed' },
    ])
  })

  it('after logging in again, fetches what it missed and hands on each message once', async () => {
    const room = new FakeNimRoom()
    const { client, sdk } = await entered(room)
    const { sdk: other } = await entered(room)
    const got: string[] = []
    client.onMessages((m) => got.push(...m.map((x) => x.text)))
    await other.chatroomMsg.sendCustomMsg({ body: JSON.stringify(content('live')) })
    sdk.connected = false
    sdk.emit('willReconnect', { retryCount: 1, duration: 500 })
    await other.chatroomMsg.sendCustomMsg({ body: JSON.stringify(content('missed 1')) })
    await other.chatroomMsg.sendCustomMsg({ body: JSON.stringify(content('missed 2')) })
    sdk.connected = true
    sdk.emit('logined', { member: { account: sdk.account, nick: '', avatar: '', type: 'anonymous' }, chatroom: {} })
    await new Promise((resolve) => setImmediate(resolve))
    expect(client.status).toEqual({ state: 'connected' })
    expect(got).toEqual(['live', 'missed 1', 'missed 2'])
    expect(sdk.chatroomMsg.queryMessageHistory).toHaveBeenLastCalledWith(expect.objectContaining({ reverse: true, limit: 100 }))
  })

  it('treats 7101 on send as trivial: the message stands as sent', async () => {
    const { client, room } = await entered()
    room.sendErrorCode = 7101
    await expect(client.send(content('quiet'), 'local-7101')).resolves.toMatchObject({ idClient: 'local-7101', flow: 'out', text: 'quiet' })
    room.sendErrorCode = 414
    await expect(client.send(content('bad'), 'local-414')).rejects.toMatchObject({ kind: 'badRequest', code: 414 })
  })

  it('is put out of the room when kicked, and refuses to send afterwards', async () => {
    const { client, sdk } = await entered()
    sdk.emit('kicked', { reason: 'managerKick', message: '' })
    expect(client.status).toEqual({ state: 'exited', reason: 'kicked' })
    await expect(client.send(content('x'), 'x')).rejects.toMatchObject({ kind: 'offline' })
  })

  it('gives up entering when the SDK never logs in: timed out, failed, SDK destroyed', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] })
    const room = new FakeNimRoom()
    room.neverLogin = true
    const client = new NeteaseChatroomClient('app-key', async () => room)
    const entering = client.enter(guest)
    const outcome = expect(entering).rejects.toMatchObject({ kind: 'timeout' })
    await new Promise((resolve) => setImmediate(resolve))
    jest.advanceTimersByTime(10_000)
    await outcome
    expect(client.status).toEqual({ state: 'failed', reason: 'timeout' })
    expect(room.instances[0].destroyed).toBe(true)
  })

  it('exits on purpose: the SDK is destroyed and its disconnect is no failure', async () => {
    const { client, sdk, statuses } = await entered()
    await client.exit()
    expect(sdk.destroyed).toBe(true)
    expect(statuses.at(-1)).toEqual({ state: 'exited', reason: 'intentional' })
  })
})
