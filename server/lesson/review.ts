/**
 * The admin and complaint lists (types/review.ts `reviewCalls`, spec 000 §6 "Complaint or admin
 * environment"): a lesson read with a token instead of the visitor's access rules. The token and
 * userid travel as the session headers. Who may read: an admin (any lesson), the lesson's author
 * (their live session), a complainant of that lesson; a forged token, one of another userid, an
 * expired one or a complainant's of another lesson is refused (403). The lesson's own rules
 * (password, paid, view limit, illegal) do not apply: reviewing a suspended lesson is the point.
 */
import type { FastifyRequest } from 'fastify'
import type { Db } from '../core/sql'
import type { LessonRecord } from './data'

export type ReviewRole = 'admin' | 'complainant'

/** A live grant of the token the request carries. `lessonId` is null for an admin. */
export interface ReviewGrant {
  role: ReviewRole
  lessonId: number | null
}

/** Who asks: the session's user (null without a valid session) and the token's grant, if any. */
export interface ReviewReader {
  sessionWmid: string | null
  grant: ReviewGrant | null
}

/** Whether `reader` may read `lesson` in the admin and complaint viewers. */
export function mayReview(lesson: Pick<LessonRecord, 'id' | 'wmid'>, reader: ReviewReader): boolean {
  if (reader.sessionWmid !== null && reader.sessionWmid === lesson.wmid) return true
  const { grant } = reader
  if (grant === null) return false
  return grant.role === 'admin' ? grant.lessonId === null : grant.lessonId === lesson.id
}

/** The grant of the `token` and `userid` headers, when both match a live row. */
export function createGrantReader(db: Db): (request: FastifyRequest, now: number) => Promise<ReviewGrant | null> {
  return async (request, now) => {
    const { userid, token } = request.headers
    if (typeof userid !== 'string' || typeof token !== 'string' || userid === '' || token === '') return null
    const grant = await db.one<ReviewGrant>(
      `SELECT role, lesson_id AS "lessonId" FROM review_grants
       WHERE token = ? AND userid = ? AND (expires_at IS NULL OR expires_at > ?)`,
      [token, userid, now],
    )
    return grant ?? null
  }
}

/**
 * Whether `reader` may read `lesson` (undefined: no such lesson). An unknown lesson is refused
 * like a forbidden one, except to an admin, who is told it does not exist.
 */
export function reviewAnswer(lesson: Pick<LessonRecord, 'id' | 'wmid'> | undefined, reader: ReviewReader): 'read' | 'notFound' | 'refused' {
  if (lesson === undefined) return reader.grant?.role === 'admin' ? 'notFound' : 'refused'
  return mayReview(lesson, reader) ? 'read' : 'refused'
}
