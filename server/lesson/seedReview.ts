/**
 * Demo grants of the admin and complaint viewers (review.ts). Send them as the session headers,
 * or open the launcher's links, whose route `data` carries {token, userid, data}:
 *   wm_admin        token-admin               admin: every lesson
 *   wm_complainant  token-complaint-open      complainant of `legacy-open` only
 *   wm_complainant  token-complaint-expired   complainant of `legacy-open`, expired (refused)
 * Production mode deletes these tokens from a database the demo once seeded.
 */
import { chinaTime } from '../core/seedTime'
import type { Db, Queryable } from '../core/sql'

export const REVIEW_GRANTS = [
  { token: 'token-admin', userid: 'wm_admin', role: 'admin', legacyData: null, expiresAt: null },
  { token: 'token-complaint-open', userid: 'wm_complainant', role: 'complainant', legacyData: 'legacy-open', expiresAt: null },
  { token: 'token-complaint-expired', userid: 'wm_complainant', role: 'complainant', legacyData: 'legacy-open', expiresAt: chinaTime(8, 13, 0) },
] as const

export async function seedReviewGrants(tx: Queryable): Promise<void> {
  for (const g of REVIEW_GRANTS) {
    await tx.run(
      `INSERT INTO review_grants (token, userid, role, lesson_id, expires_at)
       VALUES (?, ?, ?, (SELECT id FROM lessons WHERE legacy_data = ?), ?)`,
      [g.token, g.userid, g.role, g.legacyData, g.expiresAt],
    )
  }
}

export async function removeDemoReviewGrants(db: Db): Promise<void> {
  await db.run(`DELETE FROM review_grants WHERE token IN (${REVIEW_GRANTS.map(() => '?').join(', ')})`, REVIEW_GRANTS.map((g) => g.token))
}
