/**
 * The resume area's reads and writes (server/resume/migrations.ts). Every statement names the
 * user it is for: nothing here reads or writes another user's places.
 */
import { MsgType } from '../../src/domain/message/types'
import type { ResumeDevice } from '../../types/resume'
import type { Queryable } from '../core/sql'

export interface PlaceRow {
  courseData: string
  msgId: string
  position: number
  at: number
  deviceId: string
  device: ResumeDevice
}

export interface PlaceListRow extends PlaceRow {
  courseName: string
  coursePic: string
  voiceIndex: number
  voiceCount: number
  /** the place's voice payload (its length, for the progress) */
  obj: string | null
}

const PLACE_COLUMNS = `l.course_data AS "courseData", r.msg_id AS "msgId", r.position, r.client_at AS "at",
  r.device_id AS "deviceId", r.device`

export interface NewPlace {
  wmid: string
  lessonId: number
  msgId: string
  position: number
  at: number
  deviceId: string
  device: ResumeDevice
  now: number
}

export class ResumeRepository {
  constructor(private readonly db: Queryable) {}

  /** The lesson's id when `msgId` is one of its voices. */
  async voiceOf(courseData: string, msgId: string): Promise<{ lessonId: number; voice: boolean } | undefined> {
    const lesson = await this.db.one<{ id: number }>('SELECT id FROM lessons WHERE course_data = ?', [courseData])
    if (!lesson) return undefined
    const voice = await this.db.one<{ one: number }>('SELECT 1 AS one FROM messages WHERE lesson_id = ? AND msg_id = ? AND msg_type = ?', [
      lesson.id,
      msgId,
      MsgType.Voice,
    ])
    return { lessonId: lesson.id, voice: voice !== undefined }
  }

  /**
   * Writes the place unless the kept one is as new or newer (newest wins, in one statement: the
   * row's own check decides, however many saves arrive at once). Answers whether it was written.
   */
  async save(place: NewPlace): Promise<boolean> {
    const changed = await this.db.run(
      `INSERT INTO resume_places (wmid, lesson_id, msg_id, position, client_at, device_id, device, saved_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (wmid, lesson_id) DO UPDATE SET msg_id = excluded.msg_id, position = excluded.position,
         client_at = excluded.client_at, device_id = excluded.device_id, device = excluded.device, saved_at = excluded.saved_at
       WHERE resume_places.client_at < excluded.client_at`,
      [place.wmid, place.lessonId, place.msgId, place.position, place.at, place.deviceId, place.device, place.now],
    )
    return changed > 0
  }

  place(wmid: string, courseData: string): Promise<PlaceRow | undefined> {
    return this.db.one<PlaceRow>(
      `SELECT ${PLACE_COLUMNS} FROM resume_places r JOIN lessons l ON l.id = r.lesson_id WHERE r.wmid = ? AND l.course_data = ?`,
      [wmid, courseData],
    )
  }

  /** The user's newest places in lessons that are not suspended, with where each voice stands in its lesson. */
  list(wmid: string, limit: number): Promise<PlaceListRow[]> {
    const voice = MsgType.Voice
    return this.db.all<PlaceListRow>(
      `SELECT ${PLACE_COLUMNS}, l.course_name AS "courseName", l.course_pic AS "coursePic", p.obj,
         (SELECT COUNT(*) FROM messages m WHERE m.lesson_id = r.lesson_id AND m.msg_type = ?) AS "voiceCount",
         (SELECT COUNT(*) FROM messages m WHERE m.lesson_id = r.lesson_id AND m.msg_type = ?
            AND (m.send_time < p.send_time OR (m.send_time = p.send_time AND m.id < p.id))) AS "voiceIndex"
       FROM resume_places r
       JOIN lessons l ON l.id = r.lesson_id
       JOIN messages p ON p.lesson_id = r.lesson_id AND p.msg_id = r.msg_id
       WHERE r.wmid = ? AND l.illegal = 0
       ORDER BY r.client_at DESC, l.id DESC
       LIMIT ?`,
      [voice, voice, wmid, limit],
    )
  }
}
