/** The purchase area's demo data: wm_buyer has bought `paid-bought` (no order: seeded as bought). */
import type { Database } from 'better-sqlite3'
import { SEEDED_AT } from '../core/seedTime'

export function seedPurchases(db: Database): void {
  db.prepare(
    "INSERT INTO purchases (wmid, lesson_id, created_at) SELECT 'wm_buyer', id, ? FROM lessons WHERE course_data = 'paid-bought'",
  ).run(SEEDED_AT)
}
