import type { Migration } from '../core/migrate'

/**
 * Course albums (spec 001 §3 Album: its info and its lessons in order, each with a duration in
 * seconds) and the sticker guide's users (spec 001 §3 Sticker authorization: `d` is the guide
 * link's handle; `is_bind` whether the user has authorized the official account).
 */
export const ALBUM_MIGRATIONS: readonly Migration[] = [
  {
    version: 5,
    sql: `
  CREATE TABLE albums (
    data  TEXT PRIMARY KEY,
    name  TEXT NOT NULL,
    intro TEXT NOT NULL DEFAULT '',
    pic   TEXT NOT NULL DEFAULT ''
  );

  CREATE TABLE album_lessons (
    album_data TEXT NOT NULL REFERENCES albums (data) ON DELETE CASCADE,
    position   INTEGER NOT NULL,
    lesson_id  INTEGER NOT NULL REFERENCES lessons (id),
    duration   INTEGER NOT NULL CHECK (duration >= 0),
    PRIMARY KEY (album_data, position)
  );

  CREATE TABLE sticker_users (
    d       TEXT PRIMARY KEY,
    wmid    TEXT NOT NULL REFERENCES users (wmid) ON DELETE CASCADE,
    is_bind INTEGER NOT NULL DEFAULT 0 CHECK (is_bind IN (0, 1))
  );
  `,
  },
  {
    version: 8,
    sql: `
  -- issue 31 item 7: the official account's openid the sticker guide's authorisation bound
  ALTER TABLE sticker_users ADD COLUMN openid TEXT;
  `,
  },
]
