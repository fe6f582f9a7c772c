/**
 * Issue 33 item 4: a rolling restart. Two server processes (`node --import tsx server/index.ts`)
 * on one database (the SQLite file, or PostgreSQL when the run has one) and one Redis of the
 * test's own; node A gets SIGTERM while 50 withdrawals arrive on both nodes and a chat room of
 * members on both nodes talks without a pause, then A starts again. A balancer's part is played
 * by the test: a call A refuses (its connection refused, or Fastify's 503 while closing) goes to B.
 * - A's /readyz answers 503 at once while A still serves (STOP_DRAIN_MS), then A stops listening;
 * - every call A took is answered: none is cut (a reset connection fails the test);
 * - exactly one withdrawal is made, whole: the clearing and every entry it holds;
 * - each chat command A had in hand is answered; a send told it failed is never stored, a send told
 *   it succeeded is stored once; A's members are told to reconnect, say so, and are back on B
 *   within seconds; every member gets every other member's message exactly once;
 * - A exits 0, starts again, and its members see B's messages.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHATROOM_SOCKET_PATH } from '../../../types/chatroom'
import { moneyCalls } from '../../../types/money'
import { DEMO_CHATROOM_ID } from '../../../server/chatroom/seed'
import { openDb, type Db } from '../../../server/core/sql'
import { commentContent } from '../../../src/domain/chat/liveMessage'
import { LocalChatroomClient, type ChatroomStatus } from '../../../src/im'
import { wsSocket } from '../chatroom/harness'
import { LOGIN, TEACHER } from '../helpers'
import { TEST_DATABASE_URL, freshPostgresDatabase } from '../engines'
import { ENGLISH_LOCALE } from '../operatorLocale'
import { RedisServer, ServerNode, pause, post, probe, until, type Answer, outcomeUnknown } from './gracefulNodes'

jest.setTimeout(90_000)

/** How long a stopping node keeps serving with /readyz at 503 (its STOP_DRAIN_MS here). */
const DRAIN_MS = 600
/** When each wave of withdrawals leaves, in ms after A's SIGTERM: in flight, during the drain, after A stopped listening. */
const WAVES_MS = [0, 100, 250, DRAIN_MS + 700]
/** How soon a member sent on by a stopping node must be back. */
const BACK_WITHIN_MS = 3_000

const socketOf = (node: ServerNode): string => `ws://127.0.0.1:${node.port}${CHATROOM_SOCKET_PATH}`

/** A member of the room: what it was told, when, and what it sent. */
interface Member {
  name: string
  client: LocalChatroomClient
  received: string[]
  statuses: Array<{ at: number; status: ChatroomStatus }>
  sent: string[]
  failed: string[]
}

