import { sqliteOnly } from '../core/migrate'
import type { Migration } from '../core/migrate'

/** Lessons, their messages and apply requests, and view limits. */
export const LESSON_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `
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

  CREATE TABLE apply_requests (
    id         INTEGER PRIMARY KEY,
    -- one review request per lesson: applying again changes nothing
    lesson_id  INTEGER NOT NULL UNIQUE REFERENCES lessons (id),
    -- session user who applied, when there was one
    wmid       TEXT REFERENCES users (wmid),
    created_at INTEGER NOT NULL
  );
  `,
  },
  {
    version: 2,
    sql: `
  -- spec 001 /vipAlert: a lesson past its view limit is closed to readers until the author
  -- enables VIP; NULL means no limit, and only limited lessons count their views
  ALTER TABLE lessons ADD COLUMN view_limit INTEGER CHECK (view_limit IS NULL OR view_limit >= 0);
  ALTER TABLE lessons ADD COLUMN view_count INTEGER NOT NULL DEFAULT 0;
  `,
  },
  {
    version: 3,
    sql: `
  -- old exports' transport fields beside the payload (spec 000 §3): the content-JSON form's
  -- content string and the RC:VcMsg voice's objectName, voiceUrl and msgUID, as a JSON object
  ALTER TABLE messages ADD COLUMN wire_extra TEXT;
  `,
  },
  {
    version: 4,
    sql: (dialect) => `
  -- Paging by position instead of OFFSET, and the lesson's message count without count(*) per
  -- page: each message's place in list order (send_time, id; 1 = first) and the lesson's count,
  -- both kept by the triggers below whatever writes the messages.
  ALTER TABLE messages ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE lessons ADD COLUMN message_count INTEGER NOT NULL DEFAULT 0;
  UPDATE messages SET position = ordered.n FROM (
    SELECT id, row_number() OVER (PARTITION BY lesson_id ORDER BY send_time, id) AS n FROM messages
  ) AS ordered WHERE ordered.id = messages.id;
  UPDATE lessons SET message_count = (SELECT count(*) FROM messages WHERE lesson_id = lessons.id);
  -- not UNIQUE: the triggers shift positions one row at a time
  CREATE INDEX messages_by_position ON messages (lesson_id, position);

${sqliteOnly(`
  CREATE TRIGGER messages_position_insert AFTER INSERT ON messages BEGIN
    UPDATE messages SET position = position + 1
      WHERE lesson_id = NEW.lesson_id AND (send_time, id) > (NEW.send_time, NEW.id);
    -- one after the message before it, whose place the shift above did not touch
    UPDATE messages SET position = 1 + coalesce((
      SELECT position FROM messages
      WHERE lesson_id = NEW.lesson_id AND (send_time, id) < (NEW.send_time, NEW.id)
      ORDER BY send_time DESC, id DESC LIMIT 1), 0)
      WHERE id = NEW.id;
    UPDATE lessons SET message_count = message_count + 1 WHERE id = NEW.lesson_id;
  END;

  CREATE TRIGGER messages_position_delete AFTER DELETE ON messages BEGIN
    UPDATE messages SET position = position - 1 WHERE lesson_id = OLD.lesson_id AND position > OLD.position;
    UPDATE lessons SET message_count = message_count - 1 WHERE id = OLD.lesson_id;
  END;

  -- a message that moves (another time or lesson) renumbers the lessons it left and joined
  CREATE TRIGGER messages_position_move AFTER UPDATE OF lesson_id, send_time, id ON messages BEGIN
    UPDATE messages SET position = ordered.n FROM (
      SELECT id, row_number() OVER (PARTITION BY lesson_id ORDER BY send_time, id) AS n FROM messages
      WHERE lesson_id IN (OLD.lesson_id, NEW.lesson_id)
    ) AS ordered WHERE ordered.id = messages.id;
    UPDATE lessons SET message_count = (SELECT count(*) FROM messages WHERE lesson_id = lessons.id)
      WHERE id IN (OLD.lesson_id, NEW.lesson_id);
  END;
`)(dialect)}
  `,
  },
  {
    version: 5,
    sql: (dialect) => `
  -- The lesson's content version, which each worker's cache of list pages is keyed by
  -- (server/lesson/pageCache.ts): the database bumps it on every write that can change a page
  -- of the lesson's message list, whichever connection writes, in the writing transaction.
  -- position is left out: the triggers that renumber positions run on insert, delete and moves,
  -- which bump the version themselves.
  ALTER TABLE lessons ADD COLUMN content_version INTEGER NOT NULL DEFAULT 0;
  -- a sender's new name or face reaches the lessons they wrote in through this index
  CREATE INDEX messages_by_sender ON messages (sender);

${sqliteOnly(`
  CREATE TRIGGER messages_version_insert AFTER INSERT ON messages BEGIN
    UPDATE lessons SET content_version = content_version + 1 WHERE id = NEW.lesson_id;
  END;

  CREATE TRIGGER messages_version_delete AFTER DELETE ON messages BEGIN
    UPDATE lessons SET content_version = content_version + 1 WHERE id = OLD.lesson_id;
  END;

  CREATE TRIGGER messages_version_update
  AFTER UPDATE OF id, lesson_id, msg_id, msg_type, send_time, sender, obj, resource_url, wire_extra ON messages BEGIN
    UPDATE lessons SET content_version = content_version + 1 WHERE id IN (OLD.lesson_id, NEW.lesson_id);
  END;

  CREATE TRIGGER users_version_update AFTER UPDATE OF wmid, nickname, face_icon ON users BEGIN
    UPDATE lessons SET content_version = content_version + 1
      WHERE id IN (SELECT lesson_id FROM messages WHERE sender IN (OLD.wmid, NEW.wmid));
  END;
`)(dialect)}

  -- Who may read a lesson through the admin and complaint viewers besides its author (spec 000
  -- §6): an admin's token reads every lesson (lesson_id NULL), a complainant's only the lesson
  -- complained about. A token is good only with its userid and before expires_at (NULL: no end).
  CREATE TABLE review_grants (
    token TEXT PRIMARY KEY,
    userid TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('admin', 'complainant')),
    lesson_id INTEGER REFERENCES lessons (id),
    expires_at INTEGER,
    CHECK ((role = 'admin') = (lesson_id IS NULL))
  );
  `,
  },
  {
    version: 6,
    // the triggers' work is done by the writing transactions now (data.ts `refreshLessons`,
    // `senderChanged`): one way for both engines
    sql: sqliteOnly(`
  DROP TRIGGER IF EXISTS messages_position_insert;
  DROP TRIGGER IF EXISTS messages_position_delete;
  DROP TRIGGER IF EXISTS messages_position_move;
  DROP TRIGGER IF EXISTS messages_version_insert;
  DROP TRIGGER IF EXISTS messages_version_delete;
  DROP TRIGGER IF EXISTS messages_version_update;
  DROP TRIGGER IF EXISTS users_version_update;
  `),
  },
]
