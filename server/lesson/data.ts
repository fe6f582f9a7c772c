import type { PrivacyStatus } from '../../types/lesson'
import type { Db, Queryable, SqlValue } from '../core/sql'
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
  /** messages in the lesson, kept by every write of its messages (`refreshLessons`) */
  messageCount: number
  /**
   * Bumped in the transaction of every write that can change a page of its messages: their own
   * (`refreshLessons`) and their senders' names and faces (`senderChanged`).
   */
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

/** A message to store in a lesson. */
export interface NewMessage {
  lessonId: number
  msgId: string
  msgType: number
  sendTime: number
  sender: string
  obj: string | null
  resourceUrl?: string | null
  wireExtra?: string | null
}

/** What an edit of a stored message may set; another lesson or send time moves it in list order. */
export type MessageChange = Partial<Omit<NewMessage, 'msgId'>>

export const MSG_TYPE_IMAGE = 1001

const LESSON_COLUMNS = `
  l.id, l.course_data AS "courseData", l.legacy_data AS "legacyData", l.wmid, l.course_name AS "courseName",
  l.course_pic AS "coursePic", l.share_url AS "shareUrl", l.login_url AS "loginUrl", l.illegal,
  l.mark_id AS "markId", l.apply_type AS "applyType", l.privacy_status AS "privacyStatus",
  l.course_pass AS "coursePass", l.fee, l.is_checked_free_count AS "isCheckedFreeCount",
  l.free_count AS "freeCount", l.is_checked_share_recash AS "isCheckedShareRecash",
  l.share_recash AS "shareRecash", l.create_timestamp AS "createTimestamp",
  l.view_limit AS "viewLimit", l.view_count AS "viewCount", l.message_count AS "messageCount",
  l.content_version AS "contentVersion",
  u.nickname, u.face_icon AS "faceIcon"
  FROM lessons l JOIN users u ON u.wmid = l.wmid`

const PICTURE_COLUMNS = `id, send_time AS "sendTime", obj, resource_url AS "resourceUrl", wire_extra AS "wireExtra"`

/** Rows per INSERT: one statement per row is slow on PostgreSQL, and a statement has a bound on its parameters. */
const INSERT_BATCH = 500

const MESSAGE_COLUMNS: Readonly<Record<keyof MessageChange, string>> = {
  lessonId: 'lesson_id',
  msgType: 'msg_type',
  sendTime: 'send_time',
  sender: 'sender',
  obj: 'obj',
  resourceUrl: 'resource_url',
  wireExtra: 'wire_extra',
}

/**
 * Brings each lesson's stored positions (its messages' places in list order, send_time then id,
 * 1 = first: the list pages by them), its message count and its content version (the page cache's
 * key) up to date with its messages. Every write of messages ends with it, in its transaction:
 * this is what the SQLite triggers of lesson migrations 4 and 5 did, on either engine now.
 */
export async function refreshLessons(q: Queryable, lessonIds: readonly number[]): Promise<void> {
  for (const lessonId of new Set(lessonIds)) {
    await q.run(
      `UPDATE messages SET position = ordered.n
       FROM (SELECT id, row_number() OVER (ORDER BY send_time, id) AS n FROM messages WHERE lesson_id = ?) AS ordered
       WHERE messages.id = ordered.id AND messages.position <> ordered.n`,
      [lessonId],
    )
    await q.run(
      `UPDATE lessons SET message_count = (SELECT count(*) FROM messages WHERE lesson_id = lessons.id),
         content_version = content_version + 1
       WHERE id = ?`,
      [lessonId],
    )
  }
}

/**
 * Stores `messages` on `q` (the caller's transaction: the seeds' and `addMessages`') with their
 * lessons' positions, counts and versions. Answers their ids, in the order given.
 */
export async function insertMessages(q: Queryable, messages: readonly NewMessage[]): Promise<number[]> {
  const ids = new Map<string, number>()
  const keyOf = (lessonId: number, msgId: string): string => `${lessonId}\n${msgId}`
  for (let start = 0; start < messages.length; start += INSERT_BATCH) {
    const batch = messages.slice(start, start + INSERT_BATCH)
    // RETURNING answers in no promised order: each id is matched by its row's unique (lesson, msgId)
    const rows = await q.all<{ id: number; lessonId: number; msgId: string }>(
      `INSERT INTO messages (lesson_id, msg_id, msg_type, send_time, sender, obj, resource_url, wire_extra)
       VALUES ${batch.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}
       RETURNING id, lesson_id AS "lessonId", msg_id AS "msgId"`,
      batch.flatMap((m): SqlValue[] => [m.lessonId, m.msgId, m.msgType, m.sendTime, m.sender, m.obj, m.resourceUrl ?? null, m.wireExtra ?? null]),
    )
    for (const row of rows) ids.set(keyOf(row.lessonId, row.msgId), row.id)
  }
  await refreshLessons(q, messages.map((m) => m.lessonId))
  return messages.map((m) => {
    const id = ids.get(keyOf(m.lessonId, m.msgId))
    if (id === undefined) throw new Error(`message ${m.msgId} was not stored`)
    return id
  })
}

/** The lesson area's queries. */
export class LessonRepository {
  constructor(private readonly db: Db) {}

  findByCourseData(courseData: string): Promise<LessonRecord | undefined> {
    return this.db.one<LessonRecord>(`SELECT ${LESSON_COLUMNS} WHERE l.course_data = ?`, [courseData])
  }

