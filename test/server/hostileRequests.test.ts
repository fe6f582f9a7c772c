import net from 'node:net'
import type { FastifyInstance } from 'fastify'
import fc from 'fast-check'
import WebSocket from 'ws'
import { buildApp } from '../../server/app'
import { CHATROOM_SOCKET_PATH } from '../../types/chatroom'
import { LOCAL_IAT_PATH } from '../../types/speech'
import { testDatabase } from './engines'

/**
 * Hostile request lines, headers and WebSocket frames thrown at the real listening server (not
 * app.inject, which never reaches the HTTP parser or the upgrade listeners): after each one it must
 * go on answering. A request target such as `//[` on an upgrade request made `new URL` throw in an
 * upgrade listener, which ended the process.
 */
let app: FastifyInstance
let port = 0

beforeAll(async () => {
  app = await buildApp({ database: await testDatabase(), staticDir: '/nonexistent-static-dir' })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (typeof address !== 'object' || address === null) throw new Error('not listening')
  port = address.port
})
afterAll(() => app.close())

/** Sends `bytes` on a fresh connection and waits until the server answers, closes it or 2 s pass. */
function sendRaw(bytes: string | Buffer): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    const done = (): void => {
      clearTimeout(timer)
      socket.destroy()
      resolve()
    }
    const timer = setTimeout(done, 2_000)
    socket.on('error', done)
    socket.on('close', done)
    socket.on('data', done)
    socket.on('connect', () => socket.end(bytes))
  })
}

/** The server still answers a plain call. */
async function answers(): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}/wmim/course/v2/query/info.do`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'courseData=demo-open',
  })
  expect(res.status).toBe(200)
}

const UPGRADES = ['Connection: Upgrade\r\nUpgrade: websocket', 'Connection: Upgrade\r\nUpgrade: h2c', 'Connection: keep-alive, Upgrade\r\nUpgrade: websocket']
const WS_HEADERS = 'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=='

/** Request targets: the known troublemakers, socket paths with hostile tails, and anything printable. */
const target = fc.oneof(
  fc.constantFrom('//[', '//[::1', '/%', '/%zz', '//', 'http://[', '*', '/im/chatroom?%', `${CHATROOM_SOCKET_PATH}#[`, `${LOCAL_IAT_PATH}?authorization=%E0`, '/\u0000'),
  fc.constantFrom(CHATROOM_SOCKET_PATH, LOCAL_IAT_PATH, '/').chain((path) => fc.string({ maxLength: 40 }).map((tail) => path + tail)),
  fc.string({ minLength: 1, maxLength: 60 }).filter((text) => !/[\s]/.test(text)),
)

describe('hostile requests at the listening server', () => {
  jest.setTimeout(120_000)

  it('survives upgrade requests to any target, the request line of issue 29 among them', async () => {
    await fc.assert(
      fc.asyncProperty(target, fc.constantFrom(...UPGRADES), fc.boolean(), async (path, upgrade, wsHeaders) => {
        await sendRaw(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${upgrade}\r\n${wsHeaders ? `${WS_HEADERS}\r\n` : ''}\r\n`)
        await answers()
      }),
      { numRuns: 120 },
    )
  })

  it('survives hostile request lines and headers', async () => {
    const header = fc.tuple(fc.string({ minLength: 1, maxLength: 30 }), fc.string({ maxLength: 200 })).map(([name, value]) => `${name}: ${value}`)
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'OPTIONS', 'BREW', 'G\u0000T', ''),
        target,
        fc.array(header, { maxLength: 6 }),
        fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/9.9', ''),
        async (method, path, headers, version) => {
          await sendRaw(`${method} ${path} ${version}\r\nHost: 127.0.0.1\r\n${headers.join('\r\n')}\r\n\r\n`)
          await answers()
        },
      ),
      { numRuns: 120 },
    )
  })

  it('survives hostile WebSocket frames on the chat room', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
          fc.json().map((json) => json),
          fc.constantFrom('{"cmd":"login"}', '{"id":1,"cmd":"sendMsg","body":null}', '{"id":"x","cmd":"__proto__"}', '[]', 'null', '{"id":1e400}'),
        ),
        async (frame) => {
          const ws = new WebSocket(`ws://127.0.0.1:${port}${CHATROOM_SOCKET_PATH}`)
          await new Promise<void>((resolve) => {
            // the room answers a command or closes the socket; a frame it ignores is given 200 ms
            const timer = setTimeout(() => ws.terminate(), 2_000)
            ws.on('open', () => {
              ws.send(frame)
              setTimeout(() => ws.close(), 200)
            })
            ws.on('message', () => ws.close())
            ws.on('error', () => undefined)
            ws.on('close', () => {
              clearTimeout(timer)
              resolve()
            })
          })
          await answers()
        },
      ),
      { numRuns: 60 },
    )
  })
})
