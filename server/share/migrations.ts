import type { Migration } from '../core/migrate'

/**
 * The WeChat official account's stable access token and JS-SDK ticket, one row per AppID,
 * shared by every worker and machine (server/outside/wechatToken/tickets.ts). Times are epoch
 * ms; `refreshing_until` is the refresh lease: while it is in the future, one worker is
 * fetching new ones (or the last try failed and the next waits until then).
 */
export const SHARE_MIGRATIONS: readonly Migration[] = [
  {
    version: 9,
    sql: `
  CREATE TABLE wechat_jsapi (
    app_id            TEXT PRIMARY KEY,
    access_token      TEXT NOT NULL DEFAULT '',
    token_expires_at  INTEGER NOT NULL DEFAULT 0,
    ticket            TEXT NOT NULL DEFAULT '',
    ticket_expires_at INTEGER NOT NULL DEFAULT 0,
    refreshing_until  INTEGER NOT NULL DEFAULT 0
  );
  `,
  },
]
