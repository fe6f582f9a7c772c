import type { Migration } from '../core/migrate'

/** What the content area keeps: which lesson each export made, the authors' API keys, the nonces seen. */
export const CONTENT_MIGRATIONS: readonly Migration[] = [
  {
    version: 9,
    sql: `
  -- an export imported again (same author, same exportId) updates the lesson it made
  CREATE TABLE content_imports (
    author      TEXT NOT NULL REFERENCES users (wmid),
    export_id   TEXT NOT NULL,
    lesson_id   INTEGER NOT NULL UNIQUE REFERENCES lessons (id) ON DELETE CASCADE,
    imported_at INTEGER NOT NULL,
    PRIMARY KEY (author, export_id)
  );

  -- An author's key for the authoring API: the chat app signs each request with the private
  -- half, which only the author holds; the server keeps the public half (a leaked database
  -- signs nothing). An operator issues and revokes keys (npm run author-token).
  CREATE TABLE author_keys (
    key_id     TEXT PRIMARY KEY,
    wmid       TEXT NOT NULL REFERENCES users (wmid),
    public_key TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    revoked_at INTEGER
  );

  -- each signed request's nonce, while its timestamp is inside the accepted window: a request
  -- sent again is refused by whichever worker or machine receives it
  CREATE TABLE request_nonces (
    key_id     TEXT NOT NULL,
    nonce      TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (key_id, nonce)
  );
  CREATE INDEX request_nonces_by_expiry ON request_nonces (expires_at);
  `,
  },
  {
    version: 10,
    sql: `
  -- which author made an album through the content area (the albums table has no owner): only
  -- they may change it, and the same author's albumId again updates the same album
  CREATE TABLE content_albums (
    author     TEXT NOT NULL REFERENCES users (wmid),
    album_id   TEXT NOT NULL,
    album_data TEXT NOT NULL UNIQUE REFERENCES albums (data) ON DELETE CASCADE,
    PRIMARY KEY (author, album_id)
  );

  -- which host made a live through the content area; the same liveId again updates it
  CREATE TABLE content_lives (
    author      TEXT NOT NULL REFERENCES users (wmid),
    live_id     TEXT NOT NULL,
    course_data TEXT NOT NULL UNIQUE REFERENCES live_shows (course_data) ON DELETE CASCADE,
    PRIMARY KEY (author, live_id)
  );
  `,
  },
]
