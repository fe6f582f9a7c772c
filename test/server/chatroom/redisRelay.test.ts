import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import Redis from 'ioredis'
import { GONE_AFTER_MS, redisRelay } from '../../../server/chatroom/redisRelay'
import type { RoomEvent } from '../../../server/chatroom/relay'

/**
 * The chat room's relay across machines over a real Redis (TEST_REDIS_URL, started by npm test's
 * engine step, scripts/engines.mjs); skipped without one. Nothing is mocked.
 */
const REDIS = process.env.TEST_REDIS_URL
const maybe = REDIS ? describe : describe.skip

const message = (text: string): RoomEvent => ({
  kind: 'msg',
  message: { chatroomId: 'room', idClient: text, idServer: 1, from: 'a', fromNick: 'A', fromAvatar: '', fromType: 'common', type: 100, time: 1, body: text },
})

async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

maybe('the Redis relay', () => {
  jest.setTimeout(30_000)
  const channel = `test:${randomUUID()}`

  const open: Array<{ close(): Promise<void> }> = []
  afterEach(async () => {
    await Promise.all(open.splice(0).map((relay) => relay.close()))
  })

  it("carries each node's events to every other node once, in order, and never back to itself", async () => {
    const a = redisRelay({ url: REDIS!, channel, node: 'a' })
    const b = redisRelay({ url: REDIS!, channel, node: 'b' })
    open.push(a)
    const atA: RoomEvent[] = []
    const atB: RoomEvent[] = []
    a.subscribe((event) => atA.push(event))
    b.subscribe((event) => atB.push(event))
    // a subscription takes a moment to reach Redis: wait until a first event crosses
    await until(() => {
      a.publish({ kind: 'hello', worker: 'a' })
      return atB.some((event) => event.kind === 'hello')
    }, 'the subscription')
    for (const text of ['one', 'two', 'three']) a.publish(message(text))
    const messages = () => atB.flatMap((event) => (event.kind === 'msg' ? [event.message.idClient] : []))
    await until(() => messages().length >= 3, 'three messages')
    // a moment more: a doubled delivery would show now
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(messages()).toEqual(['one', 'two', 'three'])
    expect(atA.filter((event) => event.kind === 'msg')).toEqual([])
    await b.close()
    await until(() => atA.some((event) => event.kind === 'gone' && event.worker === 'b'), 'b saying goodbye')
  })

  it('after a lost connection, says hello again and announces its own members again', async () => {
    const a = redisRelay({ url: REDIS!, channel, node: 'flaky' })
    const b = redisRelay({ url: REDIS!, channel, node: 'steady' })
    open.push(a, b)
    const atA: RoomEvent[] = []
    const atB: RoomEvent[] = []
    a.subscribe((event) => atA.push(event))
    b.subscribe((event) => atB.push(event))
    await until(() => {
      b.publish({ kind: 'hello', worker: 'steady' })
      return atA.length > 0
    }, 'the subscriptions')
    // Redis drops every subscriber connection, as a restart or a network cut would
    const admin = new Redis(REDIS!)
    await admin.client('KILL', 'TYPE', 'pubsub')
    admin.disconnect()
    // a's own routes are asked to announce its members (a local hello), and b hears a's hello
    await until(() => atA.some((event) => event.kind === 'hello' && event.worker === 'flaky'), 'a local hello at a')
    await until(() => atB.some((event) => event.kind === 'hello' && event.worker === 'flaky'), "a's hello at b")
  })

  it('counts a node that dies without a word as gone after its heartbeats stop', async () => {
    const a = redisRelay({ url: REDIS!, channel, node: 'watcher' })
    open.push(a)
    const seen: RoomEvent[] = []
    a.subscribe((event) => seen.push(event))
    // another process runs a node, then is killed: it never says goodbye
    const script = `require(${JSON.stringify(path.resolve(__dirname, '../../../server/chatroom/redisRelay.ts'))}).redisRelay({ url: ${JSON.stringify(REDIS)}, channel: ${JSON.stringify(channel)}, node: 'doomed' }).publish({ kind: 'hello', worker: 'doomed' })`
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: 'ignore' })
    await until(() => seen.some((event) => event.kind === 'hello' && event.worker === 'doomed'), 'the doomed node')
    const killedAt = Date.now()
    child.kill('SIGKILL')
    await until(() => seen.some((event) => event.kind === 'gone' && event.worker === 'doomed'), 'the doomed node counted gone', GONE_AFTER_MS * 3)
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(GONE_AFTER_MS - 2_000)
  })
})
