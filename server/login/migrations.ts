import type { Migration } from '../core/migrate'

/** Users, their sessions and login credentials, and SMS codes. */
export const LOGIN_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `
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
  `,
  },
  {
    version: 2,
    sql: `
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

  CREATE TABLE sms_codes (
    phone      TEXT NOT NULL,
    inter_code TEXT NOT NULL,
    code       TEXT NOT NULL,
    sent_at    INTEGER NOT NULL,
    -- wrong codes tried against this one
    attempts   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (phone, inter_code)
  );
  `,
  },
  {
    version: 7,
    sql: `
  -- The chat room's credential for a chat-app user (the imToken of a live's watchData): good only
  -- for entering the chat room, never as a session of the other calls; a user has one that lives
  -- a week and is handed out again while it has a day left.
  CREATE TABLE chat_tokens (
    token      TEXT PRIMARY KEY,
    wmid       TEXT NOT NULL REFERENCES users (wmid) ON DELETE CASCADE,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX chat_tokens_by_user ON chat_tokens (wmid, expires_at);
  `,
  },
  {
    version: 8,
    sql: `
  -- issue 31: who a WeChat account is. One row per app (the official account, the mini-program)
  -- and openid; the unionid, when WeChat gives one, is the same person in both apps, so a login
  -- through either finds the same user.
  CREATE TABLE wechat_accounts (
    app_id      TEXT NOT NULL,
    openid      TEXT NOT NULL,
    unionid     TEXT,
    wmid        TEXT NOT NULL REFERENCES users (wmid) ON DELETE CASCADE,
    -- the mini-program's session_key (jscode2session): it never leaves the server
    session_key TEXT,
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (app_id, openid)
  );
  CREATE INDEX wechat_accounts_by_unionid ON wechat_accounts (unionid, created_at) WHERE unionid IS NOT NULL;
  CREATE INDEX wechat_accounts_by_user ON wechat_accounts (wmid);

  -- A web authorisation under way: its state (what WeChat hands back), the browser that started
  -- it (SHA-256 of its cookie), what it is for and where it returns. Taken once.
  CREATE TABLE oauth_states (
    state       TEXT PRIMARY KEY,
    browser     TEXT NOT NULL,
    purpose     TEXT NOT NULL CHECK (purpose IN ('login', 'sticker')),
    login_type  INTEGER,
    course_data TEXT,
    return_url  TEXT NOT NULL,
    sticker     TEXT,
    expires_at  INTEGER NOT NULL
  );
  CREATE INDEX oauth_states_by_expiry ON oauth_states (expires_at);

  -- The codes WeChat gave that this server has used (SHA-256): a code logs in once, however
  -- often and however concurrently it arrives. Kept past the five minutes a code lives.
  CREATE TABLE wechat_codes (
    app_id    TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    used_at   INTEGER NOT NULL,
    PRIMARY KEY (app_id, code_hash)
  );
  CREATE INDEX wechat_codes_by_time ON wechat_codes (used_at);
  `,
  },
]