describe(`a rolling restart of one of two nodes (${TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'} and Redis)`, () => {
  let dir = ''
  let redis: RedisServer
  let database = ''
  let a: ServerNode
  let b: ServerNode
  let db: Db
  const members: Member[] = []

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lesson-graceful-'))
    redis = await RedisServer.start()
    database = TEST_DATABASE_URL ? await freshPostgresDatabase() : join(dir, 'shared.sqlite')
    const settings = { REDIS_URL: redis.url, STOP_DRAIN_MS: String(DRAIN_MS) }
    // A migrates and seeds; B starts on what A made
    a = await ServerNode.start('A', database, settings)
    b = await ServerNode.start('B', database, settings)
    db = openDb(database)
  }, 150_000)

  afterAll(async () => {
    await Promise.all(members.map((m) => m.client.exit()))
    await Promise.all([a?.stop(), b?.stop()])
    await db?.close()
    await redis?.dispose()
    rmSync(dir, { recursive: true, force: true })
  }, 60_000)

  /** A guest on `addresses` (the node it enters first, then the other), with everything it is told. */
  async function seat(name: string, addresses: string[]): Promise<Member> {
    const client = new LocalChatroomClient(wsSocket)
    const member: Member = { name, client, received: [], statuses: [], sent: [], failed: [] }
    client.onMessages((messages) => member.received.push(...messages.map((m) => m.idClient)))
    client.onStatus((status) => member.statuses.push({ at: Date.now(), status }))
    await client.enter({ chatroomId: DEMO_CHATROOM_ID, addresses, identity: { kind: 'guest', nick: name } })
    members.push(member)
    return member
  }

  it('loses, doubles and half-writes nothing, and every member is back within seconds', async () => {
    const card = { realName: '林晓', idCardNo: '11010119900101123X', bankNo: '6222020000001234', phone: '13900000009', bankName: '工商银行' }
    expect((await post(b.port, moneyCalls.saveBankCard.path, card, TEACHER)).code).toBe(200)
    const clearingsBefore = Number((await db.one<{ n: number }>("SELECT count(*) AS n FROM clearings WHERE wmid = 'wm_teacher'"))?.n)

    const onA = await Promise.all([0, 1, 2, 3].map((i) => seat(`a${i}`, [socketOf(a), socketOf(b)])))
    const onB = await Promise.all([0, 1, 2].map((i) => seat(`b${i}`, [socketOf(b), socketOf(a)])))

    // a busy room: every member sends every 30 ms until told to stop
    let talking = true
    const talk = async (member: Member): Promise<void> => {
      for (let n = 0; talking; n += 1) {
        const idClient = `${member.name}-${n}`
        try {
          await member.client.send(commentContent(`${member.name} ${n}`, { nickname: member.name, faceIcon: '', uid: member.name, updateTime: 0 }, n), idClient)
          member.sent.push(idClient)
        } catch (error) {
          if (!outcomeUnknown(error)) member.failed.push(idClient)
        }
        await pause(30)
      }
    }
    const talkers = [...onA, ...onB].map((member) => talk(member))
    await pause(400)

    // 50 withdrawals, 25 through each node: the first wave is in flight as A gets SIGTERM, two more
    // come while A drains (a balancer has not noticed yet), the last after A stopped listening;
    // what A refuses goes to B, as a balancer sends it
    const cut: string[] = []
    const withdraw = async (first: ServerNode, wave: number): Promise<Answer> => {
      if (WAVES_MS[wave]) await pause(WAVES_MS[wave])
      let answer: Answer | undefined
      try {
        answer = await post(first.port, moneyCalls.apply.path, { loginData: LOGIN.teacher }, TEACHER)
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? String(error)
        // refused: A no longer listens, which a balancer retries elsewhere; anything else cut a call A had taken
        if (code !== 'ECONNREFUSED') cut.push(`${first.name}: ${code}`)
      }
      if (answer && answer.status !== 503) return answer
      return post(b.port, moneyCalls.apply.path, { loginData: LOGIN.teacher }, TEACHER)
    }
    const withdrawals = Promise.all(Array.from({ length: 50 }, (_, i) => withdraw(i % 2 === 0 ? a : b, i % WAVES_MS.length)))

    // the deploy stops A: readiness turns false at once, while A still answers
    const stopAt = Date.now()
    a.terminate()
    await until(async () => (await probe(a.port, '/readyz')) === 503, 'A to say it is not ready', 2_000, 10)
    expect(Date.now() - stopAt).toBeLessThan(DRAIN_MS)
    expect(await probe(a.port, '/healthz')).toBe(200)

    const answers = await withdrawals
    expect(cut).toEqual([])
    expect(answers.map((answer) => answer.code).sort()).toEqual([200, ...Array<number>(49).fill(409)])

    expect(await a.exited).toBe(0)
    // A's members were told to go, said they were reconnecting, and are back (on B) within seconds
    for (const member of onA) {
      const gone = member.statuses.findIndex((s) => s.at >= stopAt && s.status.state === 'reconnecting')
      expect(gone).toBeGreaterThanOrEqual(0)
    }
    await until(() => onA.every((m) => m.client.status.state === 'connected'), 'A’s members to be back', BACK_WITHIN_MS + DRAIN_MS)
    for (const member of onA) {
      const gone = member.statuses.find((s) => s.at >= stopAt && s.status.state === 'reconnecting')
      const back = member.statuses.find((s) => gone !== undefined && s.at >= gone.at && s.status.state === 'connected')
      expect(back).toBeDefined()
      expect((back?.at ?? Infinity) - (gone?.at ?? 0)).toBeLessThan(BACK_WITHIN_MS)
    }
    await pause(300)
    talking = false
    await Promise.all(talkers)

    // a send told it failed was not stored: the member may send it again; one told it succeeded is stored once
    const stored = async (ids: readonly string[]): Promise<Map<string, number>> => {
      const counts = new Map<string, number>()
      if (ids.length === 0) return counts
      const rows = await db.all<{ id: string; n: number }>(
        `SELECT id_client AS "id", count(*) AS n FROM chatroom_messages WHERE chatroom_id = ? AND id_client IN (${ids.map(() => '?').join(', ')}) GROUP BY id_client`,
        [DEMO_CHATROOM_ID, ...ids],
      )
      for (const row of rows) counts.set(row.id, Number(row.n))
      return counts
    }
    const failed = members.flatMap((m) => m.failed)
    const sent = members.flatMap((m) => m.sent)
    expect(sent.length).toBeGreaterThan(50)
    expect([...(await stored(failed)).keys()]).toEqual([])
    const sentCounts = await stored(sent)
    expect(sent.filter((id) => sentCounts.get(id) !== 1)).toEqual([])

    // every member gets every other member's stored message, once (live or caught up on return)
    const missing = (): string[] => members.flatMap((m) => sent.filter((id) => !id.startsWith(`${m.name}-`) && !m.received.includes(id)).map((id) => `${m.name} misses ${id}`))
    await until(() => missing().length === 0, 'every member to have every message', 10_000).catch(() => undefined)
    expect(missing()).toEqual([])
    for (const member of members) expect(member.received.length).toBe(new Set(member.received).size)

    // exactly one withdrawal, whole: every entry it holds, and they sum to it
    const made = await db.all<{ no: string; money: number; entries: number; held: number }>(
      `SELECT c.clearing_no AS "no", c.order_money AS "money", c.order_num AS "entries",
              (SELECT coalesce(sum(e.amount), 0) FROM income_entries e WHERE e.clearing_no = c.clearing_no) AS held
       FROM clearings c WHERE c.wmid = 'wm_teacher' ORDER BY c.applied_at DESC`,
    )
    expect(made).toHaveLength(clearingsBefore + 1)
    expect(Number(made[0]?.held)).toBe(Number(made[0]?.money))

    // the rolling restart: A again, and a member there hears B
    a = await ServerNode.start('A', database, { REDIS_URL: redis.url, STOP_DRAIN_MS: String(DRAIN_MS) })
    const back = await seat('back', [socketOf(a)])
    const speaker = onB[0]
    await speaker.client.send(commentContent('welcome back', { nickname: 'b0', faceIcon: '', uid: 'b0', updateTime: 0 }, 1), 'b0-welcome')
    await until(() => back.received.includes('b0-welcome'), 'B’s message to reach the member on the restarted A')
  })
})

describe('the stop settings', () => {
  it('stops a start with a bad STOP_DRAIN_MS in a sentence', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lesson-graceful-bad-'))
    try {
      await expect(ServerNode.start('bad', join(dir, 'db.sqlite'), { STOP_DRAIN_MS: 'soon', ...ENGLISH_LOCALE })).rejects.toThrow(
        /exited \(1\) before listening: STOP_DRAIN_MS must be a whole number of milliseconds, got soon\n$/,
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
