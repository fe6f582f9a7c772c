/**
 * Write paths (issue 36 item 6): requests per second and p99 of order create, phone bind and chat
 * send, each with 10 at once, against the server as `npm start` runs it (bench/server.ts
 * startCluster) on a SQLite file. Budget: at least 2,000 a second each.
 * - order create: the seeded buyer asks for the demo paid lesson's order again and again; the room
 *   for one effect is checked after (one open order, the same number every time);
 * - phone bind: each bind uses up one SMS code the bench wrote into its own database beforehand
 *   (as the stand-in would have issued it), a fresh phone each, so every bind is a real one;
 * - chat send: 10 members of the demo live's room each send, await the answer, send again.
 * Every request comes from this one address, so the cluster runs with the per-client API limit off
 * (RATE_LIMIT_MAX=0, its documented setting); the SMS and other attempt limits stay as they are.
 * `npx tsx bench/writePaths.bench.ts`
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import WebSocket from 'ws'
import { openAppDatabase } from '../server/database'
import { DEMO_CHATROOM_ID } from '../server/chatroom/seed'
import { wsText } from '../server/core/wsText'
import { purchaseCalls } from '../types/purchase'
import { loginCalls } from '../types/login'
import { CHATROOM_SOCKET_PATH } from '../types/chatroom'
import type { AnswerFrame } from '../types/chatroom'
import { runWhenMain, withBudget, type Figures } from './figures'
import { freePort, startCluster, stopCluster } from './server'

const CONNECTIONS = 10
const SECONDS = Number(process.env.WRITE_PATHS_SECONDS ?? 8)
const WARM_UP_SECONDS = 2
const MIN_RPS = 2_000
/** Codes written for the phone binds: more than the fastest run could use. */
const SEEDED_CODES = 200_000
const CODE = '246810'
const phoneOf = (n: number): string => `139${String(n).padStart(8, '0')}`

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const form = (fields: Record<string, string>): string => new URLSearchParams(fields).toString()

interface Measured {
  rps: number
  p50: number
  p99: number
  refused: number
}

/** The envelope code of an answer's body: 200 is done. */
const codeOf = (body: string): number => (JSON.parse(body) as { code: number }).code

async function post(port: number, call: string, seconds: number, body: () => string): Promise<Measured> {
  let refused = 0
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${call}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: FORM,
        setupRequest: (request) => ({ ...request, body: body() }),
        onResponse: (status, answer) => {
          if (status !== 200 || codeOf(answer) !== 200) refused++
        },
      },
    ],
  })
  if (result.errors > 0 || result.timeouts > 0) throw new Error(`${call}: ${result.errors} errors, ${result.timeouts} timeouts`)
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, refused: refused + result.non2xx }
}

/** 10 members of the demo live's room, each sending its next message once the last is answered. */
async function chatSends(port: number, seconds: number, run: string): Promise<Measured> {
  const url = `ws://127.0.0.1:${port}${CHATROOM_SOCKET_PATH}?lang=en`
  const latencies: number[] = []
  let refused = 0
  const member = async (n: number): Promise<void> => {
    const socket = new WebSocket(url)
    await new Promise((resolve, reject) => {
      socket.once('open', resolve)
      socket.once('error', reject)
    })
    let answer: ((frame: AnswerFrame) => void) | undefined
    socket.on('message', (raw) => {
      const frame = JSON.parse(wsText(raw)) as AnswerFrame | { push: string }
      if ('id' in frame) answer?.(frame)
    })
    let id = 0
    const command = (cmd: string, body: object): Promise<AnswerFrame> =>
      new Promise((resolve) => {
        answer = resolve
        socket.send(JSON.stringify({ id: id++, cmd, body }))
      })
    if ((await command('login', { chatroomId: DEMO_CHATROOM_ID, anonymous: true, nick: `writer ${n}` })).code !== 200) throw new Error('a writer could not enter the room')
    const end = Date.now() + seconds * 1000
    while (Date.now() < end) {
      const start = performance.now()
      const frame = await command('sendMsg', { idClient: `${run}-${n}-${id}`, type: 0, body: `message ${id}` })
      latencies.push(performance.now() - start)
      if (frame.code !== 200) refused++
    }
    socket.terminate()
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, n) => member(n)))
  latencies.sort((a, b) => a - b)
  const at = (fraction: number): number => Number(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * fraction))].toFixed(1))
  return { rps: Math.round(latencies.length / seconds), p50: at(0.5), p99: at(0.99), refused }
}

function figure(label: string, { rps, p50, p99, refused }: Measured): string {
  if (refused > 0) throw new Error(`${label}: ${refused} requests refused`)
  const rate = withBudget(`${label} requests per second`, -rps, -MIN_RPS, (v) => `${-v} req/s`)
  return `${rate} at least, p50 ${p50} ms, p99 ${p99} ms, 0 refused (${CONNECTIONS} at once, ${SECONDS} s; load ${os.loadavg()[0].toFixed(2)})`
}

export async function measure(): Promise<Figures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-write-'))
  const database = path.join(dir, 'write.sqlite')
  const db = await openAppDatabase(database)
  // the codes the SMS stand-in would have issued, one live code per phone (server/login/sms.ts)
  const issuedAt = Date.now()
  await db.transaction(async (tx) => {
    for (let n = 0; n < SEEDED_CODES; n++) {
      await tx.run('INSERT INTO sms_codes (phone, inter_code, code, sent_at, attempts) VALUES (?, ?, ?, ?, 0)', [phoneOf(n), '86', CODE, issuedAt])
    }
  })
  await db.close()
  const port = await freePort()
  const server = await startCluster({ sqlite: database }, port)
  const figures: Figures = {}
  try {
    const order = form({ courseData: 'demo-paid', loginData: 'login-buyer' })
    await post(port, purchaseCalls.createOrder.path, WARM_UP_SECONDS, () => order)
    figures['write: order create'] = figure('order create', await post(port, purchaseCalls.createOrder.path, SECONDS, () => order))

    let next = 0
    const bind = (): string => form({ encryptData: JSON.stringify({ phone: phoneOf(next++), interCode: '86', vcode: CODE }), loginData: 'login-visitor' })
    await post(port, loginCalls.bindPhone.path, WARM_UP_SECONDS, bind)
    figures['write: phone bind'] = figure('phone bind', await post(port, loginCalls.bindPhone.path, SECONDS, bind))
    if (next > SEEDED_CODES) throw new Error(`phone bind ran out of seeded codes (${next} binds)`)

    await chatSends(port, WARM_UP_SECONDS, 'warm')
    figures['write: chat send'] = figure('chat send', await chatSends(port, SECONDS, 'run'))

    // one effect: however many creations, the buyer has one open order for the lesson
    const check = await openAppDatabase(database, { seedDemo: false })
    const open = await check.one<{ n: number }>(
      "SELECT count(*) AS n FROM orders o JOIN lessons l ON l.id = o.lesson_id WHERE o.wmid = 'wm_buyer' AND l.course_data = 'demo-paid' AND o.status = 0",
    )
    // and each bind used up its code
    const left = await check.one<{ n: number }>('SELECT count(*) AS n FROM sms_codes')
    await check.close()
    if (open?.n !== 1) throw new Error(`order create left ${open?.n} open orders, not 1`)
    if (left?.n !== SEEDED_CODES - next) throw new Error(`${next} binds left ${left?.n} of ${SEEDED_CODES} codes`)
    figures['write: settings'] = 'RATE_LIMIT_MAX=0 (every request comes from this one address); SQLite file, the cluster of npm start'
    return figures
  } finally {
    await stopCluster(server)
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

runWhenMain(__filename, measure)
