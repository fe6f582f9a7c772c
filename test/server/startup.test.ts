/**
 * Starting the server (issue 15 items 3 and 6): a port in use is said in a sentence with the
 * way out, not as a stack; demo mode says so on start and listens on loopback.
 */
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import type { AddressInfo, Server } from 'node:net'
import { join } from 'node:path'
import { PROJECT_ROOT, StartupError, serverConfigFromEnv, startServer } from '../../server/app'
import { ENGLISH_LOCALE, NO_LOCALE } from './operatorLocale'

let blocker: Server
let busyPort: number
beforeAll(async () => {
  blocker = createServer()
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
  busyPort = (blocker.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())))

/** Runs `npm run server`'s entry (server/cluster.ts; one worker over :memory:) with `vars`; resolves when it exits (stopped once it has started, or after 15 s). */
function runServer(vars: Record<string, string | undefined>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx'), ['server/cluster.ts'], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, SERVER_MODE: undefined, DB_PATH: ':memory:', STATIC_DIR: '/nonexistent-static-dir', ...vars },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      // started: stop it (by its own pid) once both lines are out
      if (stdout.split('\n').length > 2) child.kill('SIGTERM')
    })
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    // a server that neither fails nor says what the test waits for must not outlive the test
    const deadline = setTimeout(() => child.kill('SIGKILL'), 15_000)
    child.on('exit', (code) => {
      clearTimeout(deadline)
      resolve({ code, stdout, stderr })
    })
  })
}

it('startServer says which port is in use and how to pick another', async () => {
  const config = { ...serverConfigFromEnv({ PORT: String(busyPort) }), database: ':memory:' }
  const failure = startServer(config)
  await expect(failure).rejects.toThrow(StartupError)
  await expect(failure).rejects.toThrow(`Port ${busyPort} on 127.0.0.1 is already in use`)
  await expect(failure).rejects.toThrow(`PORT=${busyPort + 1} npm start`)
})

it('the server entry prints that sentence without a stack and exits 1, in Chinese without a locale', async () => {
  const { code, stderr } = await runServer({ PORT: String(busyPort), ...NO_LOCALE })
  expect(code).toBe(1)
  expect(stderr).toContain(`127.0.0.1 上的端口 ${busyPort} 已被占用`)
  expect(stderr).toContain(`PORT=${busyPort + 1} npm start`)
  expect(stderr).not.toMatch(/EADDRINUSE|\n\s+at /)
}, 30_000)

it('the server entry refuses production mode without credentials, naming them, in English under an en locale', async () => {
  const { code, stderr } = await runServer({ SERVER_MODE: 'production', PORT: '0', ...ENGLISH_LOCALE })
  expect(code).toBe(1)
  expect(stderr).toMatch(/^Production mode needs these environment variables/)
  expect(stderr).toMatch(/WECHAT_APP_ID: the official account AppID.*\n.*WECHAT_APP_SECRET.*\n.*WECHAT_MINI_APP_ID.*\n.*WECHAT_MINI_APP_SECRET/)
  expect(stderr).not.toMatch(/\n\s+at /)
}, 30_000)

it('the server entry says it runs in demo mode, on loopback, in the operator\'s language', async () => {
  const [zh, en] = await Promise.all([runServer({ PORT: '0', ...NO_LOCALE }), runServer({ PORT: '0', ...ENGLISH_LOCALE })])
  expect(zh.stdout).toMatch(/^课程助手已在 http:\/\/127\.0\.0\.1:\d+\/ 运行（1 个工作进程）\n演示模式：/)
  expect(en.stdout).toMatch(/^Lesson companion running at http:\/\/127\.0\.0\.1:\d+\/ \(1 worker\)\nDemo mode: /)
}, 30_000)
