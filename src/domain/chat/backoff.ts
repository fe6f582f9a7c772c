import { IM_LIMITS } from './constants'

/**
 * One step of the reconnection plan after a connection is lost: wait `delayMs`, then try
 * `addresses` (indexes into the room's address list) in order.
 */
export interface ReconnectStep {
  /** 1-based; the final try is `maxReconnectionAttempts + 1` */
  attempt: number
  delayMs: number
  addresses: readonly number[]
  final: boolean
}

/**
 * The delay before reconnection attempt `attempt` (1-based): the reconnection delay doubled per
 * attempt (factor 2), kept within the backoff's min and max. Not a finite positive attempt: the
 * first attempt's delay.
 */
export function reconnectDelay(attempt: number): number {
  const n = Number.isFinite(attempt) && attempt >= 1 ? Math.floor(attempt) : 1
  // 2^(n-1) overflows to Infinity for huge n, which the cap turns into the max
  const raw = IM_LIMITS.reconnectionDelayMs * IM_LIMITS.backoffFactor ** (n - 1)
  return Math.min(IM_LIMITS.backoffMaxMs, Math.max(IM_LIMITS.backoffMinMs, raw))
}

/**
 * What to do after the `failed` attempts so far have failed (0 right after the loss): the next
 * attempt (each on the next address in turn), then one final try with every address after the
 * reopen delay, then `undefined`: give up and publish the reconnect-failed event.
 */
export function nextReconnectStep(failed: number, addressCount: number): ReconnectStep | undefined {
  const count = Number.isInteger(addressCount) && addressCount > 0 ? addressCount : 0
  if (count === 0 || !Number.isInteger(failed) || failed < 0) return undefined
  const attempt = failed + 1
  if (attempt <= IM_LIMITS.maxReconnectionAttempts) {
    return { attempt, delayMs: reconnectDelay(attempt), addresses: [failed % count], final: false }
  }
  if (attempt === IM_LIMITS.maxReconnectionAttempts + 1) {
    return { attempt, delayMs: IM_LIMITS.reopenDelayMs, addresses: Array.from({ length: count }, (_, i) => i), final: true }
  }
  return undefined
}
