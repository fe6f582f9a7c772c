import type { Migration } from '../core/migrate'

/**
 * The test page's demo orders: their own table, so a demo payment never reaches `orders` (whose
 * payment writes the income ledger). One order per request id.
 */
export const TEST_ORDER_MIGRATIONS: readonly Migration[] = [
  {
    version: 6,
    sql: `
  CREATE TABLE test_orders (
    order_no   TEXT PRIMARY KEY,
    request_id TEXT NOT NULL UNIQUE,
    -- fen
    total_fee  INTEGER NOT NULL CHECK (total_fee > 0),
    -- 0 created, 1 paid
    status     INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
    created_at INTEGER NOT NULL,
    paid_at    INTEGER CHECK ((status = 0) = (paid_at IS NULL))
  );
  `,
  },
]
