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
  {
    // issue 29, items 2, 3 and 5: the spec's room and member fields, a closed room, the sender's type
    // on each message (the badge), the client keys the room issued and which accounts entered from
    // which client (a guest bound to its client; mutes and blacklists hold for all of a client's accounts)
    version: 8,
    sql: `
  ALTER TABLE chatrooms ADD COLUMN broadcast_url TEXT NOT NULL DEFAULT '';
  ALTER TABLE chatrooms ADD COLUMN custom TEXT NOT NULL DEFAULT '';
  ALTER TABLE chatrooms ADD COLUMN queuelevel INTEGER NOT NULL DEFAULT 0 CHECK (queuelevel IN (0, 1));
  ALTER TABLE chatrooms ADD COLUMN closed INTEGER NOT NULL DEFAULT 0 CHECK (closed IN (0, 1));
  ALTER TABLE chatroom_members ADD COLUMN custom TEXT NOT NULL DEFAULT '';
  ALTER TABLE chatroom_messages ADD COLUMN from_type TEXT NOT NULL DEFAULT 'common';
  UPDATE chatroom_messages SET from_type = coalesce((SELECT m.type FROM chatroom_members m
    WHERE m.chatroom_id = chatroom_messages.chatroom_id AND m.account = chatroom_messages.from_account), 'common');

  -- the SHA-256 (hex) of each client key the room issued; the key itself is only the client's
  CREATE TABLE chatroom_clients (
    key_hash    TEXT PRIMARY KEY,
    create_time INTEGER NOT NULL
  );

  CREATE TABLE chatroom_member_clients (
    chatroom_id TEXT NOT NULL REFERENCES chatrooms (id) ON DELETE CASCADE,
    client_hash TEXT NOT NULL REFERENCES chatroom_clients (key_hash),
    account     TEXT NOT NULL,
    PRIMARY KEY (chatroom_id, client_hash, account)
  );
  CREATE INDEX chatroom_member_clients_by_account ON chatroom_member_clients (chatroom_id, account);
  `,
  },
  {
    // files, images and audio sent to a room (uploads.ts): what each upload declared, how far it came, where it is stored
    version: 12,
    sql: `
  CREATE TABLE chat_uploads (
    upload_id   TEXT PRIMARY KEY,
    -- the SHA-256 (hex) of the upload's token; the token itself is only the uploader's
    token_hash  TEXT NOT NULL,
    account     TEXT NOT NULL,
    chatroom_id TEXT NOT NULL REFERENCES chatrooms (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (kind IN ('image', 'audio', 'file')),
    name        TEXT NOT NULL,
    ext         TEXT NOT NULL,
    size        INTEGER NOT NULL CHECK (size > 0),
    -- bytes taken so far: the next chunk's offset
    received    INTEGER NOT NULL DEFAULT 0 CHECK (received >= 0 AND received <= size),
    -- the stored file's URL once the last chunk came and the bytes were what the name says
    url         TEXT,
    width       INTEGER NOT NULL DEFAULT 0,
    height      INTEGER NOT NULL DEFAULT 0,
    created_at  INTEGER NOT NULL
  );
  CREATE INDEX chat_uploads_by_url ON chat_uploads (url);
  CREATE INDEX chat_uploads_by_time ON chat_uploads (created_at);
  `,
  },
  {
    // a NetEase room's message of the upload (uploads.ts sendNetEase): the client's id it went with, once
    version: 15,
    sql: `
  ALTER TABLE chat_uploads ADD COLUMN nim_msg_id TEXT;
  `,
  },
]
