import { sqliteOnly, type Migration } from '../core/migrate'

/**
 * The local chat room (stands in for NetEase IM's chatroom when no appKey is configured): rooms,
 * their members with type and mute state, and every message, so a restart loses nothing.
 * Its first step is schema version 4: databases already at version 3 gain the tables.
 *
 * A message's id is never reused, not even the last one's after a delete: SQLite's AUTOINCREMENT,
 * what PostgreSQL's identity column (core/migrate.ts `renderDdl`) does without the word.
 */
export const CHATROOM_MIGRATIONS: readonly Migration[] = [
  {
    version: 4,
    sql: (dialect) => `
  CREATE TABLE chatrooms (
    id           TEXT PRIMARY KEY,
    name         TEXT NOT NULL,
    announcement TEXT NOT NULL DEFAULT '',
    creator      TEXT NOT NULL,
    mute         INTEGER NOT NULL DEFAULT 0 CHECK (mute IN (0, 1)),
    create_time  INTEGER NOT NULL,
    update_time  INTEGER NOT NULL
  );

  CREATE TABLE chatroom_members (
    chatroom_id     TEXT NOT NULL REFERENCES chatrooms (id) ON DELETE CASCADE,
    account         TEXT NOT NULL,
    type            TEXT NOT NULL CHECK (type IN ('owner', 'manager', 'common', 'guest', 'anonymous', 'restricted')),
    level           INTEGER NOT NULL DEFAULT 0,
    nick            TEXT NOT NULL,
    avatar          TEXT NOT NULL DEFAULT '',
    blacked         INTEGER NOT NULL DEFAULT 0 CHECK (blacked IN (0, 1)),
    gaged           INTEGER NOT NULL DEFAULT 0 CHECK (gaged IN (0, 1)),
    -- epoch ms; 0 when not temporarily muted
    temp_mute_until INTEGER NOT NULL DEFAULT 0,
    enter_time      INTEGER NOT NULL DEFAULT 0,
    update_time     INTEGER NOT NULL,
    PRIMARY KEY (chatroom_id, account)
  );

  CREATE TABLE chatroom_messages (
    id_server   INTEGER PRIMARY KEY${sqliteOnly(' AUTOINCREMENT')(dialect)},
    chatroom_id TEXT NOT NULL REFERENCES chatrooms (id) ON DELETE CASCADE,
    id_client   TEXT NOT NULL,
    from_account TEXT NOT NULL,
    from_nick   TEXT NOT NULL,
    from_avatar TEXT NOT NULL DEFAULT '',
    type        INTEGER NOT NULL,
    body        TEXT NOT NULL,
    time        INTEGER NOT NULL,
    -- a resent message (same sender, same client id) is stored and broadcast once
    UNIQUE (chatroom_id, from_account, id_client)
  );
  CREATE INDEX chatroom_messages_by_time ON chatroom_messages (chatroom_id, time, id_server);
  `,
  },
]
