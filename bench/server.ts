/**
 * Reference server throughput and latency for the v2 message list call (target: 20,000 req/s or
 * more on SQLite, 5,000 on PostgreSQL, p99 under 20 ms, no errors): the server as `npm start` runs it (server/cluster.ts, one
 * worker per core over a file-backed WAL database), in its own processes; autocannon in this one,
 * on loopback, 10 connections, bounded duration. Two pages: page 2 of demo-open, and page 200 of
 * a 5,000-message lesson (bench/longLesson.ts) added to the bench's own database. The same load
 * runs on the SQLite file and on PostgreSQL (a throwaway local cluster, bench/pgCluster.ts).
 */
import { spawn, spawnSync } from 'child_process'
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
/** Requests per second each engine must sustain: SQLite, the one-machine default, keeps its figure of
 * the last rounds (about 22,700); PostgreSQL pays a network round trip per query. */
const TARGET_RPS: Record<Engine, number> = { SQLite: 20_000, PostgreSQL: 5_000 }
type Engine = 'SQLite' | 'PostgreSQL'
const TARGET_P99_MS = 20
const CONNECTIONS = 10
const WARM_UP_SECONDS = 2

export async function freePort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const address = probe.address()
  await new Promise((resolve) => probe.close(resolve))
  if (!address || typeof address === 'string') throw new Error('no free port')
  return address.port
}

/**
 * The cluster of `npm run server` on the SQLite file `database`, or on PostgreSQL (bench/pgCluster.ts),
 * with `extraEnv` over the bench's settings.
 */
export async function startCluster(database: { sqlite: string } | 'postgres', port: number, extraEnv: Record<string, string> = {}): Promise<ChildProcess> {
  // no per-client rate limit (ops/rateLimit.ts): every request of the load comes from this one address
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG: '0', RATE_LIMIT_MAX: '0', ...extraEnv }
  const server =
    database === 'postgres'
      ? spawn(process.execPath, [path.join(ROOT, 'scripts/engines.mjs'), path.join(ROOT, 'node_modules/.bin/tsx'), 'bench/pgCluster.ts'], {
          cwd: ROOT,
          env,
          stdio: ['ignore', 'pipe', 'inherit'],
          // its own process group: stopping it stops the cluster and the engines under it
          detached: true,
        })
      : spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/cluster.ts'], {
          cwd: ROOT,
          env: { ...env, DB_PATH: database.sqlite },
          stdio: ['ignore', 'pipe', 'inherit'],
        })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start in 60 s')), 60_000)
    server.once('exit', (code) => reject(new Error(`the server exited (${code})`)))
    server.stdout?.on('data', (chunk: Buffer) => {
      // the address line, in whichever language the operator's locale picks
      if (!/http:\/\/\S+:\d+\//.test(chunk.toString())) return
      clearTimeout(timer)
      resolve()
    })
  })
  return server
}

export async function stopCluster(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return
  const exited = new Promise((resolve) => server.once('exit', resolve))
  server.kill('SIGTERM')
  await exited
}

/**
 * Stops the PostgreSQL run: the cluster of bench/pgCluster.ts first (its primary stops the
 * workers), found in the run's process group; its command ended, pg_virtualenv removes the
 * database cluster and the engines' script exits. A signal to the whole group raced pg_virtualenv's
 * own clean-up (it printed "Cluster 15 regress does not exist").
 */
async function stopGroup(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.pid === undefined) return
  const exited = new Promise((resolve) => server.once('exit', resolve))
  spawnSync('pkill', ['-TERM', '-g', String(server.pid), '-f', 'bench/pgCluster.ts'])
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

const SCENARIOS = [
  { label: 'list.do p2 of demo-open', body: 'page=2&pageSize=20&courseData=demo-open', first: 'demo-open-021' },
  { label: 'list.do p200 of 5,000', body: `page=200&pageSize=20&courseData=${LONG_LESSON}`, first: `${LONG_LESSON}-3981` },
]

/** The scenarios' figures against the cluster listening on `port`, each line named with `engine`. */
async function measureScenarios(port: number, engine: Engine, durationSeconds: number): Promise<Record<string, string>> {
  const figures: Record<string, string> = {}
  for (const { label, body, first } of SCENARIOS) {
    await checkPage(port, body, first)
    await load(port, body, WARM_UP_SECONDS)
    const result = await load(port, body, durationSeconds)
    if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
      throw new Error(`${engine} ${label}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`)
    }
    const rps = Math.round(result.requests.average)
    const met = rps >= TARGET_RPS[engine] && result.latency.p99 < TARGET_P99_MS ? 'met' : 'MISSED'
    figures[`server ${label} (${engine})`] =
      `${rps} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, 0 errors ` +
      `(target >= ${TARGET_RPS[engine]} req/s, p99 < ${TARGET_P99_MS} ms: ${met}; ${os.availableParallelism()} cores, ${CONNECTIONS} connections, ${durationSeconds} s)`
  }
  return figures
}

export async function measureServer(durationSeconds = 8): Promise<Record<string, string>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-db-'))
  const database = path.join(dir, 'bench.sqlite')
  const db = await openAppDatabase(database)
  await addLongLesson(db)
  await db.close()
  const figures: Record<string, string> = {}
  const sqlitePort = await freePort()
  const sqlite = await startCluster({ sqlite: database }, sqlitePort)
  try {
    Object.assign(figures, await measureScenarios(sqlitePort, 'SQLite', durationSeconds))
  } finally {
    await stopCluster(sqlite)
    fs.rmSync(dir, { recursive: true, force: true })
  }
  // the same load on PostgreSQL (a throwaway cluster on this machine: Debian's postgresql)
  const postgresPort = await freePort()
  const postgres = await startCluster('postgres', postgresPort)
  try {
    Object.assign(figures, await measureScenarios(postgresPort, 'PostgreSQL', durationSeconds))
  } finally {
    await stopGroup(postgres)
  }
  return figures
}
