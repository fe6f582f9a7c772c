/**
 * A 5,000-message open lesson for the benchmarks, added to a bench database (never to the demo
 * seed, which every start and every test pays for): text messages from two senders a minute
 * apart, with a picture every 25th message, so pages look like the demo lessons'.
 */
import type { Database } from 'better-sqlite3'

export const LONG_LESSON = 'bench-long'
export const LONG_LESSON_MESSAGES = 5000

const START = Date.UTC(2024, 2, 1, 1, 0, 0)

export function addLongLesson(db: Database, courseData = LONG_LESSON, count = LONG_LESSON_MESSAGES): void {
  const insertLesson = db.prepare(`
    INSERT INTO lessons (course_data, wmid, course_name, privacy_status, create_timestamp)
    VALUES (?, 'wm_teacher', ?, 1, ?)`)
  const insertMessage = db.prepare(`
    INSERT INTO messages (lesson_id, msg_id, msg_type, send_time, sender, obj) VALUES (?, ?, ?, ?, ?, ?)`)
  db.transaction(() => {
    const { lastInsertRowid: lessonId } = insertLesson.run(courseData, `${count} messages`, START - 3600_000)
    for (let n = 1; n <= count; n += 1) {
      const picture = n % 25 === 0
      const obj = picture
        ? JSON.stringify({ url: '/media/slide-1.png', width: 750, height: 500 })
        : JSON.stringify({ content: `Message ${n} of the long lesson: a sentence or two, as a teacher would write them.` })
      insertMessage.run(lessonId, `${courseData}-${n}`, picture ? 1001 : 1000, START + n * 60_000, n % 4 === 0 ? 'wm_buyer' : 'wm_teacher', obj)
    }
  })()
}
