/**
 * Issue 33 item 6, Redis: two server processes on one database (the SQLite file, or PostgreSQL
 * when the run has one) sharing a redis-server of the test's own, which is stopped for 10 seconds
 * while a member on each node talks, then started again on its port; the nodes are never restarted.
 * - both nodes answer /readyz 503 at once, and their other calls still work (they need no Redis);
 * - each node sends its chat members on: they say they are reconnecting, and the room seats nobody
 *   while it could not hear the other node; no message is stored that the other node never heard;
 * - afterwards the relays resubscribe by themselves, the members are back, and what one says on
 *   one node reaches the other, each message once.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHATROOM_SOCKET_PATH } from '../../../types/chatroom'
import { DEMO_CHATROOM_ID } from '../../../server/chatroom/seed'
import { openDb, type Db } from '../../../server/core/sql'
import { commentContent } from '../../../src/domain/chat/liveMessage'
import { LocalChatroomClient, type ChatroomStatus } from '../../../src/im'
import { wsSocket } from '../chatroom/harness'
import { V2_LIST } from '../helpers'
import { TEST_DATABASE_URL, freshPostgresDatabase } from '../engines'
import { RedisServer, ServerNode, pause, post, probe, until, outcomeUnknown } from './gracefulNodes'

jest.setTimeout(60_000)

const OUTAGE_MS = 10_000

interface Member {
  name: string
  client: LocalChatroomClient
  heard: string[]
  statuses: Array<{ at: number; status: ChatroomStatus }>
  sent: string[]
  failed: string[]
}

describe(`Redis stopped for 10 seconds under load, and started again (two nodes on ${TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  let dir = ''
  let redis: RedisServer
  let a: ServerNode
  let b: ServerNode
  let db: Db
  const members: Member[] = []

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lesson-outage-redis-'))
    redis = await RedisServer.start()
    const database = TEST_DATABASE_URL ? await freshPostgresDatabase() : join(dir, 'shared.sqlite')
    a = await ServerNode.start('A', database, { REDIS_URL: redis.url })
    b = await ServerNode.start('B', database, { REDIS_URL: redis.url })
    db = openDb(database)
  }, 50_000)

  afterAll(async () => {
    await Promise.all(members.map((m) => m.client.exit()))
    await Promise.all([a?.stop(), b?.stop()])
    await db?.close()
    await redis?.dispose()
    rmSync(dir, { recursive: true, force: true })
  }, 40_000)

  async function seat(name: string, node: ServerNode): Promise<Member> {
    const client = new LocalChatroomClient(wsSocket)
    const member: Member = { name, client, heard: [], statuses: [], sent: [], failed: [] }
    client.onMessages((messages) => member.heard.push(...messages.map((m) => m.idClient)))
    client.onStatus((status) => member.statuses.push({ at: Date.now(), status }))
    await client.enter({ chatroomId: DEMO_CHATROOM_ID, addresses: [`ws://127.0.0.1:${node.port}${CHATROOM_SOCKET_PATH}`], identity: { kind: 'guest', nick: name } })
    members.push(member)
    return member
  }

  it('sends the members on and seats nobody while Redis is away, and resumes by itself', async () => {
    const onA = await seat('ra', a)
    const onB = await seat('rb', b)
    let talking = true
    const talk = async (member: Member): Promise<void> => {
      for (let n = 0; talking; n += 1) {
        const idClient = `${member.name}-${n}`
        try {
          await member.client.send(commentContent(`${n}`, { nickname: member.name, faceIcon: '', uid: member.name, updateTime: 0 }, n), idClient)
          member.sent.push(idClient)
        } catch (error) {
          if (!outcomeUnknown(error)) member.failed.push(idClient)
        }
        await pause(100)
      }
    }
    const talkers = [talk(onA), talk(onB)]
    await until(() => onA.heard.length > 0 && onB.heard.length > 0, 'each member to hear the other before the outage')

    await redis.halt()
    const downAt = Date.now()
    await until(async () => (await probe(a.port, '/readyz')) === 503 && (await probe(b.port, '/readyz')) === 503, 'both nodes to say they are not ready', 3_000)
    await until(() => [onA, onB].every((m) => m.statuses.some((s) => s.at >= downAt && s.status.state === 'reconnecting')), 'both members to say they are reconnecting', 3_000)
    // what needs no Redis still answers
    const lessonPage = await post(a.port, V2_LIST, { courseData: 'demo-open', page: '1', pageSize: '5' })
    expect(lessonPage.code).toBe(200)
    // nobody is seated while the node cannot hear the other: a new member keeps trying
    const late = new LocalChatroomClient(wsSocket)
    await expect(late.enter({ chatroomId: DEMO_CHATROOM_ID, addresses: [`ws://127.0.0.1:${b.port}${CHATROOM_SOCKET_PATH}`], identity: { kind: 'guest', nick: 'late' } })).rejects.toMatchObject({
      kind: 'offline',
    })
    await pause(Math.max(0, OUTAGE_MS - (Date.now() - downAt)))
    expect(onA.client.status.state).toBe('reconnecting')

    await redis.resume()
    const upAt = Date.now()
    await until(async () => (await probe(a.port, '/readyz')) === 200 && (await probe(b.port, '/readyz')) === 200, 'both nodes to be ready again', 10_000)
    await until(() => [onA, onB].every((m) => m.client.status.state === 'connected'), 'both members to be back', 20_000)
    const backAt = Date.now()
    // what each says now reaches the other node
    await until(
      () => onA.sent.some((id) => onB.heard.includes(id) && Number(id.split('-')[1]) > (onA.failed.length > 0 ? Number(onA.failed.at(-1)?.split('-')[1]) : -1)),
      'a message from A to reach B after the outage',
      10_000,
    )
    await until(() => onB.sent.some((id) => onA.heard.includes(id) && Number(id.split('-')[1]) > Number(onB.failed.at(-1)?.split('-')[1] ?? -1)), 'a message from B to reach A', 10_000)
    talking = false
    await Promise.all(talkers)

    // every message stored was told to its sender and heard on the other node, once; none stored that was refused
    const rows = await db.all<{ id: string; n: number }>(
      "SELECT id_client AS \"id\", count(*) AS n FROM chatroom_messages WHERE chatroom_id = ? AND (id_client LIKE 'ra-%' OR id_client LIKE 'rb-%') GROUP BY id_client",
      [DEMO_CHATROOM_ID],
    )
    const stored = new Map(rows.map((row) => [row.id, Number(row.n)]))
    expect([...onA.failed, ...onB.failed].filter((id) => stored.has(id))).toEqual([])
    expect([...onA.sent, ...onB.sent].filter((id) => stored.get(id) !== 1)).toEqual([])
    await until(() => onA.sent.every((id) => onB.heard.includes(id)) && onB.sent.every((id) => onA.heard.includes(id)), 'every stored message on the other node', 10_000)
    for (const member of [onA, onB]) expect(member.heard.length).toBe(new Set(member.heard).size)
    // figures for the report: how long after Redis came back the members were seated again
    expect(backAt - upAt).toBeLessThan(20_000)
  })
})
