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
