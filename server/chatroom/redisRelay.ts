import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import Redis from 'ioredis'
import type { RoomEvent, RoomRelay } from './relay'

/** How often a node says it is alive, and after how long without a word the others count it gone. */
export const HEARTBEAT_MS = 2_000
export const GONE_AFTER_MS = 3 * HEARTBEAT_MS
/** How long a stopping node waits for Redis to take its goodbye. */
const CLOSE_WAIT_MS = 1_000

/** What travels on the channel: a room event, or a node's heartbeat. */
type Envelope = { from: string; event: RoomEvent } | { from: string; alive: true }

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' && value !== null && typeof (value as { from?: unknown }).from === 'string'

export interface RedisRelayOptions {
  /** redis://… */
  url: string
  /** the channel's name (default `lesson:chatroom`), so several deployments or test runs can share one Redis */
  channel?: string
  /** the name this node announces itself with; default host, process and a random part */
  node?: string
}

/**
 * The chat room's relay across machines: Redis publish/subscribe. Every node of a deployment
 * (each worker of each machine) publishes its room events on one channel and delivers the others'
 * to its own sockets, each event once per node, in the order that node published them. We rely on
 * Redis rather than a relay of our own: it is what a deployment already runs, and it needs no
 * primary process that every worker must share.
 *
 * Who is online needs no shared state: a node says it is alive every HEARTBEAT_MS, and a node not
 * heard for GONE_AFTER_MS is gone to the others (its members offline), whether it stopped saying
 * goodbye or not. A node that stops cleanly says `gone` itself. A node starting says `hello` and the
 * others tell it who sits with them (chatroom/routes.ts), as on one machine.
 */
export function redisRelay(options: RedisRelayOptions): RoomRelay & { close(): Promise<void>; connected(): boolean; whenUp(ms: number): Promise<boolean> } {
  const node = options.node ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
  const channel = options.channel ?? 'lesson:chatroom'
  // a connection that subscribes can do nothing else: one to publish, one to listen
  const publisher = new Redis(options.url, { lazyConnect: false, maxRetriesPerRequest: null })
  const listener = new Redis(options.url, { lazyConnect: false, maxRetriesPerRequest: null })
  // a lost connection reconnects by itself (ioredis); what was published meanwhile is lost to this
  // node's sockets, whose clients fetch the history they missed when they reconnect
  publisher.on('error', () => undefined)
  listener.on('error', () => undefined)

  // Nothing is published before this node's subscription is active: its first word is `hello`,
  // and the others' answers (who sits with them) published before Redis has the subscription would
  // be lost to it for good, the node never listing those members. Each send waits on the same
  // promise, so they still leave in the order they were made.
  const listening = listener.subscribe(channel).then(
    () => undefined,
    () => undefined,
  )
  const send = (envelope: Envelope): void => {
    void listening.then(() => publisher.publish(channel, JSON.stringify(envelope)).catch(() => undefined))
  }
  const deliverers = new Set<(event: RoomEvent) => void>()
  const lastHeard = new Map<string, number>()
  const deliverAll = (event: RoomEvent): void => {
    for (const deliver of deliverers) deliver(event)
  }

  // Whether events go both ways now: both connections ready and the channel subscribed. The room
  // seats nobody while they do not (routes.ts), and is told at each change.
  let subscribed = false
  let up = false
  const watchers = new Set<(up: boolean) => void>()
  const check = (): void => {
    const now = subscribed && publisher.status === 'ready' && listener.status === 'ready'
    if (now === up) return
    up = now
    for (const watcher of watchers) watcher(up)
  }
  void listening.then(() => {
    subscribed = listener.status === 'ready'
    check()
  })
  listener.on('close', () => {
    subscribed = false
    check()
  })
  publisher.on('close', check)
  publisher.on('ready', check)

  // Back after a lost connection (ioredis reconnects by itself): the others may have counted this
  // node gone, and this node them, if it lasted over GONE_AFTER_MS. Once subscribed again, it says
  // hello (the others tell it who sits with them) and announces its own members again, as the
  // routes do for any hello.
  let connections = 0
  listener.on('ready', () => {
    connections += 1
    if (connections === 1) return
    listener.subscribe(channel).then(
      () => {
        subscribed = true
        check()
        send({ from: node, event: { kind: 'hello', worker: node } })
        deliverAll({ kind: 'hello', worker: node })
      },
      () => undefined,
    )
  })

  listener.on('message', (_channel: string, text: string) => {
    let envelope: unknown
    try {
      envelope = JSON.parse(text)
    } catch {
      return
    }
    if (!isEnvelope(envelope) || envelope.from === node) return
    lastHeard.set(envelope.from, Date.now())
    if ('event' in envelope) {
      if (envelope.event.kind === 'gone') lastHeard.delete(envelope.from)
      deliverAll(envelope.event)
    }
  })

  const heartbeat = setInterval(() => {
    send({ from: node, alive: true })
    const now = Date.now()
    for (const [other, heard] of lastHeard) {
      if (now - heard <= GONE_AFTER_MS) continue
      lastHeard.delete(other)
      deliverAll({ kind: 'gone', worker: other })
    }
  }, HEARTBEAT_MS)
  heartbeat.unref()

  return {
    node,
    publish: (event) => send({ from: node, event }),
    subscribe: (deliver) => {
      deliverers.add(deliver)
      return () => deliverers.delete(deliver)
    },
    connected: () => publisher.status === 'ready' && listener.status === 'ready',
    // a node starts listening once its relay carries events (else it would turn its first members
    // away), or after `ms` with Redis still away: then it answers not ready and seats nobody yet
    whenUp: (ms) =>
      new Promise<boolean>((resolve) => {
        if (up) {
          resolve(true)
          return
        }
        const timer = setTimeout(() => {
          watchers.delete(watcher)
          resolve(false)
        }, ms)
        const watcher = (now: boolean): void => {
          if (!now) return
          clearTimeout(timer)
          watchers.delete(watcher)
          resolve(true)
        }
        watchers.add(watcher)
      }),
    link: {
      up: () => up,
      watch: (watcher) => {
        watchers.add(watcher)
        return () => watchers.delete(watcher)
      },
    },
    async close() {
      clearInterval(heartbeat)
      watchers.clear()
      // Goodbye, behind the sends already made, as every send is; but a node whose Redis is away
      // still stops: the others count it gone after GONE_AFTER_MS without its word
      if (publisher.status === 'ready') {
        const goodbye = listening.then(() =>
          publisher.publish(channel, JSON.stringify({ from: node, event: { kind: 'gone', worker: node } } satisfies Envelope)).catch(() => undefined),
        )
        let timer: NodeJS.Timeout | undefined
        await Promise.race([goodbye, new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))])
        clearTimeout(timer)
      }
      listener.disconnect()
      publisher.disconnect()
    },
  }
}
