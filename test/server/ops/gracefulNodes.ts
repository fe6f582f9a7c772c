/**
 * Real processes for the operations tests: server nodes (`node --import tsx server/index.ts`, as
 * a machine of a deployment runs it) and a redis-server of the test's own, each stopped by its PID.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../../server/app'
import { ChatroomError } from '../../../src/im'

/** How long a node may take to migrate, seed (the first) and listen. */
const START_MS = 60_000
/** How long a process has to stop on SIGTERM before it is killed. */
const STOP_MS = 25_000

/**
 * A send whose fate its sender cannot know: no answer in time, or the connection lost while it was in
 * flight (the room may have stored it). The app sends these again with the same id when it is back
 * (LiveChatStore's RESENT_WHEN_BACK); only a refusal says the message was not stored.
 */
export const outcomeUnknown = (error: unknown): boolean => error instanceof ChatroomError && (error.kind === 'timeout' || error.kind === 'offline')

export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** Until `done` holds, checked every `every` ms; throws, saying `what`, after `ms`. */
export async function until(done: () => boolean | Promise<boolean>, what: string, ms = 10_000, every = 25): Promise<void> {
  const end = Date.now() + ms
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`)
    await pause(every)
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/** The variables of the server's own configuration that these tests leave unset. */
const SERVER_VARIABLES = [
  'SERVER_MODE', 'NODE_ENV', 'HOST', 'DB_PATH', 'DATABASE_URL', 'REDIS_URL', 'LOG', 'DEV_ROUTES', 'TRUST_PROXY', 'WORKERS', 'STOP_DRAIN_MS', 'STOP_TIMEOUT_MS',
  'IFLYTEK_APP_ID', 'IFLYTEK_API_KEY', 'IFLYTEK_API_SECRET', 'WECHAT_APP_ID', 'WECHAT_APP_SECRET', 'WECHAT_MINI_APP_ID', 'WECHAT_MINI_APP_SECRET',
]

/** A child process stopped by its PID: SIGTERM, then SIGKILL past `ms`. */
async function stopChild(child: ChildProcessWithoutNullStreams, exited: Promise<number | null>, ms: number): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return child.exitCode
  const pid = child.pid
  process.kill(pid, 'SIGTERM')
  const timer = setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) process.kill(pid, 'SIGKILL')
  }, ms)
  const code = await exited
  clearTimeout(timer)
  return code
}

/** One server process on a free loopback port, on `database` (a SQLite file or a PostgreSQL URL). */
export class ServerNode {
  stderr = ''
  readonly exited: Promise<number | null>

  private constructor(readonly name: string, private readonly child: ChildProcessWithoutNullStreams, public port = 0) {
    child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()))
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)))
  }

  static async start(name: string, database: string, settings: Record<string, string> = {}): Promise<ServerNode> {
    const env: NodeJS.ProcessEnv = { ...process.env }
    for (const variable of SERVER_VARIABLES) delete env[variable]
    Object.assign(env, database.startsWith('postgres') ? { DATABASE_URL: database } : { DB_PATH: database }, { PORT: '0', STATIC_DIR: '/nonexistent-static-dir' }, settings)
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { cwd: PROJECT_ROOT, env })
    const node = new ServerNode(name, child)
    node.port = await new Promise<number>((resolve, reject) => {
      let stdout = ''
      const timer = setTimeout(() => reject(new Error(`node ${name} did not listen within ${START_MS} ms: ${node.stderr}`)), START_MS)
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString()
        const found = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(stdout)
        if (found) {
          clearTimeout(timer)
          resolve(Number(found[1]))
        }
      })
      child.once('exit', (code, signal) => {
        clearTimeout(timer)
        reject(new Error(`node ${name} exited (${code ?? signal}) before listening: ${node.stderr}`))
      })
    })
    return node
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null
  }

  /** SIGTERM, as a deploy stops a node; answers once it sent the signal. */
  terminate(): void {
    if (this.running && this.child.pid !== undefined) process.kill(this.child.pid, 'SIGTERM')
  }

  /** SIGTERM and the exit code (SIGKILL past STOP_MS). */
  stop(): Promise<number | null> {
    return stopChild(this.child, this.exited, STOP_MS)
  }
}

/** A redis-server of the test's own, without persistence, that can be stopped and started again on its port. */
export class RedisServer {
  private child: ChildProcessWithoutNullStreams | undefined
  private exited: Promise<number | null> = Promise.resolve(null)
  private readonly dir = mkdtempSync(join(tmpdir(), 'lesson-ops-redis-'))

  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`
  }

  static async start(): Promise<RedisServer> {
    const redis = new RedisServer(await freePort())
    await redis.resume()
    return redis
  }

  /** Starts it (again) on its port, and waits until it answers. */
  async resume(): Promise<void> {
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir])
    this.child = child
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)))
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    await until(() => output.includes('Ready to accept connections'), `redis-server on ${this.port}`, 10_000)
  }

  /** Stops it by its PID. */
  async halt(): Promise<void> {
    if (this.child) await stopChild(this.child, this.exited, 5_000)
  }

  async dispose(): Promise<void> {
    await this.halt()
    rmSync(this.dir, { recursive: true, force: true })
  }
}

