import type { Migration } from '../core/migrate'
import { sqliteOnly } from '../core/migrate'

/**
 * Paid orders' income (a sale's share for a seller, a share reward for the inviter) in fen, as the
 * SQLite triggers of version 4 wrote it; ledger.ts computes the same amounts now.
 */
function incomeFromOrder(kind: 'lesson' | 'live'): string {
  const item =
    kind === 'lesson'
      ? { table: 'lessons', id: 'NEW.lesson_id', name: 'course_name', share: 'CASE WHEN p.is_checked_share_recash = 1 THEN p.share_recash ELSE 0 END', type: 1 }
      : { table: 'lives', id: 'NEW.live_id', name: 'title', share: 'p.share_recash', type: 2 }
  // the reward is paid only to another user who is not the seller, and never more than the fee
  const reward = `(CASE WHEN NEW.inviter_wmid IS NOT NULL AND NEW.inviter_wmid <> p.wmid THEN min(${item.share}, NEW.total_fee) ELSE 0 END)`
  return `
    INSERT INTO income_entries (entry_key, wmid, kind, order_type, order_no, buyer_wmid, item_name, amount, paid_at, refunded)
      SELECT 'S:' || NEW.order_no, p.wmid, 1, ${item.type}, NEW.order_no, NEW.wmid, p.${item.name},
             NEW.total_fee - ${reward}, NEW.paid_at, NEW.status = 4
      FROM ${item.table} p WHERE p.id = ${item.id} AND NEW.total_fee - ${reward} > 0;
    INSERT INTO income_entries (entry_key, wmid, kind, order_type, order_no, buyer_wmid, item_name, amount, paid_at, refunded)
      SELECT 'R:' || NEW.order_no, NEW.inviter_wmid, 2, ${item.type}, NEW.order_no, NEW.wmid, p.${item.name},
             ${reward}, NEW.paid_at, NEW.status = 4
      FROM ${item.table} p WHERE p.id = ${item.id} AND ${reward} > 0;`
}

/** The triggers that wrote the ledger on SQLite until version 6 (PostgreSQL never had them). */
const LEDGER_TRIGGERS = `
  CREATE TRIGGER lesson_order_paid AFTER UPDATE OF status ON orders WHEN OLD.status = 0 AND NEW.status IN (1, 4)
  BEGIN ${incomeFromOrder('lesson')}
  END;
  CREATE TRIGGER lesson_order_inserted_paid AFTER INSERT ON orders WHEN NEW.status IN (1, 4)
  BEGIN ${incomeFromOrder('lesson')}
  END;
  CREATE TRIGGER lesson_order_refunded AFTER UPDATE OF status ON orders WHEN OLD.status = 1 AND NEW.status = 4
  BEGIN UPDATE income_entries SET refunded = 1 WHERE order_no = NEW.order_no;
  END;
  CREATE TRIGGER live_order_inserted AFTER INSERT ON live_orders
  BEGIN ${incomeFromOrder('live')}
  END;
  CREATE TRIGGER live_order_refunded AFTER UPDATE OF status ON live_orders WHEN OLD.status = 1 AND NEW.status = 4
  BEGIN UPDATE income_entries SET refunded = 1 WHERE order_no = NEW.order_no;
  END;
  `

/**
 * Lives and their orders, the income ledger, withdrawals (clearings) and bank cards.
 *
 * The ledger is written (ledger.ts) in the same transaction that pays or refunds an order (the
 * purchase area's `orders`, this area's `live_orders`), so no payment can land without its income
 * and the amounts are fixed when the order is paid. An entry is held by the withdrawal that took it
 * (`clearing_no`); a failed withdrawal keeps holding its entries until it is retried (data.ts
 * `retry`), which lets go of those refunded since.
 */
