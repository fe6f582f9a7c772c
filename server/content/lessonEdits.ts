/**
 * Changes to a lesson after its import, through the authoring API (its author) and the operator's
 * command (`npm run lesson`): the author's privacy, password, price, free preview and share reward,
 * and deleting it; the administrator's `illegal` flag and view limit. Each is one transaction.
 */
import type { Db } from '../core/sql'
import { ExportError, LIMITS, readEditedAccess, said, sayIn, type LessonAccess, type Said } from './format'

/** Who edits: the lesson's author (the API's key), or the operator (the command), who may edit any. */
export type Editor = { author: string } | 'operator'

/** A change refused (its message English, for the operator's command; `why` for the API's reader). */
export class LessonEditRefusal extends Error {
  constructor(
    readonly status: 403 | 404 | 409,
    readonly why: Said,
  ) {
    super(sayIn('en', why))
  }
}

interface Stored extends LessonAccess {
  id: number
  wmid: string
}

async function findLesson(db: Pick<Db, 'one'>, courseData: string, editor: Editor): Promise<Stored> {
  const lesson = await db.one<Stored>(
    `SELECT id, wmid, privacy_status AS "privacyStatus", course_pass AS password, fee, free_count AS "freeCount",
       share_recash AS "shareRecash" FROM lessons WHERE course_data = ?`,
    [courseData],
  )
  if (!lesson) throw new LessonEditRefusal(404, said('contentNoLesson', { courseData }))
  if (editor !== 'operator' && editor.author !== lesson.wmid) throw new LessonEditRefusal(403, said('contentNotAuthors', { courseData }))
  return lesson
}

/**
 * The author's settings: any of privacyStatus, password, fee, freeCount, shareRecash (the header's
 * fields and rules) and courseName. The new settings, or an ExportError naming the bad field.
 */
export function editSettings(db: Db, courseData: string, editor: Editor, changes: Readonly<Record<string, unknown>>): Promise<LessonAccess> {
  return db.transaction(async (tx) => {
    const lesson = await findLesson(tx, courseData, editor)
    const access = readEditedAccess(lesson, changes, said('contentAtRequest'))
    const name = changes.courseName
    if (name !== undefined && (typeof name !== 'string' || name.trim() === '' || name.length > LIMITS.courseName)) {
      throw new ExportError({ at: said('contentAtRequest'), field: 'courseName' }, said('contentLength', { min: 1, max: LIMITS.courseName }))
    }
    await tx.run(
      `UPDATE lessons SET privacy_status = ?, course_pass = ?, fee = ?, is_checked_free_count = ?, free_count = ?,
         is_checked_share_recash = ?, share_recash = ?, share_url = ?, course_name = coalesce(?, course_name)
       WHERE id = ?`,
      [
        access.privacyStatus,
        access.password,
        access.fee,
        access.freeCount > 0 ? 1 : 0,
        access.freeCount,
        access.shareRecash > 0 ? 1 : 0,
        access.shareRecash,
        access.privacyStatus === 3 ? `/lessonPay/share/${courseData}/1` : '',
        typeof name === 'string' ? name : null,
        lesson.id,
      ],
    )
    return access
  })
}

/**
 * Deletes a lesson and what only it holds (its messages, review request, review grants, album
 * places, import record). A lesson anyone has ordered is never deleted: its buyers keep it (make it
 * a password lesson instead).
 */
export function deleteLesson(db: Db, courseData: string, editor: Editor): Promise<void> {
  return db.transaction(async (tx) => {
    const lesson = await findLesson(tx, courseData, editor)
    const ordered = await tx.one('SELECT 1 AS found FROM orders WHERE lesson_id = ? UNION SELECT 1 FROM purchases WHERE lesson_id = ?', [lesson.id, lesson.id])
    if (ordered) throw new LessonEditRefusal(409, said('contentLessonOrdered', { courseData }))
    for (const table of ['apply_requests', 'review_grants', 'album_lessons', 'join_groups', 'content_imports', 'messages']) {
      await tx.run(`DELETE FROM ${table} WHERE lesson_id = ?`, [lesson.id])
    }
    await tx.run('DELETE FROM lessons WHERE id = ?', [lesson.id])
  })
}

/** The administrator's flag (spec 000: an illegal lesson shows /illegal to every reader). */
export async function setIllegal(db: Db, courseData: string, illegal: boolean): Promise<void> {
  const changed = await db.run('UPDATE lessons SET illegal = ? WHERE course_data = ?', [illegal ? 1 : 0, courseData])
  if (changed !== 1) throw new LessonEditRefusal(404, said('contentNoLesson', { courseData }))
}

/**
 * The administrator's view limit (spec 001 /vipAlert): past `limit` views the lesson is closed
 * until the author enables VIP; null removes the limit. The views counted so far are kept.
 */
export async function setViewLimit(db: Db, courseData: string, limit: number | null): Promise<void> {
  if (limit !== null && (!Number.isSafeInteger(limit) || limit < 0)) throw new LessonEditRefusal(409, said('contentViewLimit'))
  const changed = await db.run('UPDATE lessons SET view_limit = ? WHERE course_data = ?', [limit, courseData])
  if (changed !== 1) throw new LessonEditRefusal(404, said('contentNoLesson', { courseData }))
}
