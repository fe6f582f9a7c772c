/**
 * A live room of thousands (issue 36 item 5): 5,000 members in one room of the local chat room,
 * against the server as `npm start` runs it (bench/server.ts startCluster, a file-backed SQLite
 * database), the members in their own processes (bench/liveRoomMembers.ts, about 1,000 sockets each,
 * so the client is not the bottleneck). One more member sends 20 messages a second for 10 seconds;
 * every member must receive every message exactly once, and the p99 delay from send to receipt must
 * stay within 250 ms in each of 5 consecutive runs. Prints the server's memory (the resident set of
 * its processes: started, members seated, after the runs) and its CPU time (user and system of every
 * server process, read from /proc as process.cpuUsage would count it) per member and message.
 * `npx tsx bench/liveRoom.bench.ts`; LIVE_ROOM_RUNS=1 for one quick run, LIVE_ROOM_MEMBERS for fewer members.
 */
import { fork, execFileSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import WebSocket from 'ws'
import { openAppDatabase } from '../server/database'
import { DEMO_CHATROOM_ID } from '../server/chatroom/seed'
import { wsText } from '../server/core/wsText'
import { CHATROOM_SOCKET_PATH } from '../types/chatroom'
import type { AnswerFrame } from '../types/chatroom'
import { runWhenMain, withBudget, withDeadline, type Figures } from './figures'
import { LATENCY_BUCKETS, messageBody, preciseNow, type MemberOrder, type MemberReport } from './liveRoomMembers'
import { freePort, startCluster, stopCluster } from './server'

const MEMBERS = Number(process.env.LIVE_ROOM_MEMBERS ?? 5_000)
const RUNS = Number(process.env.LIVE_ROOM_RUNS ?? 5)
const MEMBERS_PER_PROCESS = 1_000
const RATE = 20
const SECONDS = 10
const P99_BUDGET_MS = 250
/** What the server's resident set may grow by over the runs, members already seated: bounded, not growing with messages. */
const GROWTH_BUDGET_MB = 100
/** How long after the last send every member must have every message. */
const DRAIN_MS = 10_000

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim())

/** The server's processes: the one the bench started and every process under it (tsx, the primary, the workers). */
function processTree(root: number): number[] {
  const parents = new Map<number, number[]>()
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)])
    } catch {
      // the process ended while we looked
    }
  }
  const tree = [root]
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i]) ?? []))
  return tree
}

/** The CPU time (user and system) of the server's processes, in microseconds. */
function serverCpuMicros(root: number): number {
  let ticks = 0
  for (const pid of processTree(root)) {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    ticks += Number(fields[11]) + Number(fields[12])
  }
  return (ticks / CLOCK_TICKS) * 1e6
}

/** The resident set of the server's processes, in MB. */
function serverRssMb(root: number): number {
  let kb = 0
  for (const pid of processTree(root)) {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
    kb += Number(match?.[1] ?? 0)
  }
  return kb / 1024
}

function percentile(histogram: readonly number[], fraction: number): number {
  const total = histogram.reduce((a, b) => a + b, 0)
  let seen = 0
  for (let ms = 0; ms < histogram.length; ms++) {
    seen += histogram[ms]
    if (seen >= total * fraction) return ms
  }
  return histogram.length
}

/** A process of members, with the reports it sends, one awaited at a time. */
class MemberProcess {
  private readonly child: ChildProcess = fork(path.join(__dirname, 'liveRoomMembers.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  private readonly reports: MemberReport[] = []
  private waiting: (() => void) | undefined

  constructor() {
    this.child.on('message', (report: MemberReport) => {
      this.reports.push(report)
      this.waiting?.()
    })
  }

  order(order: MemberOrder): void {
    this.child.send(order)
  }

  /** The next report of `kind`, the ones before it dropped. */
  async next<K extends 'seated' | 'complete' | 'result'>(kind: K): Promise<Extract<MemberReport, Record<K, unknown>>> {
    for (;;) {
      const index = this.reports.findIndex((r) => kind in r)
      if (index >= 0) return this.reports.splice(0, index + 1)[index] as Extract<MemberReport, Record<K, unknown>>
      if (this.child.exitCode !== null) throw new Error(`a member process exited (${this.child.exitCode})`)
      await new Promise<void>((resolve) => (this.waiting = resolve))
    }
  }

  async leave(): Promise<void> {
    if (this.child.exitCode !== null) return
    const exited = new Promise((resolve) => this.child.once('exit', resolve))
    this.order({ leave: true })
    await exited
  }
}

/** The member who speaks: one socket in this process, its sends answered in order. */
async function speaker(port: number): Promise<{ send(body: string, idClient: string): void; answered(): { ok: number; refused: number }; close(): void }> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}${CHATROOM_SOCKET_PATH}?lang=en`)
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  let ok = 0
  let refused = 0
  let id = 0
  const loggedIn = new Promise<void>((resolve, reject) => {
    socket.on('message', (raw) => {
      const frame = JSON.parse(wsText(raw)) as AnswerFrame | { push: string }
      if (!('id' in frame)) return
      if (frame.id === 0) {
        if (frame.code === 200) resolve()
        else reject(new Error(`the speaker's login was refused: ${'msg' in frame ? frame.msg : frame.code}`))
      } else if (frame.code === 200) ok++
      else refused++
    })
  })
  socket.send(JSON.stringify({ id: id++, cmd: 'login', body: { chatroomId: DEMO_CHATROOM_ID, anonymous: true, nick: 'speaker' } }))
  await loggedIn
  return {
    send: (body, idClient) => socket.send(JSON.stringify({ id: id++, cmd: 'sendMsg', body: { idClient, type: 0, body } })),
    answered: () => ({ ok, refused }),
    close: () => socket.terminate(),
  }
}

