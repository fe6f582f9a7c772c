import type { Migration } from '../core/migrate'

/** Purchases (who may read which paid lesson) and the orders that grant them. */
export const PURCHASE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `
  CREATE TABLE purchases (
    id         INTEGER PRIMARY KEY,
    wmid       TEXT NOT NULL REFERENCES users (wmid),
    lesson_id  INTEGER NOT NULL REFERENCES lessons (id),
    created_at INTEGER NOT NULL,
    UNIQUE (wmid, lesson_id)
  );
  `,
  },
  {
    version: 2,
    sql: `
  CREATE TABLE orders (
    order_no     TEXT PRIMARY KEY,
    wmid         TEXT NOT NULL REFERENCES users (wmid),
    lesson_id    INTEGER NOT NULL REFERENCES lessons (id),
    -- fen, the lesson's fee when the order was created
    total_fee    INTEGER NOT NULL CHECK (total_fee > 0),
    -- 0 created, 1 paid, 4 refunded
    status       INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 4)),
    -- who shared the link the buyer came from, when known
    inviter_wmid TEXT REFERENCES users (wmid),
    created_at   INTEGER NOT NULL,
    paid_at      INTEGER CHECK ((status = 0) = (paid_at IS NULL)),
    -- payment notifications accepted for this order (replays included)
    notify_count INTEGER NOT NULL DEFAULT 0
  );
  -- at most one unpaid order per buyer and lesson: creating again reuses it
  CREATE UNIQUE INDEX orders_one_open ON orders (wmid, lesson_id) WHERE status = 0;
  `,
  },
  {
    version: 4,
    sql: `
  -- the group a paid lesson's buyers are invited to join: its QR code shows after payment
  -- (isShowjoinQrcode, spec 001 §4); qrcode is a stored media path or a full URL
  CREATE TABLE join_groups (
    lesson_id  INTEGER PRIMARY KEY REFERENCES lessons (id),
    group_name TEXT NOT NULL,
    qrcode     TEXT NOT NULL CHECK (qrcode <> '')
  );
  `,
  },
  {
    version: 8,
    sql: `
  -- a paid live's order while it is paid for (WeChat Pay's out_trade_no LV…); once paid it enters
  -- the money area's live_orders, whose rows are paid sales only
  CREATE TABLE live_pay_orders (
    order_no     TEXT PRIMARY KEY,
    wmid         TEXT NOT NULL REFERENCES users (wmid),
    live_id      INTEGER NOT NULL REFERENCES lives (id),
    total_fee    INTEGER NOT NULL CHECK (total_fee > 0),
    -- 0 created, 1 paid, 4 refunded
    status       INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 4)),
    inviter_wmid TEXT REFERENCES users (wmid),
    created_at   INTEGER NOT NULL,
    paid_at      INTEGER CHECK ((status = 0) = (paid_at IS NULL))
  );
  CREATE UNIQUE INDEX live_pay_orders_one_open ON live_pay_orders (wmid, live_id) WHERE status = 0;
  `,
  },
  {
    version: 14,
    sql: `
  -- an open order's JSAPI prepay and the parameters it is paid with, per app and payer: asking to
  -- pay again within the hour reuses them (WeChat Pay keeps a prepay_id two hours) rather than
  -- asking WeChat Pay and signing anew; order_no names a lesson (LP) or a live (LV) order
  CREATE TABLE order_prepays (
    order_no   TEXT NOT NULL,
    app_id     TEXT NOT NULL,
    openid     TEXT NOT NULL,
    pay_params TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (order_no, app_id, openid)
  );
  -- when WeChat Pay was last asked whether an open order is paid (an order call opening it again)
  CREATE TABLE order_checks (
    order_no   TEXT PRIMARY KEY,
    checked_at INTEGER NOT NULL
  );
  `,
  },
]
