/**
 * The real cluster entry (server/cluster.ts) with two workers over one SQLite file: what one
 * process's tests (buildApp + inject) cannot show. Every call opens its own TCP connection, so the
 * primary hands them to the workers in turn; the x-worker header (server/core/worker.ts) says which
 * worker answered, and each test checks that both did.
 * - the chat room: two viewers on different workers see each other's message exactly once, each
 *   is listed online by the other's worker, and a member blacked through one worker is put out on
 *   the other (server/chatroom/relay.ts);
 * - money: 50 concurrent withdrawals over both workers make exactly one clearing;
 * - lesson passwords: 50 concurrent wrong tries over both workers get exactly the limit checked;
 * - a lesson's view limit: of 50 openings at once over both workers, exactly the views left count.
 * A transaction takes microseconds, so two workers rarely meet inside one by chance: the money and
 * password tests hold the database's write lock from this process while the calls arrive, so each
 * worker has read and waits to write at the same moment, then let go. A check made outside the
 * transaction that writes, or a deferred transaction (which fails to write over a snapshot the
 * other worker changed), shows there.
 */
import { spawn } from 'node:child_process'
import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import type { ApiEnvelope, ArrayData, ObjectData } from '../../types/api'
import { CHATROOM_SOCKET_PATH } from '../../types/chatroom'
import type { WireMember, WireMessage } from '../../types/chatroom'
import { PASSWORD_TRIES_CODE } from '../../types/lesson'
import type { BankCard, ClearingRecord } from '../../types/money'
import { moneyCalls } from '../../types/money'
import { PROJECT_ROOT } from '../../server/app'
import { DEMO_CHATROOM_ID } from '../../server/chatroom/seed'
import { WORKER_HEADER } from '../../server/core/worker'
import { PASSWORD_CLIENT_LIMIT } from '../../server/lesson/passwordTries'
import { LOGIN, TEACHER, V2_INFO, V2_LIST } from './helpers'
import { workerPids } from './clusterWorkers'
import { connect, framesOf, recording } from './speechSupport'
import { Transcript } from '../../src/domain/speech'
import { speechCalls, type IatAuth } from '../../types/speech'
import { RoomSocket } from './chatroom/roomSocket'

const dir = mkdtempSync(join(tmpdir(), 'cluster-'))
const database = join(dir, 'cluster.sqlite')
let server: ChildProcessWithoutNullStreams
let port = 0

beforeAll(async () => {
  server = spawn(join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx'), ['server/cluster.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, SERVER_MODE: undefined, WORKERS: '2', PORT: '0', DB_PATH: database, STATIC_DIR: '/nonexistent-static-dir' },
  })
  let stderr = ''
  server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  // the primary prints the shared address once the first worker listens
  port = await new Promise<number>((resolve, reject) => {
    let stdout = ''
    server.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      const found = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(stdout)
      if (found) resolve(Number(found[1]))
    })
    server.on('exit', (code) => reject(new Error(`the cluster exited (${code}): ${stderr}`)))
  })
  await bothWorkers()
}, 60_000)

/** The second worker may still be starting (or a replacement): wait until two answer. */
async function bothWorkers(): Promise<void> {
  for (let i = 0; i < 100 && new Set(await Promise.all([get(), get()])).size < 2; i += 1) await pause(100)
}

afterAll(async () => {
  // the primary stops its workers on SIGTERM, then exits
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()))
  server.kill('SIGTERM')
  await exited
  rmSync(dir, { recursive: true, force: true })
})

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

interface Answer<T> {
  worker: string
  body: ApiEnvelope<T>
}

/** One call over its own TCP connection (no keep-alive agent), so the primary picks its worker. */
function call<T>(method: 'GET' | 'POST', path: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<Answer<T>> {
  const payload = new URLSearchParams(fields).toString()
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, agent: false, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } },
      (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk.toString()))
        res.on('end', () => resolve({ worker: String(res.headers[WORKER_HEADER]), body: JSON.parse(text) as ApiEnvelope<T> }))
      },
    )
    req.on('error', reject)
    req.end(method === 'POST' ? payload : undefined)
  })
}

/** Which worker answers a new connection. */
const get = async (): Promise<string> => (await call('GET', '/wmim/no-such-call.do')).worker

/** Runs `calls` while this process holds the write lock, letting go once they have reached both workers. */
async function whileLocked<T>(calls: () => Promise<T>): Promise<T> {
  const db = new Database(database)
  try {
    db.exec('BEGIN IMMEDIATE')
    const answers = calls()
    await pause(1000)
    db.exec('ROLLBACK')
    return await answers
  } finally {
    db.close()
  }
}

