import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import WebSocket from 'ws'
import { CHATROOM_SOCKET_PATH } from '../../../types/chatroom'
import { buildApp } from '../../../server/app'
import { ChatroomRepository } from '../../../server/chatroom/data'
import type { OpenSocket } from '../../../src/platform/socket'
import { wsText } from '../wsText'
import { sharedTestDatabase } from '../engines'

/** The platform socket over `ws`: what the builds' Taro/browser sockets do, in node. */
export const wsSocket: OpenSocket = (url, handlers) => {
  const socket = new WebSocket(url)
  let closed = false
  const closeOnce = (): void => {
    if (closed) return
    closed = true
    handlers.onClose()
  }
  socket.on('open', () => handlers.onOpen())
  socket.on('message', (data) => handlers.onMessage(wsText(data)))
  socket.on('close', closeOnce)
  socket.on('error', closeOnce)
  return {
    send: (data) => socket.send(data),
    close: () => {
      socket.terminate()
      closeOnce()
    },
  }
}

export const ROOM = 'test-room'

/** The reference server with its chat room, on a random port, over a SQLite file that survives restarts. */
export class RoomServer {
  app: FastifyInstance | undefined
  port = 0
  private readonly dir = mkdtempSync(join(tmpdir(), 'chatroom-'))
  private database: Promise<string> | undefined

  get url(): string {
    return `ws://127.0.0.1:${this.port}${CHATROOM_SOCKET_PATH}`
  }

  async start(): Promise<void> {
    // the same database across restarts
    this.database ??= sharedTestDatabase(join(this.dir, 'room.sqlite'))
    const app = await buildApp({ database: await this.database, staticDir: '/nonexistent-static-dir' })
    const data = new ChatroomRepository(app.db)
    if (!(await data.room(ROOM))) await data.createRoom({ id: ROOM, name: 'Test room', creator: 'wm_teacher', creatorNick: '林老师' }, Date.now())
    await app.listen({ port: this.port, host: '127.0.0.1' })
    const address = app.server.address()
    if (typeof address === 'object' && address !== null) this.port = address.port
    this.app = app
  }

  async stop(): Promise<void> {
    await this.app?.close()
    this.app = undefined
  }

  /** Stops and forgets the database: the next start begins with a new one. */
  async dispose(): Promise<void> {
    await this.stop()
    rmSync(this.dir, { recursive: true, force: true })
    this.database = undefined
  }
}
