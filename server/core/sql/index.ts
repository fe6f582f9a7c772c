import { openPostgres } from './postgres'
import { openSqlite } from './sqlite'
import type { Db } from './types'

export type { Db, Dialect, Queryable, SqlValue, TransactionWork } from './types'
export { DatabaseUnavailable, isDatabaseUnavailable, isUniqueViolation } from './types'
export { IN_MEMORY } from './sqlite'

/** Whether `location` names a PostgreSQL database (a `postgres://` or `postgresql://` URL). */
export const isPostgresUrl = (location: string): boolean => /^postgres(ql)?:\/\//i.test(location)

/** Opens the database at `location`: a PostgreSQL URL, else a SQLite file (or `:memory:`). */
export function openDb(location: string): Db {
  return isPostgresUrl(location) ? openPostgres(location) : openSqlite(location)
}
