import { ResponseCode } from '../../types/api'
import type { PrivacyStatus } from '../../types/lesson'
import type { TextKey } from '../core/messages'

/** What the access rules need to know about a lesson. */
export interface LessonAccessFacts {
  illegal: 0 | 1
  privacyStatus: PrivacyStatus
  /** the password of a password lesson */
  coursePass: string | null
  /** author */
  wmid: string
  isCheckedFreeCount: 0 | 1
  freeCount: number
  /** views allowed before the lesson closes (spec 001 /vipAlert); null: no limit */
  viewLimit: number | null
  viewCount: number
}

/** Who asks: the session user (null without a valid session) and whether they bought it. */
export interface LessonReader {
  wmid: string | null
  hasBought: boolean
}

/** `messages`: the v2 and old lists; `free`: the free-preview list; `pictures`: the picture list. */
export type LessonListKind = 'messages' | 'free' | 'pictures'

export type LessonAccess =
  /** `limit`: only the first `limit` messages (in list order) may be read; null: all of them */
  | { granted: true; limit: number | null }
  /** `key`: the refusal's text in core/messages.ts */
  | { granted: false; code: number; key: TextKey }

const deny = (code: number, key: TextKey): LessonAccess => ({ granted: false, code, key })
const all: LessonAccess = { granted: true, limit: null }

export function hasFreePreview(lesson: LessonAccessFacts): boolean {
  return lesson.privacyStatus === 3 && lesson.isCheckedFreeCount === 1 && lesson.freeCount > 0
}

/** A lesson past its view limit is closed to everyone but its author (the one who can enable VIP). */
export function isOverViewLimit(lesson: LessonAccessFacts, reader: LessonReader): boolean {
  return lesson.viewLimit !== null && lesson.viewCount >= lesson.viewLimit && reader.wmid !== lesson.wmid
}

/**
 * The one place that decides which messages of a lesson a reader may see (spec 000 §4-§6): what the
 * server answers to a list request (what the reader's screen shows is src/domain/lessonAccess.ts).
 * - illegal: nothing (451);
 * - over its view limit: nothing, except to the author (8, the client opens /vipAlert);
 * - free list: the first freeCount messages of a paid lesson with a preview, to anyone (else 403);
 * - the author: everything;
 * - open: everything; password: everything with the right coursePass (else 403 'wrong password');
 * - paid: everything for a buyer; otherwise 601 (the client sends the reader to the pay page),
 *   except that the picture list serves the preview's pictures to a reader of the preview.
 */
export function decideLessonAnswer(
  lesson: LessonAccessFacts,
  reader: LessonReader,
  list: LessonListKind,
  coursePass: string | undefined,
): LessonAccess {
  if (lesson.illegal === 1) return deny(ResponseCode.Illegal, 'lessonIllegal')
  if (isOverViewLimit(lesson, reader)) return deny(ResponseCode.ViewLimit, 'viewLimit')
  if (list === 'free') {
    return hasFreePreview(lesson)
      ? { granted: true, limit: lesson.freeCount }
      : deny(ResponseCode.Forbidden, 'noFreePreview')
  }
  if (reader.wmid !== null && reader.wmid === lesson.wmid) return all
  switch (lesson.privacyStatus) {
    case 1:
      return all
    case 2:
      return coursePass !== undefined && coursePass === lesson.coursePass
        ? all
        : deny(ResponseCode.Forbidden, 'wrongCoursePassword')
    case 3:
      if (reader.hasBought) return all
      if (list === 'pictures' && hasFreePreview(lesson)) return { granted: true, limit: lesson.freeCount }
      return deny(ResponseCode.SessionExpired, 'buyCourseFirst')
  }
}

/**
 * Whether decideLessonAnswer would check `coursePass` for this request: such requests are the
 * password tries that are limited (routes.ts). Asking without a password tries nothing.
 */
export function triesPassword(
  lesson: LessonAccessFacts,
  reader: LessonReader,
  list: LessonListKind,
  coursePass: string | undefined,
): boolean {
  return (
    coursePass !== undefined &&
    list !== 'free' &&
    lesson.privacyStatus === 2 &&
    lesson.illegal === 0 &&
    !isOverViewLimit(lesson, reader) &&
    reader.wmid !== lesson.wmid
  )
}