export const MONEY_MIGRATIONS: readonly Migration[] = [
  {
    version: 4,
    sql: (dialect) => `
  CREATE TABLE lives (
    id           INTEGER PRIMARY KEY,
    course_data  TEXT NOT NULL UNIQUE,
    wmid         TEXT NOT NULL REFERENCES users (wmid),
    title        TEXT NOT NULL,
    -- liveF, fen
    live_fee     INTEGER NOT NULL CHECK (live_fee > 0),
    share_recash INTEGER NOT NULL DEFAULT 0 CHECK (share_recash >= 0),
    share_url    TEXT NOT NULL DEFAULT '',
    created_at   INTEGER NOT NULL
  );

  CREATE TABLE live_orders (
    order_no     TEXT PRIMARY KEY,
    wmid         TEXT NOT NULL REFERENCES users (wmid),
    live_id      INTEGER NOT NULL REFERENCES lives (id),
    total_fee    INTEGER NOT NULL CHECK (total_fee > 0),
    -- 1 paid, 4 refunded (lives are bought in the app; only paid orders reach this server)
    status       INTEGER NOT NULL CHECK (status IN (1, 4)),
    inviter_wmid TEXT REFERENCES users (wmid),
    created_at   INTEGER NOT NULL,
    paid_at      INTEGER NOT NULL
  );

  CREATE TABLE bank_cards (
    wmid        TEXT PRIMARY KEY REFERENCES users (wmid),
    real_name   TEXT NOT NULL,
    id_card_no  TEXT NOT NULL,
    bank_no     TEXT NOT NULL,
    phone       TEXT NOT NULL,
    bank_name   TEXT NOT NULL,
    -- a payout failed on these details; saving the card clears it
    is_error    INTEGER NOT NULL DEFAULT 0 CHECK (is_error IN (0, 1)),
    updated_at  INTEGER NOT NULL
  );

  CREATE TABLE clearings (
    clearing_no TEXT PRIMARY KEY,
    wmid        TEXT NOT NULL REFERENCES users (wmid),
    order_num   INTEGER NOT NULL CHECK (order_num > 0),
    order_money INTEGER NOT NULL CHECK (order_money > 0),
    tax_fee     INTEGER NOT NULL CHECK (tax_fee >= 0 AND tax_fee < order_money),
    -- 0 waiting for payout, 1 paid out, 2 failed
    status      INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
    -- 1: failed on the card's details
    fail_type   INTEGER NOT NULL DEFAULT 0 CHECK (fail_type IN (0, 1) AND (status = 2 OR fail_type = 0)),
    fail_reason TEXT NOT NULL DEFAULT '',
    applied_at  INTEGER NOT NULL,
    settled_at  INTEGER CHECK ((status = 0) = (settled_at IS NULL))
  );
  CREATE INDEX clearings_by_user ON clearings (wmid, applied_at);

  CREATE TABLE income_entries (
    -- 'S:<order>' the seller's part of a sale, 'R:<order>' the share reward
    entry_key   TEXT PRIMARY KEY,
    -- who earns it
    wmid        TEXT NOT NULL REFERENCES users (wmid),
    -- 1 sale, 2 share reward
    kind        INTEGER NOT NULL CHECK (kind IN (1, 2)),
    order_type  INTEGER NOT NULL CHECK (order_type IN (1, 2)),
    order_no    TEXT NOT NULL,
    buyer_wmid  TEXT NOT NULL REFERENCES users (wmid),
    item_name   TEXT NOT NULL,
    amount      INTEGER NOT NULL CHECK (amount > 0),
    paid_at     INTEGER NOT NULL,
    refunded    INTEGER NOT NULL DEFAULT 0 CHECK (refunded IN (0, 1)),
    clearing_no TEXT REFERENCES clearings (clearing_no)
  );
  CREATE INDEX income_by_user ON income_entries (wmid, kind, paid_at);
  CREATE INDEX income_by_order ON income_entries (order_no);
  CREATE INDEX income_by_clearing ON income_entries (clearing_no);
${sqliteOnly(LEDGER_TRIGGERS)(dialect)}`,
  },
  {
    version: 6,
    sql: sqliteOnly(`
  DROP TRIGGER IF EXISTS lesson_order_paid;
  DROP TRIGGER IF EXISTS lesson_order_inserted_paid;
  DROP TRIGGER IF EXISTS lesson_order_refunded;
  DROP TRIGGER IF EXISTS live_order_inserted;
  DROP TRIGGER IF EXISTS live_order_refunded;
  `),
  },
  {
    // the payout (payout.ts, docs/PAYOUTS.md): bank transfer batches, the weekly run, e-signatures
    version: 12,
    sql: `
  -- a waiting clearing (status 0) with a batch_no was sent to the bank in that batch and waits
  -- for the bank's result; without one it waits for the next run (a retry clears it)
  ALTER TABLE clearings ADD COLUMN batch_no TEXT;
  CREATE INDEX clearings_by_batch ON clearings (batch_no);

  -- one bank transfer batch file, kept as written, so it can be written again byte for byte
  CREATE TABLE payout_batches (
    batch_no   TEXT PRIMARY KEY,
    created_at INTEGER NOT NULL,
    row_count  INTEGER NOT NULL CHECK (row_count > 0),
    -- fen, what the rows transfer together
    total_fen  INTEGER NOT NULL CHECK (total_fen > 0),
    csv        TEXT NOT NULL,
    -- when the file was last written to the payout directory; NULL: not yet
    written_at INTEGER
  );

  -- what each batch sent: the clearing and its amount (a retried clearing goes out again in another)
  CREATE TABLE payout_batch_rows (
    batch_no    TEXT NOT NULL REFERENCES payout_batches (batch_no),
    clearing_no TEXT NOT NULL REFERENCES clearings (clearing_no),
    amount_fen  INTEGER NOT NULL CHECK (amount_fen > 0),
    PRIMARY KEY (batch_no, clearing_no)
  );

  -- the weekly run, once a week: the Monday (China time) it belongs to
  CREATE TABLE payout_weeks (
    week     TEXT PRIMARY KEY,
    batch_no TEXT REFERENCES payout_batches (batch_no),
    ran_at   INTEGER NOT NULL
  );

  -- a seller who signed the payout agreement with the e-signature SMS (spec 001 §9: the first
  -- payout needs it); no row: not signed, the seller's clearings wait
  CREATE TABLE payout_signatures (
    wmid      TEXT PRIMARY KEY REFERENCES users (wmid),
    -- the phone the code went to, as the card held it
    phone     TEXT NOT NULL,
    signed_at INTEGER NOT NULL
  );
  `,
  },
]