const workersOf = (answers: ReadonlyArray<{ worker: string }>): string[] => [...new Set(answers.map((a) => a.worker))].sort()

describe('the chat room across workers', () => {
  /** A chat room client on its own connection to the cluster: the worker the primary handed it to. */
  const Viewer = { open: () => RoomSocket.open(`ws://127.0.0.1:${port}${CHATROOM_SOCKET_PATH}`) }
  type Viewer = RoomSocket

  /** A viewer on another worker than `other`: new connections until the primary hands one there. */
  async function elsewhere(other: Viewer): Promise<Viewer> {
    for (let i = 0; i < 10; i += 1) {
      const viewer = await Viewer.open()
      if (viewer.worker !== other.worker) return viewer
      viewer.close()
    }
    throw new Error('every connection landed on one worker')
  }

  /** Until `done` holds, or 5 s. */
  async function until(done: () => boolean): Promise<void> {
    for (let i = 0; i < 100 && !done(); i += 1) await pause(50)
  }

  const anonymous = (nick: string) => ({ chatroomId: DEMO_CHATROOM_ID, anonymous: true, nick })

  /** The room's online guests as `viewer`'s worker lists them, asked until `done` (at most 5 s): news takes a hop through the primary. */
  async function listedUntil(viewer: Viewer, done: (listed: WireMember[]) => boolean): Promise<WireMember[]> {
    const guests = () => viewer.command<WireMember[]>('getChatroomMembers', { time: 0, limit: 100, guest: true })
    let listed = await guests()
    for (let i = 0; i < 100 && !done(listed); i += 1) {
      await pause(50)
      listed = await guests()
    }
    return listed
  }
  const lists = (account: string) => (listed: WireMember[]) => listed.some((m) => m.account === account)

  it('two viewers on different workers see each other\'s message exactly once', async () => {
    const a = await Viewer.open()
    const b = await elsewhere(a)
    expect(a.worker).not.toBe(b.worker)
    await a.command('login', anonymous('Ann'))
    await b.command('login', anonymous('Bo'))
    const fromA = await a.command<WireMessage>('sendMsg', { idClient: 'cluster-a-1', type: 100, body: 'from a' })
    const fromB = await b.command<WireMessage>('sendMsg', { idClient: 'cluster-b-1', type: 100, body: 'from b' })
    // a resend (same client id) is stored and pushed once
    await a.command('sendMsg', { idClient: 'cluster-a-1', type: 100, body: 'from a' })
    await until(() => a.messages().length >= 1 && b.messages().length >= 1)
    // anything pushed twice arrives right behind the first
    await pause(300)
    expect(b.messages()).toEqual([fromA])
    expect(a.messages()).toEqual([fromB])
    a.close()
    b.close()
  }, 30_000)

  it('a viewer on the other worker is listed online, and no longer once gone', async () => {
    const a = await Viewer.open()
    const b = await elsewhere(a)
    await a.command('login', anonymous('Cy'))
    const { member } = await b.command<{ member: WireMember }>('login', anonymous('Di'))
    const seated = await listedUntil(a, lists(member.account))
    expect(seated.find((m) => m.account === member.account)).toMatchObject({ online: true, nick: 'Di' })
    b.close()
    const left = await listedUntil(a, (listed) => !lists(member.account)(listed))
    expect(left.map((m) => m.account)).not.toContain(member.account)
    a.close()
  }, 30_000)

  it('a member blacked through one worker is put out of the room on the other', async () => {
    const owner = await Viewer.open()
    const guest = await elsewhere(owner)
    await owner.command('login', { chatroomId: DEMO_CHATROOM_ID, anonymous: false, account: TEACHER.userid, token: TEACHER.token })
    const { member } = await guest.command<{ member: WireMember }>('login', anonymous('Troll'))
    await owner.command('markChatroomMember', { account: member.account, type: 'blacked', isAdd: true })
    await until(() => guest.closeCode !== undefined)
    expect(guest.pushes).toEqual([{ push: 'kicked', data: { reason: 'blacked' } }])
    expect(guest.closeCode).toBe(4003)
    owner.close()
  }, 30_000)

  it('a stopped worker\'s members go offline, and its replacement learns who sits on the other', async () => {
    const a = await Viewer.open()
    const b = await elsewhere(a)
    const accountA = (await a.command<{ member: WireMember }>('login', anonymous('Ed'))).member.account
    const accountB = (await b.command<{ member: WireMember }>('login', anonymous('Flo'))).member.account
    expect(await listedUntil(a, lists(accountB))).toContainEqual(expect.objectContaining({ account: accountB }))
    // stop either worker: its viewer is the one whose connection closes
    const pids = workerPids(server.pid)
    expect(pids).toHaveLength(2)
    process.kill(pids[0] ?? 0, 'SIGKILL')
    await until(() => a.closeCode !== undefined || b.closeCode !== undefined)
    const [survivor, survivorAccount, stoppedAccount] = a.closeCode === undefined ? [a, accountA, accountB] : [b, accountB, accountA]
    const left = await listedUntil(survivor, (listed) => !lists(stoppedAccount)(listed))
    expect(left.map((m) => m.account)).not.toContain(stoppedAccount)
    // the primary starts another worker, which asks who is online
    await bothWorkers()
    const c = await elsewhere(survivor)
    await c.command('login', anonymous('Gus'))
    const known = await listedUntil(c, lists(survivorAccount))
    expect(known.find((m) => m.account === survivorAccount)).toMatchObject({ online: true })
    survivor.close()
    c.close()
  }, 30_000)
})

