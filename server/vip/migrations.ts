import type { Migration } from '../core/migrate'

/**
 * The 'team migration reward' campaign (spec 000 §9, spec 001 §9). `vip_links` are the campaign
 * links' handles (the `{data}` of /vipExchange/{data}): one account and the group the link is
 * about. One exchange per account (`vip_exchanges.wmid`) and per group (`group_id` UNIQUE); the
 * quota and member count are fixed in the exchange row, so later member changes do not count.
 * A slot goes to one friend once (`friend_wmid` set only from NULL), and one owner gives a friend
 * at most one slot (UNIQUE owner, friend). `vip_members` holds each user's VIP end.
 */
export const VIP_MIGRATIONS: readonly Migration[] = [
  {
    version: 5,
    sql: `
  CREATE TABLE vip_groups (
    group_id     TEXT PRIMARY KEY,
    name         TEXT NOT NULL,
    owner_wmid   TEXT NOT NULL REFERENCES users (wmid),
    member_count INTEGER NOT NULL CHECK (member_count >= 0)
  );

  CREATE TABLE vip_links (
    data     TEXT PRIMARY KEY,
    wmid     TEXT NOT NULL REFERENCES users (wmid) ON DELETE CASCADE,
    group_id TEXT NOT NULL REFERENCES vip_groups (group_id)
  );

  CREATE TABLE vip_exchanges (
    wmid         TEXT PRIMARY KEY REFERENCES users (wmid),
    group_id     TEXT NOT NULL UNIQUE REFERENCES vip_groups (group_id),
    member_count INTEGER NOT NULL,
    quota        INTEGER NOT NULL CHECK (quota BETWEEN 1 AND 50),
    exchanged_at INTEGER NOT NULL
  );

  CREATE TABLE vip_slots (
    owner_wmid  TEXT NOT NULL REFERENCES vip_exchanges (wmid),
    number      INTEGER NOT NULL CHECK (number BETWEEN 1 AND 50),
    friend_wmid TEXT REFERENCES users (wmid),
    redeemed_at INTEGER,
    PRIMARY KEY (owner_wmid, number),
    UNIQUE (owner_wmid, friend_wmid)
  );

  CREATE TABLE vip_members (
    wmid      TEXT PRIMARY KEY REFERENCES users (wmid),
    vip_until INTEGER NOT NULL
  );
  `,
  },
  {
    version: 13,
    sql: `
  -- the campaign's rules (src/domain/vip.ts readVipCampaignRules): its days every year, China time,
  -- and its quota table, as the operator last set them (npm run lesson -- vip-campaign); one row,
  -- the spec's rules until then
  CREATE TABLE vip_campaign (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    rules      TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );
  INSERT INTO vip_campaign (id, rules, updated_at) VALUES (1, '{"start":"04-02","end":"04-30","table":[{"members":50,"comparison":"over","quota":1},{"members":100,"comparison":"over","quota":3},{"members":200,"comparison":"over","quota":5},{"members":500,"comparison":"over","quota":10},{"members":1000,"comparison":"over","quota":20},{"members":2000,"comparison":"atLeast","quota":50}]}', 0);
  `,
  },
]