export interface Answer {
  /** the HTTP status */
  status: number
  /** the envelope's code, or undefined when the body is not one (Fastify's own 503 while closing) */
  code: number | undefined
  body: string
}

/** A form-encoded POST over a connection of its own; rejects on a refused or reset connection. */
export function post(port: number, path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Answer> {
  const payload = new URLSearchParams(fields).toString()
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path, agent: false, timeout: 20_000, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } },
      (res) => {
        let body = ''
        res.on('data', (chunk: Buffer) => (body += chunk.toString()))
        res.on('end', () => {
          let code: number | undefined
          try {
            const parsed = JSON.parse(body) as { code?: unknown }
            code = typeof parsed.code === 'number' ? parsed.code : undefined
          } catch {
            code = undefined
          }
          resolve({ status: res.statusCode ?? 0, code, body })
        })
      },
    )
    req.on('timeout', () => req.destroy(new Error(`no answer from ${path} within 20 s`)))
    req.on('error', reject)
    req.end(payload)
  })
}

/** A GET's status, or 0 when the connection is refused. */
export function probe(port: number, path: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, method: 'GET', path, agent: false, timeout: 5_000 }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('timeout', () => req.destroy())
    req.on('error', () => resolve(0))
    req.end()
  })
}

/** Runs a PostgreSQL server tool; as root, as the `postgres` user (initdb refuses root). */
function pgTool(tool: string, args: readonly string[]): Promise<string> {
  const bin = `/usr/lib/postgresql/15/bin/${tool}`
  const [command, ...rest] = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', bin, ...args] : [bin, ...args]
  return new Promise((resolve, reject) => {
    const child = spawn(command, rest, { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${tool} ${args.join(' ')} failed (${code}): ${output}`))))
  })
}

/**
 * A PostgreSQL cluster of the test's own (Debian's postgresql 15 binaries): initdb in a temporary
 * directory, a free loopback port, trust authentication; stopped and started again with pg_ctl,
 * as an operator or a crash would.
 */
export class PostgresCluster {
  private constructor(readonly dir: string, readonly port: number) {}

  /** postgres://postgres@127.0.0.1:PORT/`database` */
  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`
  }

  static async start(): Promise<PostgresCluster> {
    const dir = mkdtempSync(join(tmpdir(), 'lesson-ops-pg-'))
    if (process.getuid?.() === 0) await new Promise<void>((resolve, reject) => spawn('chown', ['postgres:postgres', dir]).once('exit', (code) => (code === 0 ? resolve() : reject(new Error('chown failed')))))
    const cluster = new PostgresCluster(dir, await freePort())
    await pgTool('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync'])
    await cluster.resume()
    return cluster
  }

  /** pg_ctl start, waiting until it takes connections. */
  async resume(): Promise<void> {
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.dir} -c fsync=off`
    await pgTool('pg_ctl', ['-D', join(this.dir, 'data'), '-o', options, '-l', join(this.dir, 'log'), '-w', 'start'])
  }

  /** pg_ctl stop in fast mode: open transactions are rolled back and every connection is closed. */
  async halt(): Promise<void> {
    await pgTool('pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'fast', '-w', 'stop'])
  }

  async dispose(): Promise<void> {
    await this.halt().catch(() => undefined)
    rmSync(this.dir, { recursive: true, force: true })
  }
}
