import type { Migration } from '../../core/migrate'

/**
 * The users' NetEase IM tokens (accounts.ts); a user's accid is their wmid. Version 11: the
 * stand-in's (standin.ts) chat rooms as the host's tools left them, and every such call it was
 * told, in the database so that every worker answers alike and tests can read what was asked.
 */
export const NIM_MIGRATIONS: readonly Migration[] = [
  {
    version: 8,
    sql: `
  CREATE TABLE nim_accounts (
    wmid        TEXT PRIMARY KEY REFERENCES users (wmid) ON DELETE CASCADE,
    token       TEXT NOT NULL,
    create_time INTEGER NOT NULL
  );
  `,
  },
  {
    version: 11,
    sql: `
  CREATE TABLE standin_nim_rooms (
    roomid       TEXT PRIMARY KEY,
    announcement TEXT NOT NULL DEFAULT '',
    muted        INTEGER NOT NULL DEFAULT 0,
    valid        INTEGER NOT NULL DEFAULT 1
  );
  CREATE TABLE standin_nim_calls (
    id         INTEGER PRIMARY KEY,
    path       TEXT NOT NULL,
    -- the form's fields as JSON
    form       TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  `,
  },
]
