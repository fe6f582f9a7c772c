import type { Migration } from '../core/migrate'

/**
 * Invitations (spec 000 §2, §7; spec 001 §2, §7): QR-code invites and the requests made on them,
 * invite passwords, the groups they lead to, watermark-camera accounts and paid group orders.
 */
export const INVITE_MIGRATIONS: readonly Migration[] = [
  {
    version: 5,
    sql: `
  CREATE TABLE invite_groups (
    gid          TEXT PRIMARY KEY,
    owner_wmid   TEXT NOT NULL REFERENCES users (wmid),
    name         TEXT NOT NULL,
    head_img     TEXT NOT NULL DEFAULT '',
    introduction TEXT NOT NULL DEFAULT '',
    condition    TEXT NOT NULL DEFAULT '',
    -- fen; 0 is a free group
    fee          INTEGER NOT NULL DEFAULT 0 CHECK (fee >= 0)
  );

  -- An invite password (spec 001 §5: the text between two yen markers) of one inviter, for a
  -- friend invite (gid NULL) or one of their groups; each invitee gets their own.
  CREATE TABLE invite_passwords (
    password     TEXT PRIMARY KEY,
    inviter_wmid TEXT NOT NULL REFERENCES users (wmid),
    gid          TEXT REFERENCES invite_groups (gid),
    created_at   INTEGER NOT NULL
  );
  CREATE INDEX invite_passwords_by_inviter ON invite_passwords (inviter_wmid, gid);

  -- A QR-code invite: the handle ('data') the welcome pages carry, one invitation of one person.
  CREATE TABLE qr_invites (
    data         TEXT PRIMARY KEY,
    inviter_wmid TEXT NOT NULL REFERENCES users (wmid),
    gid          TEXT REFERENCES invite_groups (gid)
  );

  -- before invite_requests, which names it: PostgreSQL checks a reference when the table is made
  CREATE TABLE watermark_accounts (
    wsid       TEXT PRIMARY KEY,
    phone      TEXT,
    inter_code TEXT,
    -- VIP quota credited by an invitation, deducted when the VIP is opened (spec 000 §2)
    vip_quota  INTEGER NOT NULL DEFAULT 0 CHECK (vip_quota >= 0),
    bound_at   INTEGER,
    CHECK ((phone IS NULL) = (bound_at IS NULL))
  );

  -- The friend or join request made on a QR-code invite: at most one, whatever the repeats.
  CREATE TABLE invite_requests (
    data       TEXT PRIMARY KEY REFERENCES qr_invites (data),
    message    TEXT,
    -- the watermark-camera account bound with the request, when it came through the bind dialog
    wsid       TEXT REFERENCES watermark_accounts (wsid),
    created_at INTEGER NOT NULL
  );

  -- A paid group's order: one per invite password; paid (status 1) is joined.
  CREATE TABLE group_orders (
    order_no   TEXT PRIMARY KEY,
    password   TEXT NOT NULL UNIQUE REFERENCES invite_passwords (password),
    gid        TEXT NOT NULL REFERENCES invite_groups (gid),
    total_fee  INTEGER NOT NULL CHECK (total_fee > 0),
    status     INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
    created_at INTEGER NOT NULL,
    paid_at    INTEGER CHECK ((status = 0) = (paid_at IS NULL))
  );
  `,
  },
]
