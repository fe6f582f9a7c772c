/**
 * Albums (spec 001 §3 Album: a name, an introduction, a cover and lessons in order, each with its
 * duration in seconds) written by their author through the authoring API or by the operator's
 * command. The author's `albumId` names the album: sent again, it replaces the same album (same
 * link) in one transaction. An author may put only their own lessons in an album.
 */
import { randomBytes } from 'node:crypto'
import type { Db } from '../core/sql'
import { ExportError, mediaRef, said } from './format'
import type { Said } from './format'
import type { MediaStore } from './mediaStore'

export interface AlbumInput {
  albumId: string
  name: string
  intro: string
  pic: string
  lessons: Array<{ courseData: string; duration: number }>
}

const AT = said('contentAtAlbum')
const MAX_LESSONS = 500

function refuse(field: string, why: Said): never {
  throw new ExportError({ at: AT, field }, why)
}

/** The album as sent, checked field by field; the cover must be an https URL or the store's. */
export function readAlbum(value: unknown, store: MediaStore): AlbumInput {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) refuse('(body)', said('contentNotObject'))
  const album = value as Record<string, unknown>
  const text = (field: string, max: number, required: boolean): string => {
    const given = album[field]
    if (given === undefined && !required) return ''
    if (typeof given !== 'string' || (required && given.trim() === '')) refuse(field, said('contentNotNonEmptyString'))
    if (given.length > max) refuse(field, said('contentTooLong', { max }))
    return given
  }
  const albumId = text('albumId', 64, true)
  if (!/^[A-Za-z0-9_-]+$/.test(albumId)) refuse('albumId', said('contentHandle'))
  const pic = text('pic', 2048, false)
  if (pic !== '') {
    const ref = mediaRef(pic)
    if ('key' in ref || ref.kind !== 'url' || (!ref.url.startsWith('https://') && !store.owns(ref.url))) refuse('pic', said('contentImageUrl'))
  }
  const lessons = album.lessons
  if (!Array.isArray(lessons) || lessons.length === 0 || lessons.length > MAX_LESSONS) refuse('lessons', said('contentAlbumLessons', { max: MAX_LESSONS }))
  const seen = new Set<string>()
  const checked = lessons.map((lesson: unknown, index) => {
    const item = (typeof lesson === 'object' && lesson !== null ? lesson : {}) as Record<string, unknown>
    const { courseData, duration } = item
    if (typeof courseData !== 'string' || courseData === '') refuse(`lessons[${index}].courseData`, said('contentMissing'))
    if (seen.has(courseData)) refuse(`lessons[${index}].courseData`, said('contentAlbumTwice'))
    seen.add(courseData)
    if (typeof duration !== 'number' || !Number.isSafeInteger(duration) || duration < 0) refuse(`lessons[${index}].duration`, said('contentAlbumDuration'))
    return { courseData, duration }
  })
  return { albumId, name: text('name', 100, true), intro: text('intro', 2000, false), pic, lessons: checked }
}

/** Writes the author's album (new, or replacing the one their albumId made); its link handle. */
export function putAlbum(db: Db, author: string, album: AlbumInput): Promise<{ data: string; created: boolean }> {
  return db.transaction(async (tx) => {
    const ids: number[] = []
    for (const [index, { courseData }] of album.lessons.entries()) {
      const lesson = await tx.one<{ id: number; wmid: string }>('SELECT id, wmid FROM lessons WHERE course_data = ?', [courseData])
      if (!lesson) refuse(`lessons[${index}].courseData`, said('contentNoLesson', { courseData }))
      if (lesson.wmid !== author) refuse(`lessons[${index}].courseData`, said('contentNotAuthors', { courseData }))
      ids.push(lesson.id)
    }
    const earlier = await tx.one<{ data: string }>('SELECT album_data AS data FROM content_albums WHERE author = ? AND album_id = ?', [author, album.albumId])
    const data = earlier?.data ?? `a${randomBytes(12).toString('base64url')}`
    if (earlier) {
      await tx.run('UPDATE albums SET name = ?, intro = ?, pic = ? WHERE data = ?', [album.name, album.intro, album.pic, data])
      await tx.run('DELETE FROM album_lessons WHERE album_data = ?', [data])
    } else {
      await tx.run('INSERT INTO albums (data, name, intro, pic) VALUES (?, ?, ?, ?)', [data, album.name, album.intro, album.pic])
      await tx.run('INSERT INTO content_albums (author, album_id, album_data) VALUES (?, ?, ?)', [author, album.albumId, data])
    }
    for (const [index, lesson] of album.lessons.entries()) {
      await tx.run('INSERT INTO album_lessons (album_data, position, lesson_id, duration) VALUES (?, ?, ?, ?)', [data, index + 1, ids[index], lesson.duration])
    }
    return { data, created: earlier === undefined }
  })
}
