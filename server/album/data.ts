import type { Db } from '../core/sql'

export interface AlbumRow {
  name: string
  intro: string
  pic: string
}

export interface AlbumLessonRow {
  courseData: string
  courseName: string
  coursePic: string
  duration: number
}

/** Albums and sticker users; the sticker guide's authorisation binds its user. */
export class AlbumRepository {
  constructor(private readonly db: Db) {}

  async album(data: string): Promise<{ album: AlbumRow; lessons: AlbumLessonRow[] } | undefined> {
    const album = await this.db.one<AlbumRow>('SELECT name, intro, pic FROM albums WHERE data = ?', [data])
    if (!album) return undefined
    const lessons = await this.db.all<AlbumLessonRow>(
      `SELECT l.course_data AS "courseData", l.course_name AS "courseName", l.course_pic AS "coursePic", a.duration
       FROM album_lessons a JOIN lessons l ON l.id = a.lesson_id
       WHERE a.album_data = ? AND l.illegal = 0 ORDER BY a.position`,
      [data],
    )
    return { album, lessons }
  }

  sticker(d: string): Promise<{ isBind: 0 | 1 } | undefined> {
    return this.db.one<{ isBind: 0 | 1 }>('SELECT is_bind AS "isBind" FROM sticker_users WHERE d = ?', [d])
  }

  /** The sticker guide's WeChat authorisation came back: `d` is bound to that official-account openid (isBind 1). */
  async bindSticker(d: string, openid: string): Promise<boolean> {
    return (await this.db.run('UPDATE sticker_users SET is_bind = 1, openid = ? WHERE d = ?', [openid, d])) === 1
  }
}
