/**
 * A long open lesson for the benchmarks and the long-list tests (not in the default seed: a
 * 5,000-message lesson is nothing a demo needs). Messages cycle through texts of a few lengths,
 * a picture with its size every 25th message, and a voice every 10th (mp3, m4a and amr in
 * turn), from wm_teacher and wm_assistant in runs, so avatars fold as in a real lesson.
 * `msgId` is `<courseData>-<n>` with n from 1, zero-padded to 5 digits.
 */
import { chinaTime } from '../core/seedTime'
import type { Db } from '../core/sql'
import { insertMessages } from './data'

const TEXTS = [
  '好的',
  '这一段请大家跟读三遍，注意连读和弱读。',
  '今天的重点是把常用的寒暄说得自然：先回答，再把问题抛回给对方。回答要短，语气要轻松，不要像背课文一样一字一顿。',
  '复习一下上一段：How\'s it going? / Pretty good, you? / Not bad. Busy week, huh? / Tell me about it. 最后一句表示强烈认同，不是"跟我详细讲讲"。下一段我们换一个场景：在咖啡店排队时和陌生人聊天气。',
]
const VOICES = [
  { url: '/media/voice/greeting.mp3', duration: 10 },
  { url: '/media/voice/weekend.m4a', duration: 6 },
  { url: '/media/voice/homework.amr', duration: 6 },
]
const PICTURES = [
  { url: '/media/image/wide.jpg', width: 960, height: 360 },
  { url: '/media/image/tall.jpg', width: 360, height: 960 },
  { url: '/media/image/square.png', width: 600, height: 600 },
]

export interface LongLessonOptions {
  courseData: string
  count: number
}

function payload(n: number): { msgType: number; obj: string } {
  if (n % 10 === 0) return { msgType: 1002, obj: JSON.stringify({ id: `voice-${n}`, ...VOICES[(n / 10) % VOICES.length] }) }
  if (n % 25 === 0) return { msgType: 1001, obj: JSON.stringify(PICTURES[(n / 25) % PICTURES.length]) }
  return { msgType: 1000, obj: JSON.stringify({ content: `${n}. ${TEXTS[n % TEXTS.length]}` }) }
}

/** Adds the lesson to a seeded database (it needs the seed's users); one transaction. */
export function seedLongLesson(db: Db, { courseData, count }: LongLessonOptions): Promise<void> {
  const start = chinaTime(11, 8, 0)
  return db.transaction(async (tx) => {
    const lesson = await tx.one<{ id: number }>(
      `INSERT INTO lessons (course_data, wmid, course_name, course_pic, privacy_status, create_timestamp)
       VALUES (?, 'wm_teacher', ?, '/media/slide-1.png', 1, ?)
       RETURNING id`,
      [courseData, `长课（${count} 条消息）`, start - 12 * 3600_000],
    )
    if (!lesson) throw new Error(`lesson ${courseData} was not stored`)
    await insertMessages(
      tx,
      Array.from({ length: count }, (_, index) => {
        const n = index + 1
        return {
          lessonId: lesson.id,
          msgId: `${courseData}-${String(n).padStart(5, '0')}`,
          ...payload(n),
          sendTime: start + n * 1_000,
          // runs of seven messages per sender; never two at the same millisecond
          sender: Math.floor((n - 1) / 7) % 2 === 0 ? 'wm_teacher' : 'wm_assistant',
        }
      }),
    )
  })
}
