import { sqliteOnly, type Migration } from '../core/migrate'

/**
 * Lives as a viewer sees them (spec 001 §3 live info): the host, the stream's state, the replay
 * and its password, the app-only flag and the chat room. A paid live names its sale item in the
 * money area's `lives` (fee and orders live there); a free one names none. Also subscriptions to
 * hosts, the official-account openids the subscription page is opened with, the admins of a live
 * and the short-lived tokens that open a stream's playlist.
 *
 * Subscriptions are kept in their primary key's order: SQLite's WITHOUT ROWID, a storage choice
 * PostgreSQL has no word for (its primary key index serves the same reads).
 */
export const LIVE_MIGRATIONS: readonly Migration[] = [
  {
    version: 5,
    sql: (dialect) => `
  CREATE TABLE live_shows (
    id              INTEGER PRIMARY KEY,
    course_data     TEXT NOT NULL UNIQUE,
    wmid            TEXT NOT NULL REFERENCES users (wmid),
    title           TEXT NOT NULL,
    face_icon       TEXT NOT NULL DEFAULT '',
    -- the paid live's sale item (fee, orders); NULL when free
    sale_live_id    INTEGER UNIQUE REFERENCES lives (id),
    group_id        TEXT NOT NULL UNIQUE,
    chatroom_id     TEXT NOT NULL REFERENCES chatrooms (id),
    -- 0 video, 1 audio only
    media_type      INTEGER NOT NULL DEFAULT 0 CHECK (media_type IN (0, 1)),
    -- 0 not started, 1 live, 2 ended
    status          INTEGER NOT NULL CHECK (status IN (0, 1, 2)),
    begin_time      INTEGER NOT NULL,
    duration_s      INTEGER NOT NULL DEFAULT 0 CHECK (duration_s >= 0),
    watch_count     INTEGER NOT NULL DEFAULT 0 CHECK (watch_count >= 0),
    app_only        INTEGER NOT NULL DEFAULT 0 CHECK (app_only IN (0, 1)),
    has_replay      INTEGER NOT NULL DEFAULT 0 CHECK (has_replay IN (0, 1)),
    -- NULL: the replay is open
    replay_password TEXT CHECK (replay_password IS NULL OR length(replay_password) >= 4)
  );

  CREATE TABLE live_admins (
    live_id INTEGER NOT NULL REFERENCES live_shows (id),
    wmid    TEXT NOT NULL REFERENCES users (wmid),
    PRIMARY KEY (live_id, wmid)
  );

  CREATE TABLE live_subscriptions (
    subscriber TEXT NOT NULL REFERENCES users (wmid),
    host       TEXT NOT NULL REFERENCES users (wmid),
    created_at INTEGER NOT NULL,
    PRIMARY KEY (subscriber, host)
  )${sqliteOnly(' WITHOUT ROWID')(dialect)};
  CREATE INDEX live_subscriptions_by_time ON live_subscriptions (subscriber, created_at, host);

  CREATE TABLE live_openids (
    openid TEXT PRIMARY KEY,
    wmid   TEXT NOT NULL UNIQUE REFERENCES users (wmid)
  );

  CREATE TABLE live_play_tokens (
    token      TEXT PRIMARY KEY,
    live_id    INTEGER NOT NULL REFERENCES live_shows (id),
    -- 'live' the sliding window, 'replay' the whole recording
    kind       TEXT NOT NULL CHECK (kind IN ('live', 'replay')),
    expires_at INTEGER NOT NULL
  );
  `,
  },
  {
    version: 13,
    sql: `
  -- the stream's name at the stream origin (LIVE_STREAM_ORIGIN, server/live/streamUrls.ts): what the
  -- host pushes to and what a signed play address names; NULL: the live's course_data
  ALTER TABLE live_shows ADD COLUMN stream_name TEXT;
  CREATE UNIQUE INDEX live_shows_stream_name ON live_shows (stream_name);
  `,
  },
]
