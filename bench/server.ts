/**
 * Reference server throughput and latency for the v2 message list call (target: 5,000 req/s or
 * more, p99 under 20 ms, no errors): the server as `npm start` runs it (server/cluster.ts, one
 * worker per core over a file-backed WAL database), in its own processes; autocannon in this one,
 * on loopback, 10 connections, bounded duration. Two pages: page 2 of demo-open, and page 200 of
 * a 5,000-message lesson (bench/longLesson.ts) added to the bench's own database.
 */
import { spawn } from 'child_process'
import type { ChildProcess } from 'child_process'
import fs from 'fs'
import net from 'net'
import os from 'os'
import path from 'path'
import autocannon from 'autocannon'
import { openAppDatabase } from '../server/database'
import { lessonCalls } from '../types/lesson'
import { LONG_LESSON, addLongLesson } from './longLesson'

const ROOT = path.resolve(__dirname, '..')
const TARGET_RPS = 5000
const TARGET_P99_MS = 20
const CONNECTIONS = 10
const WARM_UP_SECONDS = 2

async function freePort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const address = probe.address()
  await new Promise((resolve) => probe.close(resolve))
  if (!address || typeof address === 'string') throw new Error('no free port')
  return address.port
}

async function startCluster(database: string, port: number): Promise<ChildProcess> {
  const server = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/cluster.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DB_PATH: database, LOG: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start in 60 s')), 60_000)
    server.once('exit', (code) => reject(new Error(`the server exited (${code})`)))
    server.stdout?.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes('running at')) return
      clearTimeout(timer)
      resolve()
    })
  })
  return server
}

async function stopCluster(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return
  const exited = new Promise((resolve) => server.once('exit', resolve))
  server.kill('SIGTERM')
  await exited
}

function load(port: number, body: string, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: `http://127.0.0.1:${port}${lessonCalls.messages.path}`,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
    connections: CONNECTIONS,
    duration: seconds,
  })
}

/** The page answers 20 messages with the expected first id, so the load measures real pages. */
async function checkPage(port: number, body: string, firstMsgId: string): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}${lessonCalls.messages.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  })
  const answer = (await res.json()) as { code: number; data: { array: Array<{ msgId: string }> } | null }
  const array = answer.data?.array ?? []
  if (answer.code !== 200 || array.length !== 20 || array[0].msgId !== firstMsgId) {
    throw new Error(`${body} answered code ${answer.code}, ${array.length} messages from ${array[0]?.msgId}`)
  }
}

export async function measureServer(durationSeconds = 8): Promise<Record<string, string>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-db-'))
  const database = path.join(dir, 'bench.sqlite')
  const db = await openAppDatabase(database)
  await addLongLesson(db)
  await db.close()
  const port = await freePort()
  const server = await startCluster(database, port)
  const figures: Record<string, string> = {}
  try {
    const scenarios = [
      { label: 'list.do p2 of demo-open', body: 'page=2&pageSize=20&courseData=demo-open', first: 'demo-open-021' },
      { label: 'list.do p200 of 5,000', body: `page=200&pageSize=20&courseData=${LONG_LESSON}`, first: `${LONG_LESSON}-3981` },
    ]
    for (const { label, body, first } of scenarios) {
      await checkPage(port, body, first)
      await load(port, body, WARM_UP_SECONDS)
      const result = await load(port, body, durationSeconds)
      if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
        throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`)
      }
      const rps = Math.round(result.requests.average)
      const met = rps >= TARGET_RPS && result.latency.p99 < TARGET_P99_MS ? 'met' : 'MISSED'
      figures[`server ${label}`] =
        `${rps} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, 0 errors ` +
        `(target >= ${TARGET_RPS} req/s, p99 < ${TARGET_P99_MS} ms: ${met}; ${os.availableParallelism()} cores, ${CONNECTIONS} connections, ${durationSeconds} s)`
    }
    return figures
  } finally {
    await stopCluster(server)
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
