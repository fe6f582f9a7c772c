import type { Migration } from '../core/migrate'

/**
 * Resume on any device (issue 35 item 4): each logged-in listener's place in each lesson, one row
 * per user and lesson. `client_at` is the saving device's clock (never later than the server's by
 * more than the skew, src/domain/resume.ts `stampOf`): a save replaces the row only when it is
 * newer, so a late request from one phone never moves the place back behind another's.
 */
export const RESUME_MIGRATIONS: readonly Migration[] = [
  {
    version: 12,
    sql: `
  CREATE TABLE resume_places (
    wmid      TEXT NOT NULL REFERENCES users (wmid) ON DELETE CASCADE,
    lesson_id INTEGER NOT NULL REFERENCES lessons (id) ON DELETE CASCADE,
    msg_id    TEXT NOT NULL,
    position  INTEGER NOT NULL CHECK (position >= 0),
    client_at INTEGER NOT NULL,
    device_id TEXT NOT NULL,
    device    TEXT NOT NULL,
    saved_at  INTEGER NOT NULL,
    PRIMARY KEY (wmid, lesson_id)
  );
  CREATE INDEX resume_places_newest ON resume_places (wmid, client_at);
  `,
  },
]