it('50 concurrent withdrawals over two workers make exactly one clearing', async () => {
  const card: BankCard = { realName: '林晓', idCardNo: '11010119900101123X', bankNo: '6222020000001234', phone: '13900000009', bankName: '工商银行' }
  expect((await call('POST', moneyCalls.saveBankCard.path, { ...card }, TEACHER)).body.code).toBe(200)
  const waiting = async (): Promise<ClearingRecord[]> =>
    (await call<ArrayData<ClearingRecord>>('POST', moneyCalls.clearings.path, { page: '1', pageSize: '50' }, TEACHER)).body.data.array.filter(
      (c) => c.clearingStatus === 0,
    )
  const before = await waiting()
  const answers = await whileLocked(() =>
    Promise.all(Array.from({ length: 50 }, () => call<ObjectData<ClearingRecord>>('POST', moneyCalls.apply.path, { loginData: LOGIN.teacher }, TEACHER))),
  )
  expect(workersOf(answers)).toHaveLength(2)
  const made = answers.filter((a) => a.body.code === 200)
  expect(made).toHaveLength(1)
  expect(answers.filter((a) => a.body.code === 409)).toHaveLength(49)
  const after = await waiting()
  expect(after).toHaveLength(before.length + 1)
  expect(after.map((c) => c.clearingNO)).toContain(made[0]?.body.data.object.clearingNO)
}, 60_000)

it('50 concurrent wrong lesson passwords over two workers get exactly the limit checked', async () => {
  const wrong = (i: number) => call('POST', V2_LIST, { courseData: 'demo-password', page: '1', pageSize: '1', coursePass: String(i).padStart(4, '0') })
  // all but the last try of the window, so both workers race for that one
  const first = []
  for (let i = 0; i < PASSWORD_CLIENT_LIMIT.max - 1; i += 1) first.push(await wrong(i))
  const answers = await whileLocked(() => Promise.all(Array.from({ length: 50 }, (_, i) => wrong(100 + i))))
  expect(workersOf(answers)).toHaveLength(2)
  const checked = [...first, ...answers].filter((a) => a.body.code === 403)
  expect(checked).toHaveLength(PASSWORD_CLIENT_LIMIT.max)
  expect(answers.filter((a) => a.body.code === PASSWORD_TRIES_CODE)).toHaveLength(49)
}, 60_000)

it('50 concurrent openings of a lesson with one view left over two workers let exactly one in', async () => {
  const db = new Database(database)
  db.prepare("UPDATE lessons SET view_limit = 10, view_count = 9 WHERE course_data = 'demo-apply'").run()
  db.close()
  const answers = await whileLocked(() => Promise.all(Array.from({ length: 50 }, () => call('POST', V2_INFO, { courseData: 'demo-apply' }))))
  expect(workersOf(answers)).toHaveLength(2)
  expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1)
  expect(answers.filter((a) => a.body.code === 8)).toHaveLength(49)
}, 60_000)

it('the speech stand-in transcribes on either worker, whichever signed its address', async () => {
  const byWorker = new Map<string, string>()
  for (let attempt = 0; attempt < 20 && byWorker.size < 2; attempt += 1) {
    // connections go to the workers in turn: one more now and then, so the sockets change worker
    if (attempt % 2 === 1) await get()
    const auth = await call<ObjectData<IatAuth>>('POST', speechCalls.iatAuth.path)
    const session = await connect(auth.body.data.object.authUrl)
    for (const frame of framesOf(recording('weather'), auth.body.data.object.appId)) session.socket.send(JSON.stringify(frame))
    await session.closed
    const transcript = new Transcript()
    for (const answer of session.answers) if (answer.data?.result) transcript.apply(answer.data.result)
    byWorker.set(session.worker, transcript.text)
  }
  expect([...byWorker.values()]).toEqual(['今天天气真好，对吧？', '今天天气真好，对吧？'])
})
