/**
 * Album and sticker guide demo data (after the lessons).
 *   album 'album-english' (query data): three seeded lessons with durations; 'album-empty': none.
 *   sticker guide (query d): 'sticker-bound' (wm_buyer, authorized), 'sticker-new' (wm_visitor, not yet).
 */
import type { Queryable } from '../core/sql'

const ALBUMS = [
  {
    data: 'album-english',
    name: '英语口语专辑',
    intro: '从日常寒暄到职场表达，三节课带你开口说英语。',
    pic: '/media/slide-1.png',
    lessons: [
      { courseData: 'demo-open', duration: 754 },
      { courseData: 'demo-paid', duration: 3725 },
      { courseData: 'demo-password', duration: 59 },
    ],
  },
  { data: 'album-empty', name: '新建专辑', intro: '', pic: '/media/slide-2.png', lessons: [] },
] as const

const STICKER_USERS = [
  { d: 'sticker-bound', wmid: 'wm_buyer', isBind: 1 },
  { d: 'sticker-new', wmid: 'wm_visitor', isBind: 0 },
] as const

export async function seedAlbums(tx: Queryable): Promise<void> {
  for (const album of ALBUMS) {
    await tx.run('INSERT INTO albums (data, name, intro, pic) VALUES (?, ?, ?, ?)', [album.data, album.name, album.intro, album.pic])
    for (const [index, lesson] of album.lessons.entries()) {
      await tx.run(
        `INSERT INTO album_lessons (album_data, position, lesson_id, duration)
         SELECT ?, ?, id, ? FROM lessons WHERE course_data = ?`,
        [album.data, index + 1, lesson.duration, lesson.courseData],
      )
    }
  }
  for (const user of STICKER_USERS) await tx.run('INSERT INTO sticker_users (d, wmid, is_bind) VALUES (?, ?, ?)', [user.d, user.wmid, user.isBind])
}
