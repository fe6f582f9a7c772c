/**
 * The purchase area's demo data: wm_buyer has bought `paid-bought` (no order: seeded as bought);
 * `demo-paid` invites its buyers to a group whose QR code shows after payment.
 */
import type { Queryable } from '../core/sql'
import { SEEDED_AT } from '../core/seedTime'

export async function seedPurchases(tx: Queryable): Promise<void> {
  await tx.run("INSERT INTO purchases (wmid, lesson_id, created_at) SELECT 'wm_buyer', id, ? FROM lessons WHERE course_data = 'paid-bought'", [
    SEEDED_AT,
  ])
  await tx.run(
    "INSERT INTO join_groups (lesson_id, group_name, qrcode) SELECT id, '职场英语学习群', '/media/join-qrcode.png' FROM lessons WHERE course_data = 'demo-paid'",
  )
}