  findByLegacyData(legacyData: string): Promise<LessonRecord | undefined> {
    return this.db.one<LessonRecord>(`SELECT ${LESSON_COLUMNS} WHERE l.legacy_data = ?`, [legacyData])
  }

  async hasBought(wmid: string | null, lessonId: number): Promise<boolean> {
    if (wmid === null) return false
    return (await this.db.one('SELECT 1 AS found FROM purchases WHERE wmid = ? AND lesson_id = ?', [wmid, lessonId])) !== undefined
  }

  /**
   * Messages in list order (sendTime, then id) after the first `offset`: a range of the stored
   * positions, so page 200 costs what page 1 costs.
   */
  messages(lessonId: number, offset: number, limit: number): Promise<MessageRecord[]> {
    return this.db.all<MessageRecord>(
      `SELECT m.id, m.msg_id AS "msgId", m.msg_type AS "msgType", m.send_time AS "sendTime", m.obj,
         m.resource_url AS "resourceUrl", m.wire_extra AS "wireExtra", u.nickname, u.face_icon AS "faceIcon"
       FROM messages m JOIN users u ON u.wmid = m.sender
       WHERE m.lesson_id = ? AND m.position > ? ORDER BY m.position LIMIT ?`,
      [lessonId, offset, limit],
    )
  }

  /**
   * Image messages sent after `after` (epoch ms), among the first `within` messages of the lesson
   * (null: all of them), at most `limit`.
   */
  pictures(lessonId: number, within: number | null, after: number, limit: number): Promise<PictureRecord[]> {
    // the first `within` messages in list order are the stored positions up to `within`
    const window = within === null ? '' : 'AND position <= ?'
    return this.db.all<PictureRecord>(
      `SELECT ${PICTURE_COLUMNS} FROM messages
       WHERE lesson_id = ? AND msg_type = ${MSG_TYPE_IMAGE} AND send_time > ? ${window}
       ORDER BY send_time, id LIMIT ?`,
      within === null ? [lessonId, after, limit] : [lessonId, after, within, limit],
    )
  }

  /**
   * Counts one view of a lesson that has a view limit, unless the limit is reached: false then.
   * One conditional statement, so of views arriving at once on several workers exactly those
   * under the limit count (a count read earlier may already be stale). Only limited lessons
   * count: an unlimited one would pay a write on every read for nothing.
   */
  async countView(lessonId: number): Promise<boolean> {
    const changed = await this.db.run(
      'UPDATE lessons SET view_count = view_count + 1 WHERE id = ? AND view_limit IS NOT NULL AND view_count < view_limit',
      [lessonId],
    )
    return changed === 1
  }

  /**
   * Records a review request for in-app viewing; a lesson not yet applied for (applyType 0)
   * becomes 1, "submitted, waiting for review". Applying again changes nothing.
   */
  apply(lessonId: number, wmid: string | null, now: number): Promise<void> {
    return this.db.transaction(async (tx) => {
      await tx.run('INSERT INTO apply_requests (lesson_id, wmid, created_at) VALUES (?, ?, ?) ON CONFLICT (lesson_id) DO NOTHING', [
        lessonId,
        wmid,
        now,
      ])
      await tx.run('UPDATE lessons SET apply_type = 1 WHERE id = ? AND apply_type = 0', [lessonId])
    })
  }

  /** Stores messages in one transaction with their lessons' positions, counts and versions; their ids, in order. */
  addMessages(messages: readonly NewMessage[]): Promise<number[]> {
    return this.db.transaction((tx) => insertMessages(tx, messages))
  }

  /** Deletes messages, renumbering what follows them, in one transaction. */
  deleteMessages(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return Promise.resolve()
    return this.db.transaction(async (tx) => {
      const deleted = await tx.all<{ lessonId: number }>(
        `DELETE FROM messages WHERE id IN (${ids.map(() => '?').join(', ')}) RETURNING lesson_id AS "lessonId"`,
        ids,
      )
      await refreshLessons(tx, deleted.map((row) => row.lessonId))
    })
  }

  /**
   * Edits a stored message in one transaction; one moved to another time or lesson is renumbered in
   * the lessons it left and joined. False when there is no such message.
   */
  changeMessage(id: number, change: MessageChange): Promise<boolean> {
    const columns = (Object.keys(change) as Array<keyof MessageChange>).filter((key) => change[key] !== undefined)
    return this.db.transaction(async (tx) => {
      const before = await tx.one<{ lessonId: number }>('SELECT lesson_id AS "lessonId" FROM messages WHERE id = ?', [id])
      if (before === undefined) return false
      if (columns.length > 0) {
        await tx.run(`UPDATE messages SET ${columns.map((key) => `${MESSAGE_COLUMNS[key]} = ?`).join(', ')} WHERE id = ?`, [
          ...columns.map((key) => change[key] ?? null),
          id,
        ])
      }
      await refreshLessons(tx, [before.lessonId, change.lessonId ?? before.lessonId])
      return true
    })
  }

  /**
   * A sender's nickname or face changed (on `q`, the transaction that wrote it): every lesson with
   * a message of theirs shows it on its pages, whose cached copies must not be found again.
   */
  async senderChanged(q: Queryable, wmid: string): Promise<void> {
    await q.run('UPDATE lessons SET content_version = content_version + 1 WHERE id IN (SELECT lesson_id FROM messages WHERE sender = ?)', [wmid])
  }
}
