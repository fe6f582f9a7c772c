import type { Migration } from './migrate'

/** Tables the areas share through core/: attempt counts (core/attempts.ts), job leases (core/lease.ts). */
export const CORE_MIGRATIONS: readonly Migration[] = [
  {
    version: 4,
    sql: `
  -- Fixed-window counts of attempts (wrong lesson passwords, SMS codes sent), one row per bucket
  -- such as 'lesson-pass:client:12:203.0.113.7'; a row whose window has ended counts as zero.
  CREATE TABLE attempt_windows (
    bucket     TEXT PRIMARY KEY,
    -- epoch ms at which the count starts again from zero
    window_end INTEGER NOT NULL,
    count      INTEGER NOT NULL CHECK (count > 0)
  );
  CREATE INDEX attempt_windows_by_end ON attempt_windows (window_end);
  `,
  },
  {
    version: 12,
    sql: `
  -- Who runs a job that one node of the deployment must run alone (core/lease.ts), until when.
  CREATE TABLE job_leases (
    name       TEXT PRIMARY KEY,
    holder     TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  );
  `,
  },
]
