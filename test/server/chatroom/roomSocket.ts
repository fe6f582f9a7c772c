import WebSocket from 'ws'
import { wsText } from '../wsText'
import { WORKER_HEADER } from '../../../server/core/worker'
import type { AnswerFrame, PushFrame, WireMessage } from '../../../types/chatroom'

/** How long a command may wait for its answer. */
const CALL_MS = 15_000

/**
 * A chat room client on its own connection to a running server (the cluster and two-node tests):
 * its answers, its pushes, how its socket closed, and the worker that took the connection
 * (x-worker, empty outside a cluster).
 */
export class RoomSocket {
  readonly pushes: PushFrame[] = []
  closeCode: number | undefined
  private nextId = 1
  private readonly waiting = new Map<number, (frame: AnswerFrame) => void>()

  protected constructor(
    private readonly socket: WebSocket,
    readonly worker: string,
    private readonly where: string,
  ) {
    socket.on('message', (raw) => {
      const frame = JSON.parse(wsText(raw)) as AnswerFrame | PushFrame
      if ('push' in frame) this.pushes.push(frame)
      else this.waiting.get(frame.id)?.(frame)
    })
    socket.on('close', (code) => (this.closeCode = code))
    // a stopped worker or a killed node resets the connection: 'close' follows
    socket.on('error', () => undefined)
  }

  /** The open socket to `url`, and the worker its upgrade answer names. */
  protected static connect(url: string): Promise<{ socket: WebSocket; worker: string }> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url)
      let worker = ''
      socket.once('upgrade', (res) => (worker = String(res.headers[WORKER_HEADER] ?? '')))
      socket.once('open', () => resolve({ socket, worker }))
      socket.once('error', reject)
    })
  }

  static async open(url: string, where = url): Promise<RoomSocket> {
    const { socket, worker } = await RoomSocket.connect(url)
    return new RoomSocket(socket, worker, where)
  }

  /** A command's answer frame (a refusal too), or an error when none came within CALL_MS. */
  answer(cmd: string, body: object): Promise<AnswerFrame> {
    const id = this.nextId++
    const answered = new Promise<AnswerFrame>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${cmd} on ${this.where}: no answer within ${CALL_MS} ms`)), CALL_MS)
      this.waiting.set(id, (frame) => {
        clearTimeout(timer)
        this.waiting.delete(id)
        resolve(frame)
      })
    })
    this.socket.send(JSON.stringify({ id, cmd, body }))
    return answered
  }

  /** A command's data; a refusal is an error. */
  async command<T>(cmd: string, body: object): Promise<T> {
    const frame = await this.answer(cmd, body)
    if (!('data' in frame)) throw new Error(`${cmd} on ${this.where} refused: ${frame.code} ${frame.msg}`)
    return frame.data as T
  }

  messages(): WireMessage[] {
    return this.pushes.flatMap((p) => (p.push === 'msgs' ? p.data : []))
  }

  close(): void {
    this.socket.terminate()
  }
}
