/**
 * Runs a command with throwaway PostgreSQL and Redis servers (Debian's postgresql and
 * redis-server; no Docker, no mock):
 *   node scripts/engines.mjs npx jest --selectProjects server
 * PostgreSQL comes from `pg_virtualenv`, which creates a cluster for the command and removes it
 * afterwards; Redis runs in a temporary directory on a free loopback port, without persistence,
 * and is stopped by its PID. The command gets TEST_DATABASE_URL (the cluster's `postgres`
 * database: tests create their own databases in it) and TEST_REDIS_URL, and its exit code is
 * this script's.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

const [command, ...args] = process.argv.slice(2)
if (!command) {
  console.error('usage: node scripts/engines.mjs COMMAND [ARGS...]')
  process.exit(2)
}

for (const tool of ['pg_virtualenv', 'redis-server']) {
  if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) {
    console.error(`${tool} is missing: apt-get install -y postgresql redis-server (.ci/run installs them)`)
    process.exit(2)
  }
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

const redisDir = mkdtempSync(path.join(tmpdir(), 'lesson-redis-'))
const redisPort = await freePort()
const redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', redisDir], {
  stdio: ['ignore', 'ignore', 'inherit'],
})
const stopRedis = () => {
  if (redis.exitCode === null) redis.kill('SIGTERM')
  rmSync(redisDir, { recursive: true, force: true })
}
process.on('exit', stopRedis)
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130))

// wait until Redis answers (at most 10 s)
for (let i = 0; ; i += 1) {
  const ping = spawnSync('redis-cli', ['-p', String(redisPort), 'ping'], { encoding: 'utf8' })
  if (ping.stdout?.trim() === 'PONG') break
  if (i > 100) {
    console.error('redis-server did not answer')
    process.exit(1)
  }
  await new Promise((resolve) => setTimeout(resolve, 100))
}

// pg_virtualenv exports PGHOST, PGPORT, PGUSER, PGPASSWORD and PGDATABASE to the command
const url = 'const e = process.env; const u = new URL("postgres://x"); u.hostname = e.PGHOST; u.port = e.PGPORT; ' +
  'u.username = e.PGUSER; u.password = e.PGPASSWORD; u.pathname = "/" + e.PGDATABASE; console.log(u.toString())'
const script = `export TEST_DATABASE_URL="$(node -e '${url}')" TEST_REDIS_URL="redis://127.0.0.1:${redisPort}"; exec "$@"`
// -t and a port of its own: a cluster in a temporary directory, so runs side by side never collide
const child = spawn('pg_virtualenv', ['-t', 'sh', '-c', script, 'sh', command, ...args], {
  stdio: 'inherit',
  env: { ...process.env, PGPORT: String(await freePort()) },
})
child.on('exit', (code, signal) => {
  stopRedis()
  process.exit(code ?? (signal ? 1 : 0))
})