async function oneRun(run: number, processes: MemberProcess[], say: Awaited<ReturnType<typeof speaker>>): Promise<{ histogram: number[]; missing: number; doubled: number; closed: number }> {
  const messages = RATE * SECONDS
  for (const p of processes) p.order({ run: { id: run, messages } })
  const start = preciseNow()
  for (let n = 0; n < messages; n++) {
    // on a schedule, not after the previous send: a late tick does not slow the rate down
    const due = start + (n * 1000) / RATE
    const wait = due - preciseNow()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    say.send(messageBody(run, n, preciseNow()), `live-${run}-${n}`)
  }
  await Promise.race([Promise.all(processes.map((p) => p.next('complete'))), new Promise((resolve) => setTimeout(resolve, DRAIN_MS))])
  const histogram = new Array<number>(LATENCY_BUCKETS).fill(0)
  let missing = 0
  let doubled = 0
  let closed = 0
  for (const p of processes) {
    p.order({ report: true })
    const { result } = await p.next('result')
    result.histogram.forEach((count, ms) => (histogram[ms] += count))
    missing += result.missing
    doubled += result.doubled
    closed += result.closed
  }
  return { histogram, missing, doubled, closed }
}

export async function measure(): Promise<Figures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-live-'))
  const database = path.join(dir, 'live.sqlite')
  await (await openAppDatabase(database)).close()
  const port = await freePort()
  const server = await startCluster({ sqlite: database }, port)
  const processes: MemberProcess[] = []
  let say: Awaited<ReturnType<typeof speaker>> | undefined
  const figures: Figures = {}
  const load = (): string => `load ${os.loadavg()[0].toFixed(2)}`
  try {
    const root = server.pid ?? 0
    const rssStarted = serverRssMb(root)
    for (let from = 0; from < MEMBERS; from += MEMBERS_PER_PROCESS) {
      const p = new MemberProcess()
      processes.push(p)
      p.order({ seat: { port, chatroomId: DEMO_CHATROOM_ID, count: Math.min(MEMBERS_PER_PROCESS, MEMBERS - from), from } })
    }
    const seated = await withDeadline(180_000, 'seating the members', async () => {
      let total = 0
      for (const p of processes) total += (await p.next('seated')).seated
      return total
    })
    if (seated !== MEMBERS) throw new Error(`${seated} of ${MEMBERS} members seated`)
    say = await speaker(port)
    const rssSeated = serverRssMb(root)
    let cpu = 0
    let worstP99 = 0
    for (let run = 1; run <= RUNS; run++) {
      const before = serverCpuMicros(root)
      const { histogram, missing, doubled, closed } = await oneRun(run, processes, say)
      cpu += serverCpuMicros(root) - before
      const p99 = percentile(histogram, 0.99)
      worstP99 = Math.max(worstP99, p99)
      const label = `live room run ${run}/${RUNS}`
      figures[`${label} p99`] =
        `${withBudget(`${label} p99`, p99, P99_BUDGET_MS, (ms) => `${ms} ms`)}, p50 ${percentile(histogram, 0.5)} ms, ` +
        `max ${percentile(histogram, 1)} ms (${MEMBERS} members, ${RATE} msg/s for ${SECONDS} s; ${load()})`
      figures[`${label} lost or doubled`] = `${withBudget(`${label} lost or doubled`, missing + doubled, 0, (n) => `${n}`)} (${missing} missing, ${doubled} doubled, ${closed} sockets closed)`
    }
    const { ok, refused } = say.answered()
    if (ok !== RUNS * RATE * SECONDS || refused > 0) throw new Error(`the speaker's sends: ${ok} stored, ${refused} refused of ${RUNS * RATE * SECONDS}`)
    const rssAfter = serverRssMb(root)
    const delivered = MEMBERS * RATE * SECONDS * RUNS
    figures['live room server CPU'] = `${(cpu / delivered).toFixed(2)} µs per member per message (${(cpu / 1e6).toFixed(1)} s over ${RUNS} runs; worst p99 ${worstP99} ms; ${os.availableParallelism()} cores; ${load()})`
    figures['live room server RSS'] =
      `${rssStarted.toFixed(0)} MB started, ${rssSeated.toFixed(0)} MB seated, ${rssAfter.toFixed(0)} MB after; growth over the runs ` +
      withBudget('live room server RSS growth', rssAfter - rssSeated, GROWTH_BUDGET_MB, (mb) => `${mb.toFixed(0)} MB`)
    return figures
  } finally {
    say?.close()
    await Promise.all(processes.map((p) => p.leave()))
    await stopCluster(server)
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

runWhenMain(__filename, measure)
