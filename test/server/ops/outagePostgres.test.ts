/**
 * Issue 33 item 6, PostgreSQL: a cluster of the test's own (Debian's postgresql 15) stopped with
 * `pg_ctl stop -m fast` for 10 seconds under load, then started again, with the server running on
 * it the whole time (never restarted):
 * - every call during the outage fails fast (under a second) with code 503 and the catalogue's
 *   words, zh-CN by default; /readyz answers 503;
 * - no withdrawal and no chat message is half-written: exactly one withdrawal is made, whole, once
 *   the database is back; a send told it failed is not stored, one told it succeeded is stored once;
 * - the chat room's members say they are reconnecting, and are back by themselves afterwards;
 * - the pool opens new connections by itself: calls, readiness and the room work again.
 * It runs in the PostgreSQL run of the suite (node scripts/engines.mjs …), beside the rest of the
 * server suite on PostgreSQL, and is skipped in the SQLite run; the cluster is its own either way.
 */
import type { FastifyInstance } from 'fastify'
import { CHATROOM_SOCKET_PATH } from '../../../types/chatroom'
import { ResponseCode } from '../../../types/api'
import { moneyCalls } from '../../../types/money'
import { buildApp } from '../../../server/app'
import { DEMO_CHATROOM_ID } from '../../../server/chatroom/seed'
import { textOf } from '../../../server/core/messages'
import { openDb, type Db } from '../../../server/core/sql'
import { commentContent } from '../../../src/domain/chat/liveMessage'
import { LocalChatroomClient, type ChatroomStatus } from '../../../src/im'
import { wsSocket } from '../chatroom/harness'
import { LOGIN, TEACHER, V2_LIST } from '../helpers'
import { TEST_DATABASE_URL } from '../engines'
import { PostgresCluster, pause, post, probe, until, type Answer, outcomeUnknown } from './gracefulNodes'

jest.setTimeout(60_000)

const OUTAGE_MS = 10_000
/** A call while the database is away answers within this long. */
const FAIL_FAST_MS = 1_000

interface Timed extends Answer {
  at: number
  ms: number
}

const maybe = TEST_DATABASE_URL ? describe : describe.skip

