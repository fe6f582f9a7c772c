import type Database from 'better-sqlite3'

/**
 * The synchronous SQLite connection the areas used before `Db` (server/core/sql), for the areas
 * not yet converted; this file goes with the last of them.
 */
export type Db = Database.Database
