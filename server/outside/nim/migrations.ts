import type { Migration } from '../../core/migrate'

/** The users' NetEase IM tokens (accounts.ts); a user's accid is their wmid. */
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
]
