import type { NimChatroomEvents, NimChatroomInitOptions, NimChatroomInstance, NimChatroomMember, NimChatroomMessage, NimChatroomSdk } from '../../../src/platform/imSdk/types'

type Listener = (...args: never[]) => void

/**
 * NetEase IM's chatroom SDK faked at its boundary (the NimChatroomSdk shape src/platform/imSdk/types.ts;
 * checks the real one against): one in-memory room whose instances see each other's messages.
 */
export class FakeNimRoom implements NimChatroomSdk {
  readonly messages: NimChatroomMessage[] = []
  readonly instances: FakeNimInstance[] = []
  readonly muted = new Set<string>()
  private clock = 1_700_000_000_000
  private seq = 0

  getInstance(options: NimChatroomInitOptions): NimChatroomInstance {
    const instance = new FakeNimInstance(this, options)
    this.instances.push(instance)
    return instance
  }

  tick(): number {
    this.clock += 1
    return this.clock
  }

  nextId(): string {
    this.seq += 1
    return `nim-${this.seq}`
  }
}

export class FakeNimInstance implements NimChatroomInstance {
  account: string
  connected = false
  private readonly listeners = new Map<string, Listener[]>()

  constructor(private readonly room: FakeNimRoom, readonly options: NimChatroomInitOptions) {
    this.account = options.isAnonymous ? `nimanon_${room.instances.length + 1}` : options.account
  }

  on<E extends keyof NimChatroomEvents>(event: E, listener: (...args: NimChatroomEvents[E]) => void): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener as Listener])
    return this
  }

  emit<E extends keyof NimChatroomEvents>(event: E, ...args: NimChatroomEvents[E]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: NimChatroomEvents[E]) => void)(...args)
  }

  async connect(): Promise<void> {
    this.connected = true
    const member: NimChatroomMember = { account: this.account, nick: this.account, avatar: '', type: this.options.isAnonymous ? 'anonymous' : 'guest', online: true }
    queueMicrotask(() => this.emit('logined', { member, chatroom: { name: 'Fake room', onlineMemberNum: this.room.instances.length } }))
  }

  async destroy(): Promise<void> {
    this.connected = false
    this.listeners.clear()
  }

  chatroomMsg = {
    sendCustomMsg: async ({ body }: { body: string }): Promise<NimChatroomMessage> => {
      if (this.room.muted.has(this.account)) throw Object.assign(new Error('chatroom member muted'), { code: 13004 })
      const message: NimChatroomMessage = { chatroomId: this.options.chatroomId, idClient: this.room.nextId(), from: this.account, time: this.room.tick(), type: 'custom', body, flow: 'out' }
      this.room.messages.push(message)
      for (const other of this.room.instances) if (other !== this && other.connected) other.emit('chatroomMsg', { ...message, flow: 'in' })
      return message
    },
    queryMessageHistory: async ({ timetag = 0, limit = 100, reverse = false }: { timetag?: number; limit?: number; reverse?: boolean }): Promise<NimChatroomMessage[]> => {
      const sorted = [...this.room.messages].sort((a, b) => a.time - b.time)
      if (reverse) return sorted.filter((m) => m.time > timetag).slice(0, limit)
      return sorted.filter((m) => timetag === 0 || m.time < timetag).reverse().slice(0, limit)
    },
  }

  chatroomMember = {
    queryMembers: async ({ type }: { type: 'regular' | 'temp' }): Promise<NimChatroomMember[]> =>
      type === 'temp' ? this.room.instances.filter((i) => i.connected).map((i) => ({ account: i.account, nick: i.account, avatar: '', type: 'anonymous' as const, online: true })) : [],
  }
}