maybe(`PostgreSQL stopped for 10 seconds under load, and started again${TEST_DATABASE_URL ? '' : ' (skipped: the PostgreSQL run has it, node scripts/engines.mjs)'}`, () => {
  let cluster: PostgresCluster
  let app: FastifyInstance
  let port = 0
  let db: Db
  const clients: LocalChatroomClient[] = []

  beforeAll(async () => {
    cluster = await PostgresCluster.start()
    const admin = openDb(cluster.url())
    await admin.exec('CREATE DATABASE lesson')
    await admin.close()
    app = await buildApp({ database: cluster.url('lesson'), staticDir: '/nonexistent-static-dir' })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    port = typeof address === 'object' && address !== null ? address.port : 0
    db = openDb(cluster.url('lesson'))
  }, 40_000)

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.exit()))
    await app?.close()
    await db?.close()
    await cluster?.dispose()
  })

  it('fails each call fast with 503 and its words, half-writes nothing, and resumes by itself', async () => {
    const card = { realName: '林晓', idCardNo: '11010119900101123X', bankNo: '6222020000001234', phone: '13900000009', bankName: '工商银行' }
    expect((await post(port, moneyCalls.saveBankCard.path, card, TEACHER)).code).toBe(200)
    const clearingsBefore = Number((await db.one<{ n: number }>("SELECT count(*) AS n FROM clearings WHERE wmid = 'wm_teacher'"))?.n)

    const address = `ws://127.0.0.1:${port}${CHATROOM_SOCKET_PATH}`
    const statuses: ChatroomStatus[] = []
    const talker = new LocalChatroomClient(wsSocket)
    const listener = new LocalChatroomClient(wsSocket)
    clients.push(talker, listener)
    const heard: string[] = []
    listener.onMessages((messages) => heard.push(...messages.map((m) => m.idClient)))
    talker.onStatus((status) => statuses.push(status))
    await talker.enter({ chatroomId: DEMO_CHATROOM_ID, addresses: [address], identity: { kind: 'guest', nick: 'Talker' } })
    await listener.enter({ chatroomId: DEMO_CHATROOM_ID, addresses: [address], identity: { kind: 'guest', nick: 'Listener' } })

    // the load: the talker sends every 100 ms; withdrawals and a lesson page every 100 ms, once the database is away
    const sent: string[] = []
    const failed: string[] = []
    let talking = true
    const talk = async (): Promise<void> => {
      for (let n = 0; talking; n += 1) {
        try {
          await talker.send(commentContent(`n ${n}`, { nickname: 'Talker', faceIcon: '', uid: 't', updateTime: 0 }, n), `outage-${n}`)
          sent.push(`outage-${n}`)
        } catch (error) {
          if (!outcomeUnknown(error)) failed.push(`outage-${n}`)
        }
        await pause(100)
      }
    }
    const talking$ = talk()
    await pause(300)

    const calls: Timed[] = []
    const timed = async (call: Promise<Answer>): Promise<Timed> => {
      const at = Date.now()
      const answer = await call
      return { ...answer, at, ms: Date.now() - at }
    }
    let loading = true
    const load = async (): Promise<void> => {
      while (loading) {
        const round = await Promise.all([
          timed(post(port, moneyCalls.apply.path, { loginData: LOGIN.teacher }, TEACHER)),
          timed(post(port, V2_LIST, { courseData: 'demo-open', page: '1', pageSize: '5' })),
        ])
        calls.push(...round)
        await pause(100)
      }
    }

    await cluster.halt()
    const downAt = Date.now()
    const loading$ = load()
    await until(async () => (await probe(port, '/readyz')) === 503, 'readiness to turn false', 5_000)
    await until(() => statuses.some((s) => s.state === 'reconnecting'), 'the chat room to say it is reconnecting', 5_000)
    await pause(Math.max(0, OUTAGE_MS - (Date.now() - downAt)))
    const during = calls.filter((call) => call.at >= downAt)
    await cluster.resume()
    const upAt = Date.now()

    // every call while it was away: 503 with the catalogue's words (zh-CN, the default), at once
    expect(during.length).toBeGreaterThan(20)
    for (const call of during) {
      expect(call).toMatchObject({ status: 200, code: ResponseCode.Unavailable })
      expect(JSON.parse(call.body)).toEqual({ code: ResponseCode.Unavailable, msg: textOf('databaseUnavailable', 'zh-CN'), data: null })
      expect(call.ms).toBeLessThan(FAIL_FAST_MS)
    }

    // back by itself: calls, readiness, the room
    await until(() => calls.some((call) => call.at >= upAt && call.code === 200), 'calls to succeed again', 10_000)
    await until(async () => (await probe(port, '/readyz')) === 200, 'readiness to turn true again', 10_000)
    await until(() => talker.status.state === 'connected' && sent.some((id) => Number(id.slice(7)) > Number(failed.at(-1)?.slice(7) ?? -1)), 'the talker to send again', 25_000)
    loading = false
    await loading$
    talking = false
    await talking$

    // half-written nothing: exactly one withdrawal, whole
    const answeredOk = calls.filter((call) => call.body.includes('"clearingNO"'))
    expect(answeredOk).toHaveLength(1)
    const made = await db.all<{ money: number; held: number }>(
      `SELECT c.order_money AS "money", (SELECT coalesce(sum(e.amount), 0) FROM income_entries e WHERE e.clearing_no = c.clearing_no) AS held
       FROM clearings c WHERE c.wmid = 'wm_teacher' ORDER BY c.applied_at DESC`,
    )
    expect(made).toHaveLength(clearingsBefore + 1)
    expect(Number(made[0]?.held)).toBe(Number(made[0]?.money))
    // a send told it failed is not stored; one told it succeeded is, once, and the other member has it
    const stored = await db.all<{ id: string; n: number }>(
      'SELECT id_client AS "id", count(*) AS n FROM chatroom_messages WHERE chatroom_id = ? AND id_client LIKE ? GROUP BY id_client',
      [DEMO_CHATROOM_ID, 'outage-%'],
    )
    const counts = new Map(stored.map((row) => [row.id, Number(row.n)]))
    expect(failed.length).toBeGreaterThan(0)
    expect(failed.filter((id) => counts.has(id))).toEqual([])
    expect(sent.filter((id) => counts.get(id) !== 1)).toEqual([])
    await until(() => sent.every((id) => heard.includes(id)), 'the other member to have every stored message', 25_000)
    expect(heard.length).toBe(new Set(heard).size)
  })
})
