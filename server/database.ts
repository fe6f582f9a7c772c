import { AREAS, AREA_MIGRATIONS } from './areas'
import { migrate } from './core/migrate'
import { openDb, type Db, type Queryable } from './core/sql'

export interface DatabaseOptions {
  /** fill an empty database with the demo data (demo mode); default true */
  seedDemo?: boolean
  /** production mode on a database once seeded for the demo: remove what the demo published */
  removeDemo?: boolean
}

/**
 * Opens the database at `location` (a PostgreSQL URL, or a SQLite file or `:memory:`), brings its
 * schema up to date and, with `seedDemo`, fills an empty one with every area's demo data. Both
 * run alone (`Db.alone`): the workers of every machine may start at once.
 */
export async function openAppDatabase(location: string, { seedDemo = true, removeDemo = false }: DatabaseOptions = {}): Promise<Db> {
  const db = openDb(location)
  try {
    await migrate(db, AREA_MIGRATIONS)
    if (seedDemo) await seedEmpty(db)
    if (removeDemo) for (const area of AREAS) await area.removeDemo?.(db)
    return db
  } catch (error) {
    await db.close()
    throw error
  }
}

/** Every area's demo data, in area order, in one transaction, when the database has no lesson. */
async function seedEmpty(db: Db): Promise<void> {
  await db.alone(async (tx) => {
    const row = await tx.one<{ lessons: number }>('SELECT count(*) AS "lessons" FROM lessons')
    if ((row?.lessons ?? 0) > 0) return
    for (const area of AREAS) await area.seed?.(tx)
    if (tx.dialect === 'postgres') await restartIdentities(tx)
  })
}

/**
 * PostgreSQL: the seeds name their rows' ids, which an identity column's sequence does not see;
 * each one starts again past the largest id, so the first row the app adds gets a free one.
 */
async function restartIdentities(tx: Queryable): Promise<void> {
  const columns = await tx.all<{ table: string; column: string }>(
    `SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
     WHERE table_schema = current_schema() AND is_identity = 'YES'`,
  )
  for (const { table, column } of columns) {
    await tx.one(`SELECT setval(pg_get_serial_sequence(?, ?), coalesce((SELECT max(${column}) FROM ${table}), 0) + 1, false)`, [table, column])
  }
}
