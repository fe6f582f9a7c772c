/**
 * A 5,000-message open lesson for the benchmarks, added to a bench database (never to the demo
 * seed, which every start and every test pays for): text messages from two senders a minute
 * apart, with a picture every 25th message, so pages look like the demo lessons'.
 */
import type { Db } from '../server/core/sql'
import { insertMessages } from '../server/lesson/data'

export const LONG_LESSON = 'bench-long'
export const LONG_LESSON_MESSAGES = 5000

const START = Date.UTC(2024, 2, 1, 1, 0, 0)

export function addLongLesson(db: Db, courseData = LONG_LESSON, count = LONG_LESSON_MESSAGES): Promise<void> {
  return db.transaction(async (tx) => {
    const lesson = await tx.one<{ id: number }>(
      `INSERT INTO lessons (course_data, wmid, course_name, privacy_status, create_timestamp)
       VALUES (?, 'wm_teacher', ?, 1, ?) RETURNING id`,
      [courseData, `${count} messages`, START - 3600_000],
    )
    if (!lesson) throw new Error(`lesson ${courseData} was not stored`)
    await insertMessages(
      tx,
      Array.from({ length: count }, (_, index) => {
        const n = index + 1
        const picture = n % 25 === 0
        return {
          lessonId: lesson.id,
          msgId: `${courseData}-${n}`,
          msgType: picture ? 1001 : 1000,
          sendTime: START + n * 60_000,
          sender: n % 4 === 0 ? 'wm_buyer' : 'wm_teacher',
          obj: picture
            ? JSON.stringify({ url: '/media/slide-1.png', width: 750, height: 500 })
            : JSON.stringify({ content: `Message ${n} of the long lesson: a sentence or two, as a teacher would write them.` }),
        }
      }),
    )
  })
}
