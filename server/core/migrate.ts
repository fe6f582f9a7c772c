import type { Database } from 'better-sqlite3'

/**
 * The schema as numbered migrations. `PRAGMA user_version` records how many have run, so a
 * later area (orders, SMS codes, live) adds its tables by appending a migration, never by
 * editing one that has shipped.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE users (
    wmid            TEXT PRIMARY KEY,
    nickname        TEXT NOT NULL,
    face_icon       TEXT NOT NULL DEFAULT '',
    phone           TEXT,
    is_product_user INTEGER NOT NULL DEFAULT 0 CHECK (is_product_user IN (0, 1))
  );

  CREATE TABLE sessions (
    token      TEXT PRIMARY KEY,
    wmid       TEXT NOT NULL REFERENCES users (wmid) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    -- epoch ms; NULL never expires
    expires_at INTEGER
  );
  CREATE INDEX sessions_by_user ON sessions (wmid);

  CREATE TABLE lessons (
    id                      INTEGER PRIMARY KEY,
    -- v2 handle carried by links and every v2 call
    course_data             TEXT NOT NULL UNIQUE,
    -- handle of old links (/wmim/course/query/info.do, query param data)
    legacy_data             TEXT UNIQUE,
    wmid                    TEXT NOT NULL REFERENCES users (wmid),
    course_name             TEXT NOT NULL,
    course_pic              TEXT NOT NULL DEFAULT '',
    share_url               TEXT NOT NULL DEFAULT '',
    login_url               TEXT NOT NULL DEFAULT '',
    illegal                 INTEGER NOT NULL DEFAULT 0 CHECK (illegal IN (0, 1)),
    mark_id                 INTEGER NOT NULL DEFAULT 0,
    apply_type              INTEGER NOT NULL DEFAULT 0 CHECK (apply_type IN (0, 1, 2)),
    privacy_status          INTEGER NOT NULL DEFAULT 1 CHECK (privacy_status IN (1, 2, 3)),
    course_pass             TEXT CHECK (privacy_status <> 2 OR course_pass IS NOT NULL),
    fee                     INTEGER NOT NULL DEFAULT 0 CHECK (fee >= 0),
    is_checked_free_count   INTEGER NOT NULL DEFAULT 0 CHECK (is_checked_free_count IN (0, 1)),
    free_count              INTEGER NOT NULL DEFAULT 0 CHECK (free_count >= 0),
    is_checked_share_recash INTEGER NOT NULL DEFAULT 0 CHECK (is_checked_share_recash IN (0, 1)),
    share_recash            INTEGER NOT NULL DEFAULT 0 CHECK (share_recash >= 0),
    create_timestamp        INTEGER NOT NULL
  );

  CREATE TABLE messages (
    id           INTEGER PRIMARY KEY,
    lesson_id    INTEGER NOT NULL REFERENCES lessons (id) ON DELETE CASCADE,
    msg_id       TEXT NOT NULL,
    msg_type     INTEGER NOT NULL,
    send_time    INTEGER NOT NULL,
    sender       TEXT NOT NULL REFERENCES users (wmid),
    -- payload exactly as the wire sends it (usually a JSON string)
    obj          TEXT,
    resource_url TEXT,
    UNIQUE (lesson_id, msg_id)
  );
  CREATE INDEX messages_in_order ON messages (lesson_id, send_time, id);

  CREATE TABLE purchases (
    id         INTEGER PRIMARY KEY,
    wmid       TEXT NOT NULL REFERENCES users (wmid),
    lesson_id  INTEGER NOT NULL REFERENCES lessons (id),
    created_at INTEGER NOT NULL,
    UNIQUE (wmid, lesson_id)
  );

  CREATE TABLE apply_requests (
    id         INTEGER PRIMARY KEY,
    -- one review request per lesson: applying again changes nothing
    lesson_id  INTEGER NOT NULL UNIQUE REFERENCES lessons (id),
    -- session user who applied, when there was one
    wmid       TEXT REFERENCES users (wmid),
    created_at INTEGER NOT NULL
  );
  `,
  `
  -- The WeChat login round trip (and the mini-program login) leaves an opaque credential, the
  -- loginData of spec 001 §3, that the order and bind calls carry instead of session headers.
  CREATE TABLE login_credentials (
    login_data TEXT PRIMARY KEY,
    wmid       TEXT NOT NULL REFERENCES users (wmid) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    -- epoch ms; NULL never expires
    expires_at INTEGER
  );

  -- the country code of a bound phone (spec 000 §3: phone and interCode)
  ALTER TABLE users ADD COLUMN inter_code TEXT;
  UPDATE users SET inter_code = '86' WHERE phone IS NOT NULL;
  CREATE UNIQUE INDEX users_by_phone ON users (inter_code, phone) WHERE phone IS NOT NULL;

  ALTER TABLE sessions ADD COLUMN encrypt_key TEXT NOT NULL DEFAULT '';

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

  CREATE TABLE sms_codes (
    phone      TEXT NOT NULL,
    inter_code TEXT NOT NULL,
    code       TEXT NOT NULL,
    sent_at    INTEGER NOT NULL,
    -- wrong codes tried against this one
    attempts   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (phone, inter_code)
  );

  -- spec 001 /vipAlert: a lesson past its view limit is closed to readers until the author
  -- enables VIP; NULL means no limit, and only limited lessons count their views
  ALTER TABLE lessons ADD COLUMN view_limit INTEGER CHECK (view_limit IS NULL OR view_limit >= 0);
  ALTER TABLE lessons ADD COLUMN view_count INTEGER NOT NULL DEFAULT 0;
  `,
  `
  -- old exports' transport fields beside the payload (spec 000 §3): the content-JSON form's
  -- content string and the RC:VcMsg voice's objectName, voiceUrl and msgUID, as a JSON object
  ALTER TABLE messages ADD COLUMN wire_extra TEXT;
  `,
]

/** Runs the migrations this database has not seen yet, each in its own transaction. */
export function migrate(db: Database): void {
  const applied = db.pragma('user_version', { simple: true }) as number
  MIGRATIONS.slice(applied).forEach((sql, index) => {
    db.transaction(() => {
      db.exec(sql)
      db.pragma(`user_version = ${applied + index + 1}`)
    })()
  })
}
