/**
 * The test page's demo payment (spec 000 §7 `/gzh/test/order/create.do`, spec 001 §1 "a hardcoded
 * payment form"). The spec shows neither payload nor answer; the choices: the client names the
 * attempt with `requestId` (one order per id, so a retry or a double tap pays once) and the server
 * fixes the amount. Test orders live in their own table, never in the income ledger's orders.
 */
import type { ObjectData } from './api'
import { endpoint } from './contract'
import type { PayConfig } from './purchase'

/** The demo's price in fen, set by the server (the client sends no amount). */
export const TEST_ORDER_FEE_FEN = 1

/** A client-made id of one payment attempt: 8 to 64 of [A-Za-z0-9_-]. */
export const TEST_REQUEST_ID_PATTERN = '^[A-Za-z0-9_-]{8,64}$'

export const testOrderCalls = {
  /**
   * The test order of `requestId`, created on the first call. `data.object` holds the pay
   * parameters; `isBought` 1 means the order is paid already (asking again is how the page reads
   * the server's verdict after the pay sheet closes).
   */
  create: endpoint<{ requestId: string }, ObjectData<PayConfig>>('/gzh/test/order/create.do', { requestId: 'required' }),
} as const
