/**
 * Issue 33 item 2 in cluster mode: `npm run server` (server/cluster.ts) with two workers on one
 * port; a scrape of /metrics, whichever worker takes it, is the whole node's (the primary sums the
 * workers' registries), also while a worker that stopped is being replaced.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../../server/app'
import { WORKER_HEADER } from '../../../server/core/worker'
import { workerPids } from '../clusterWorkers'

const TOKEN = 'metrics-token-for-the-cluster-test-0123'
const dir = mkdtempSync(join(tmpdir(), 'metrics-cluster-'))
let server: ChildProcessWithoutNullStreams
let port = 0

beforeAll(async () => {
  server = spawn(join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx'), ['server/cluster.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, SERVER_MODE: undefined, WORKERS: '2', PORT: '0', DB_PATH: join(dir, 'node.sqlite'), STATIC_DIR: '/nonexistent-static-dir', METRICS_TOKEN: TOKEN },
  })
  let stderr = ''
  server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  port = await new Promise<number>((resolve, reject) => {
    let stdout = ''
    server.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      const found = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(stdout)
      if (found) resolve(Number(found[1]))
    })
    server.on('exit', (code) => reject(new Error(`the cluster exited (${code}): ${stderr}`)))
  })
}, 60_000)

afterAll(async () => {
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()))
  server.kill('SIGTERM')
  await exited
  rmSync(dir, { recursive: true, force: true })
})

/** A GET over its own connection (no keep-alive), so the primary hands each one to a worker. */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; worker: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false, headers }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, worker: String(res.headers[WORKER_HEADER]), body }))
    })
    req.on('error', reject)
    req.end()
  })
}

const healthzCount = (text: string): number =>
  Number(/^lesson_http_request_duration_seconds_count\{route="\/healthz",method="GET",code="200"\} (\d+)$/m.exec(text)?.[1] ?? 0)

it("answers the whole node's figures, whichever worker takes the scrape", async () => {
  const scrape = () => get('/metrics', { authorization: `Bearer ${TOKEN}` })
  expect((await get('/metrics')).status).toBe(401)
  // the second worker may still be starting: a scrape counts only the workers that serve
  const workers = new Set<string>()
  for (let i = 0; i < 100 && workers.size < 2; i += 1) {
    workers.add((await get('/healthz')).worker)
    if (workers.size < 2) await new Promise((resolve) => setTimeout(resolve, 50))
  }
  expect(workers.size).toBe(2)
  const before = await scrape()
  expect(before.status).toBe(200)
  workers.clear()
  // until both workers have answered some of them (the primary hands connections round the workers)
  let sent = 0
  while (sent < 40 && (sent < 10 || workers.size < 2)) {
    workers.add((await get('/healthz')).worker)
    sent += 1
  }
  expect(workers.size).toBe(2)
  // scrapes until both workers have taken one: each counts every request of the node
  const scrapedBy = new Set<string>()
  for (let i = 0; i < 10 && scrapedBy.size < 2; i += 1) {
    const after = await scrape()
    scrapedBy.add(after.worker)
    expect(healthzCount(after.body) - healthzCount(before.body)).toBe(sent)
  }
  expect(scrapedBy.size).toBe(2)
}, 60_000)

it('answers while the primary replaces a worker that stopped, whose code is still loading', async () => {
  const scrape = () => get('/metrics', { authorization: `Bearer ${TOKEN}` })
  const pids = workerPids(server.pid)
  expect(pids).toHaveLength(2)
  process.kill(pids[0] ?? 0, 'SIGKILL')
  // once the primary has seen it stop, it forks the replacement: its IPC channel is up before its
  // code has loaded (a second or more under tsx), and a request sent to it then would be lost
  // (a connection the primary hands the stopped worker before it has seen it stop waits forever)
  const replaced = (): boolean => workerPids(server.pid).some((pid) => !pids.includes(pid))
  for (let i = 0; i < 100 && !replaced(); i += 1) await new Promise((resolve) => setTimeout(resolve, 20))
  expect(replaced()).toBe(true)
  const answers: { status: number; ms: number }[] = []
  for (let i = 0; i < 8; i += 1) {
    const started = Date.now()
    const { status } = await scrape()
    answers.push({ status, ms: Date.now() - started })
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  expect(answers.filter((a) => a.status !== 200)).toEqual([])
  // none waited for the replacement (the gathering gives up on a worker after 5 s)
  expect(answers.filter((a) => a.ms >= 4_000)).toEqual([])
  // once it serves, the replacement is counted like the other
  const seen = new Set<string>()
  for (let i = 0; i < 100 && seen.size < 2; i += 1) seen.add((await get('/healthz')).worker)
  expect(seen.size).toBe(2)
  expect((await scrape()).status).toBe(200)
}, 60_000)
