import type { Unsubscribe } from './types'

/** A listener list: what each client uses for its message and status events. */
export class Listeners<T> {
  private readonly listeners = new Set<(value: T) => void>()

  add(listener: (value: T) => void): Unsubscribe {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  emit(value: T): void {
    for (const listener of [...this.listeners]) listener(value)
  }

  clear(): void {
    this.listeners.clear()
  }
}

/**
 * Drops messages already delivered, by client message id: a re-delivery (the room sending twice, a
 * history re-fetch after a reconnect overlapping what arrived live) reaches no listener twice.
 * Remembers the last `capacity` ids.
 */
export class DeliveryFilter {
  private readonly seen = new Set<string>()

  constructor(private readonly capacity = 2000) {}

  fresh<M extends { idClient: string }>(messages: readonly M[]): M[] {
    const out: M[] = []
    for (const m of messages) {
      if (this.seen.has(m.idClient)) continue
      this.seen.add(m.idClient)
      out.push(m)
    }
    while (this.seen.size > this.capacity) {
      const oldest = this.seen.values().next().value
      if (oldest === undefined) break
      this.seen.delete(oldest)
    }
    return out
  }
}
