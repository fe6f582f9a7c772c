/**
 * Reference server throughput and latency for the message list call (autocannon on loopback,
 * bounded duration, file-backed SQLite in WAL mode like `npm start`).
 */
import fs from 'fs'
import os from 'os'
import path from 'path'
import autocannon from 'autocannon'
import { buildApp } from '../server/app'
import { lessonCalls } from '../types/lesson'

export async function measureServer(durationSeconds = 8): Promise<Record<string, string>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-db-'))
  const app = await buildApp({ dbPath: path.join(dir, 'bench.sqlite') })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  try {
    const result = await autocannon({
      url: `http://127.0.0.1:${address.port}${lessonCalls.messages.path}`,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'page=2&pageSize=20&courseData=demo-open',
      connections: 10,
      duration: durationSeconds,
    })
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`server answered errors: ${result.non2xx} non-2xx, ${result.errors} errors`)
    return {
      'server message list throughput': `${Math.round(result.requests.average)} req/s (10 connections, ${durationSeconds} s)`,
      'server message list latency': `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
    }
  } finally {
    await app.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
