import type { Database } from 'better-sqlite3'
import { CHATROOM_MIGRATIONS } from '../chatroom/migrations'
import { LESSON_MIGRATIONS } from '../lesson/migrations'
import { LIVE_MIGRATIONS } from '../live/migrations'
import { CORE_MIGRATIONS } from './migrations'
import { INVITE_MIGRATIONS } from '../invite/migrations'
import { LOGIN_MIGRATIONS } from '../login/migrations'
import { MONEY_MIGRATIONS } from '../money/migrations'
import { PURCHASE_MIGRATIONS } from '../purchase/migrations'
import { VIP_MIGRATIONS } from '../vip/migrations'
import { ALBUM_MIGRATIONS } from '../album/migrations'
import { TEST_ORDER_MIGRATIONS } from '../testOrder/migrations'

/**
 * One area's part of a schema version. Each area owns its tables and adds to them by appending
 * a step with the next version, never by editing one that has shipped.
 */
export interface Migration {
  version: number
  sql: string
}

/**
 * The areas in the order their parts of one version run: login first (users, whom lessons and
 * orders name), then lesson, then purchase (orders and purchases name both), then money (its
 * ledger triggers watch the orders), then the chat room, then core's shared tables (which name
 * none), then invite (its tables name users).
 */
const AREAS: ReadonlyArray<readonly Migration[]> = [
  LOGIN_MIGRATIONS,
  LESSON_MIGRATIONS,
  PURCHASE_MIGRATIONS,
  MONEY_MIGRATIONS,
  CHATROOM_MIGRATIONS,
  CORE_MIGRATIONS,
  VIP_MIGRATIONS,
  ALBUM_MIGRATIONS,
  INVITE_MIGRATIONS,
  LIVE_MIGRATIONS,
  TEST_ORDER_MIGRATIONS,
]

/**
 * Version n of the schema is every area's step n, in area order. `PRAGMA user_version` records
 * how many versions have run. A version no area has is a mistake in the steps, not a no-op.
 */
export function schemaVersions(areas: ReadonlyArray<readonly Migration[]>): string[] {
  const steps = areas.flat()
  const last = Math.max(0, ...steps.map((step) => step.version))
  return Array.from({ length: last }, (_, index) => {
    const parts = steps.filter((step) => step.version === index + 1)
    if (parts.length === 0) throw new Error(`schema version ${index + 1} has no migration`)
    return parts.map((step) => step.sql).join('\n')
  })
}

export const SCHEMA_VERSIONS: readonly string[] = schemaVersions(AREAS)

/** Runs the versions this database has not seen yet, each in its own transaction. */
export function migrate(db: Database): void {
  const applied = db.pragma('user_version', { simple: true }) as number
  SCHEMA_VERSIONS.slice(applied).forEach((sql, index) => {
    db.transaction(() => {
      db.exec(sql)
      db.pragma(`user_version = ${applied + index + 1}`)
    })()
  })
}
