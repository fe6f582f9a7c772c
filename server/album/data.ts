import type { Db } from '../core/db'

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

/** Albums and sticker users: read-only prepared statements. */
export class AlbumRepository {
  private readonly albumByData
  private readonly lessonsOf
  private readonly stickerUser

  constructor(db: Db) {
    this.albumByData = db.prepare<[string], AlbumRow>('SELECT name, intro, pic FROM albums WHERE data = ?')
    this.lessonsOf = db.prepare<[string], AlbumLessonRow>(
      `SELECT l.course_data AS courseData, l.course_name AS courseName, l.course_pic AS coursePic, a.duration
       FROM album_lessons a JOIN lessons l ON l.id = a.lesson_id
       WHERE a.album_data = ? AND l.illegal = 0 ORDER BY a.position`,
    )
    this.stickerUser = db.prepare<[string], { isBind: 0 | 1 }>('SELECT is_bind AS isBind FROM sticker_users WHERE d = ?')
  }

  album(data: string): { album: AlbumRow; lessons: AlbumLessonRow[] } | undefined {
    const album = this.albumByData.get(data)
    return album ? { album, lessons: this.lessonsOf.all(data) } : undefined
  }

  sticker(d: string): { isBind: 0 | 1 } | undefined {
    return this.stickerUser.get(d)
  }
}
