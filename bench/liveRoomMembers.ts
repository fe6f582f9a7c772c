/**
 * One process of live-room members for bench/liveRoom.bench.ts: it seats `count` anonymous members
 * in one room of the local chat room (its own sockets, the real wire protocol of types/chatroom.ts),
 * then, for each run the bench starts, counts what every member receives of the run's messages
 * (each message's body carries its run, its number and the time it was sent) and the delay of
 * each, in whole milliseconds. It talks to the bench over the IPC channel (MemberOrder, MemberReport).
 */
import { performance } from 'node:perf_hooks'
import WebSocket from 'ws'
import { wsText } from '../server/core/wsText'
import { CHATROOM_SOCKET_PATH } from '../types/chatroom'
import type { AnswerFrame, PushFrame } from '../types/chatroom'

/** The delays counted, in milliseconds: the last bucket holds every longer one. */
export const LATENCY_BUCKETS = 10_000
/** Logins in flight at once per process: the room takes them one transaction each. */
const LOGINS_AT_ONCE = 50
const HEARTBEAT_MS = 60_000

export type MemberOrder =
  | { seat: { port: number; chatroomId: string; count: number; from: number } }
  | { run: { id: number; messages: number } }
  | { report: true }
  | { leave: true }

export type MemberReport =
  | { seated: number }
  | { complete: number }
  | { result: { run: number; missing: number; doubled: number; closed: number; histogram: number[] } }

/** A message body of the bench: `live <run> <number> <sent at, ms since the epoch>`. */
export const messageBody = (run: number, number: number, sentAt: number): string => `live ${run} ${number} ${sentAt}`

/** Now, in milliseconds since the epoch with fractions: comparable across the bench's processes. */
export const preciseNow = (): number => performance.timeOrigin + performance.now()

interface Member {
  socket: WebSocket
  /** how often each message of the current run arrived */
  counts: Uint8Array
  got: number
}

const members: Member[] = []
let run = { id: -1, messages: 0 }
let histogram = new Array<number>(LATENCY_BUCKETS).fill(0)
let closed = 0
let complete = 0

const tell = (report: MemberReport): void => {
  process.send?.(report)
}

function onFrame(member: Member, raw: WebSocket.RawData): void {
  const frame = JSON.parse(wsText(raw)) as PushFrame | AnswerFrame
  if (!('push' in frame) || frame.push !== 'msgs') return
  const at = preciseNow()
  for (const message of frame.data) {
    const [tag, runId, number, sentAt] = message.body.split(' ')
    if (tag !== 'live' || Number(runId) !== run.id) continue
    const n = Number(number)
    histogram[Math.min(LATENCY_BUCKETS - 1, Math.max(0, Math.floor(at - Number(sentAt))))]++
    if (member.counts[n]++ > 0) continue
    if (++member.got === run.messages && ++complete === members.length) tell({ complete })
  }
}

/** Opens one socket and logs it in as an anonymous member. */
function seatOne(url: string, chatroomId: string, nick: string): Promise<Member> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url)
    const member: Member = { socket, counts: new Uint8Array(0), got: 0 }
    socket.once('open', () => socket.send(JSON.stringify({ id: 1, cmd: 'login', body: { chatroomId, anonymous: true, nick } })))
    socket.once('error', reject)
    socket.on('message', function first(raw) {
      const frame = JSON.parse(wsText(raw)) as AnswerFrame
      if (!('id' in frame) || frame.id !== 1) return
      socket.off('message', first)
      if (frame.code !== 200) {
        reject(new Error(`login refused: ${frame.code} ${'msg' in frame ? frame.msg : ''}`))
        return
      }
      socket.on('message', (data) => onFrame(member, data))
      socket.on('close', () => closed++)
      resolve(member)
    })
  })
}

async function seat({ port, chatroomId, count, from }: { port: number; chatroomId: string; count: number; from: number }): Promise<void> {
  const url = `ws://127.0.0.1:${port}${CHATROOM_SOCKET_PATH}?lang=en`
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < count) {
      const index = next++
      members.push(await seatOne(url, chatroomId, `m${from + index}`))
    }
  }
  await Promise.all(Array.from({ length: LOGINS_AT_ONCE }, worker))
  let beat = 2
  setInterval(() => {
    beat++
    for (const { socket } of members) socket.send(JSON.stringify({ id: beat, cmd: 'heartbeat', body: {} }))
  }, HEARTBEAT_MS).unref()
  tell({ seated: members.length })
}

process.on('message', (order: MemberOrder) => {
  if ('seat' in order) {
    seat(order.seat).catch((error: unknown) => {
      console.error(error)
      process.exit(1)
    })
  } else if ('run' in order) {
    run = order.run
    histogram = new Array<number>(LATENCY_BUCKETS).fill(0)
    complete = 0
    for (const member of members) {
      member.counts = new Uint8Array(run.messages)
      member.got = 0
    }
  } else if ('report' in order) {
    let missing = 0
    let doubled = 0
    for (const member of members) {
      for (const count of member.counts) {
        if (count === 0) missing++
        else if (count > 1) doubled += count - 1
      }
    }
    tell({ result: { run: run.id, missing, doubled, closed, histogram } })
  } else {
    for (const { socket } of members) socket.terminate()
    process.exit(0)
  }
})
