import type { Statement } from 'better-sqlite3'
import type { PrivacyStatus } from '../../types/lesson'
import type { Db } from '../core/db'
import type { LessonAccessFacts } from './rules'

/** A lesson with its author's public profile. */
export interface LessonRecord extends LessonAccessFacts {
  id: number
  courseData: string
  legacyData: string | null
  courseName: string
  coursePic: string
  shareUrl: string
  loginUrl: string
  markId: number
  applyType: 0 | 1 | 2
  privacyStatus: PrivacyStatus
  fee: number
  isCheckedShareRecash: 0 | 1
  shareRecash: number
  createTimestamp: number
  nickname: string
  faceIcon: string
  /** messages in the lesson, kept by the database on every write (lesson migration 4) */
  messageCount: number
  /** bumped by the database on every write that can change a page of its messages (lesson migration 5) */
  contentVersion: number
}

export interface MessageRecord {
  id: number
  msgId: string
  msgType: number
  sendTime: number
  obj: string | null
  resourceUrl: string | null
  /** JSON object of old transport fields (content, objectName, voiceUrl, msgUID), unchecked */
  wireExtra: string | null
  nickname: string
  faceIcon: string
}

export interface PictureRecord {
  id: number
  sendTime: number
  obj: string | null
  resourceUrl: string | null
  wireExtra: string | null
}

export const MSG_TYPE_IMAGE = 1001

/** SQLite reads LIMIT -1 as "no limit". */
const NO_LIMIT = -1

const LESSON_COLUMNS = `
  l.id, l.course_data AS courseData, l.legacy_data AS legacyData, l.wmid, l.course_name AS courseName,
  l.course_pic AS coursePic, l.share_url AS shareUrl, l.login_url AS loginUrl, l.illegal,
  l.mark_id AS markId, l.apply_type AS applyType, l.privacy_status AS privacyStatus,
  l.course_pass AS coursePass, l.fee, l.is_checked_free_count AS isCheckedFreeCount,
  l.free_count AS freeCount, l.is_checked_share_recash AS isCheckedShareRecash,
  l.share_recash AS shareRecash, l.create_timestamp AS createTimestamp,
  l.view_limit AS viewLimit, l.view_count AS viewCount, l.message_count AS messageCount,
  l.content_version AS contentVersion,
  u.nickname, u.face_icon AS faceIcon
  FROM lessons l JOIN users u ON u.wmid = l.wmid`

/** The lesson area's queries, prepared once per database. */
export class LessonRepository {
  private readonly byCourseData: Statement<[string], LessonRecord>
  private readonly byLegacyData: Statement<[string], LessonRecord>
  private readonly purchase: Statement<[string, number], { found: 1 }>
  private readonly messagePage: Statement<[number, number, number], MessageRecord>
  private readonly picturePage: Statement<[number, number, number, number], PictureRecord>
  private readonly insertApply: Statement<[number, string | null, number]>
  private readonly markApplied: Statement<[number]>
  private readonly view: Statement<[number]>

  constructor(private readonly db: Db) {
    this.byCourseData = db.prepare(`SELECT ${LESSON_COLUMNS} WHERE l.course_data = ?`)
    this.byLegacyData = db.prepare(`SELECT ${LESSON_COLUMNS} WHERE l.legacy_data = ?`)
    this.purchase = db.prepare('SELECT 1 AS found FROM purchases WHERE wmid = ? AND lesson_id = ?')
    this.messagePage = db.prepare(`
      SELECT m.id, m.msg_id AS msgId, m.msg_type AS msgType, m.send_time AS sendTime, m.obj,
        m.resource_url AS resourceUrl, m.wire_extra AS wireExtra, u.nickname, u.face_icon AS faceIcon
      FROM messages m JOIN users u ON u.wmid = m.sender
      WHERE m.lesson_id = ? AND m.position > ? ORDER BY m.position LIMIT ?`)
    // The inner query cuts the lesson to the readable window before pictures are picked from it.
    this.picturePage = db.prepare(`
      SELECT id, send_time AS sendTime, obj, resource_url AS resourceUrl, wire_extra AS wireExtra
      FROM (SELECT id, msg_type, send_time, obj, resource_url, wire_extra FROM messages
            WHERE lesson_id = ? ORDER BY send_time, id LIMIT ?)
      WHERE msg_type = ${MSG_TYPE_IMAGE} AND send_time > ?
      ORDER BY send_time, id LIMIT ?`)
    this.insertApply = db.prepare(
      'INSERT INTO apply_requests (lesson_id, wmid, created_at) VALUES (?, ?, ?) ON CONFLICT (lesson_id) DO NOTHING',
    )
    this.markApplied = db.prepare('UPDATE lessons SET apply_type = 1 WHERE id = ? AND apply_type = 0')
    // Only limited lessons count: an unlimited one would pay a write on every read for nothing.
    this.view = db.prepare('UPDATE lessons SET view_count = view_count + 1 WHERE id = ? AND view_limit IS NOT NULL AND view_count < view_limit')
  }

  findByCourseData(courseData: string): LessonRecord | undefined {
    return this.byCourseData.get(courseData)
  }

  findByLegacyData(legacyData: string): LessonRecord | undefined {
    return this.byLegacyData.get(legacyData)
  }

  hasBought(wmid: string | null, lessonId: number): boolean {
    return wmid !== null && this.purchase.get(wmid, lessonId) !== undefined
  }

  /**
   * Messages in list order (sendTime, then id) after the first `offset`: a range of the stored
   * positions, so page 200 costs what page 1 costs.
   */
  messages(lessonId: number, offset: number, limit: number): MessageRecord[] {
    return this.messagePage.all(lessonId, offset, limit)
  }

  /**
   * Image messages sent after `after` (epoch ms), among the first `within` messages of the lesson
   * (null: all of them), at most `limit`.
   */
  pictures(lessonId: number, within: number | null, after: number, limit: number): PictureRecord[] {
    return this.picturePage.all(lessonId, within ?? NO_LIMIT, after, limit)
  }

  /**
   * Counts one view of a lesson that has a view limit, unless the limit is reached: false then.
   * One conditional statement, so of views arriving at once on several workers exactly those
   * under the limit count (a count read earlier may already be stale).
   */
  countView(lessonId: number): boolean {
    return this.view.run(lessonId).changes === 1
  }

  /**
   * Records a review request for in-app viewing; a lesson not yet applied for (applyType 0)
   * becomes 1, "submitted, waiting for review". Applying again changes nothing.
   */
  apply(lessonId: number, wmid: string | null, now: number): void {
    this.db.transaction(() => {
      this.insertApply.run(lessonId, wmid, now)
      this.markApplied.run(lessonId)
    })()
  }
}
