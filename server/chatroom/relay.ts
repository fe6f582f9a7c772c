import cluster from 'node:cluster'
import { workerName } from '../core/worker'
import type { ChatroomNotice, KickReason, WireChatroom, WireMember, WireMessage } from '../../types/chatroom'

/**
 * What one worker's room tells the others: a new message (sent to every seat of the room but the
 * sender's socket, which only exists on the sending worker); a member blacked or kicked (every seat
 * of that account in the room is put out); a member's or the room's new state (every seat of the
 * room is told); the room closed (every seat is put out); an account's first seat in a room taken or its last one left on
 * `worker` (who is online: the member list and the online count); a worker starting (`hello`: the
 * others answer with their presence); a worker stopped (`gone`, from the primary: forget its
 * presence).
 */
export type RoomEvent =
  | { kind: 'msg'; message: WireMessage }
  | { kind: 'kick'; chatroomId: string; account: string; reason: Exclude<KickReason, 'chatroomClosed'> }
  | { kind: 'member'; chatroomId: string; member: WireMember; notice: ChatroomNotice }
  | { kind: 'room'; chatroom: WireChatroom; notice: ChatroomNotice }
  | { kind: 'close'; chatroomId: string }
  | { kind: 'presence'; worker: string; chatroomId: string; account: string; online: boolean }
  | { kind: 'hello'; worker: string }
  | { kind: 'gone'; worker: string }

/** The IPC envelope of a RoomEvent, so the primary and the workers tell it from other messages. */
export interface RoomRelayMessage {
  chatroomRelay: RoomEvent
}

export const isRoomRelay = (message: unknown): message is RoomRelayMessage =>
  typeof message === 'object' && message !== null && typeof (message as Partial<RoomRelayMessage>).chatroomRelay === 'object'

/** Carries room events between the processes serving one database. */
export interface RoomRelay {
  /** The name this process announces its members with; undefined when it is alone (no one to tell). */
  readonly node: string | undefined
  /** Tells the other processes; the caller delivers to its own sockets itself. */
  publish(event: RoomEvent): void
  /** Calls `deliver` with each event another process published; answers the way to stop. */
  subscribe(deliver: (event: RoomEvent) => void): () => void
  /**
   * A relay that can be lost (Redis): whether it carries events now, and a listener told each time
   * that changes. While it does not, the room seats nobody (routes.ts): a member would miss what
   * the other nodes say. Absent: always carried (the cluster's IPC, or no one to tell).
   */
  readonly link?: { up(): boolean; watch(listener: (up: boolean) => void): () => void }
}

/**
 * The relay of this process. In a worker of server/cluster.ts, events go to the primary over the
 * cluster IPC channel and the primary sends them on to every other worker (relayRoomEvents below).
 * We relay rather than have each worker poll the message table because neither a kick nor who is
 * online is a row, the IPC channel keeps each worker's events in order, and a message reaches the
 * other workers' sockets as soon as it is stored, with no polling interval or cursor to keep. An
 * event sent while a worker restarts is lost to that worker's (then closed) sockets, whose clients
 * re-fetch history on reconnect (issue 12's connection rules). A process outside a cluster (tests
 * with buildApp) has no one to tell. Several machines share their events through Redis instead
 * (redisRelay.ts), chosen when REDIS_URL is set.
 */
export function processRelay(): RoomRelay {
  if (!cluster.isWorker) return { node: undefined, publish: () => undefined, subscribe: () => () => undefined }
  return {
    node: workerName(),
    publish: (event) => {
      process.send?.({ chatroomRelay: event } satisfies RoomRelayMessage)
    },
    subscribe: (deliver) => {
      const listener = (message: unknown): void => {
        if (isRoomRelay(message)) deliver(message.chatroomRelay)
      }
      process.on('message', listener)
      return () => process.off('message', listener)
    },
  }
}

/** In the primary: sends a worker's room event on to every other live worker, once each. */
export function relayRoomEvents(from: number, message: RoomRelayMessage): void {
  for (const worker of Object.values(cluster.workers ?? {})) {
    if (worker && worker.id !== from && worker.isConnected()) worker.send(message)
  }
}
