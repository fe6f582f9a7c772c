/**
 * Imports an export as one lesson (docs/EXPORT_FORMAT.md): the CLI (importCommand.ts) and the
 * authoring API (routes.ts) both call `importExport`.
 *
 * Three passes over the file, so memory stays flat whatever its size and nothing is written
 * unless all of it is right:
 *  1. check: the header and every message (format.ts), msgIds unique, the message count bounded,
 *     every media file beside the export present, inside the export's directory, under the size
 *     limit; the first problem fails the import with its line, message and field;
 *  2. media: each file referenced is copied into the media store (named by content: a file of a
 *     failed import is never referenced and a later one reuses it);
 *  3. one transaction: the lesson row (made, or updated in place when the same author imports the
 *     same exportId again), its old messages deleted, the new ones inserted in batches, positions
 *     and the content version refreshed (server/lesson/data.ts). Readers see the old lesson or
 *     the new one, never a part; the version bump sends every worker's page cache past the old pages.
 */
import { createHash, randomBytes } from 'node:crypto'
import { dirname } from 'node:path'
import type { Db, Queryable, SqlValue } from '../core/sql'
import { refreshLessons } from '../lesson/data'
import { ExportError, readHeader, readMessage, said, type ExportHeader, type ExportMessage, type ExportPlace, type MediaRef } from './format'
import { MediaRefusal, type MediaStore } from './mediaStore'
import { exportRecords, type ExportKind } from './source'

export const DEFAULT_MAX_MESSAGES = 200_000

export interface ImportOptions {
  /** the lesson's author (wmid): the CLI's --author, the API key's owner */
  author: string
  /** fields laid over the header's (the CLI's options, the API's query) */
  overrides?: Readonly<Record<string, unknown>>
  /** 'files': media may be files beside the export (the CLI); 'urls': only URLs (the API) */
  media: 'files' | 'urls'
  /** json or jsonl; default from the file name */
  kind?: ExportKind
  maxMessages?: number
  /** called now and then on a long import: the phase and how far it is */
  onProgress?: (progress: ImportProgress) => void
  now?: number
}

export interface ImportProgress {
  phase: 'check' | 'media' | 'write'
  done: number
  /** known once the check has counted them */
  total?: number
}

export interface ImportResult {
  lessonId: number
  courseData: string
  /** false: an earlier import's lesson was updated in place */
  created: boolean
  messages: number
  mediaFiles: number
}

/** Rows per INSERT: large enough to be quick on PostgreSQL, small enough for its parameter bound. */
const INSERT_BATCH = 500
const PROGRESS_EVERY = 5_000

const refFields = (message: ExportMessage): Array<[string, MediaRef | null]> => [
  ['obj.url', message.media],
  ['resourceUrl', message.resourceUrl],
  ['senderUserInfo.faceIcon', message.sender.faceIcon],
]

interface Checked {
  header: ExportHeader
  messages: number
  /** each file referenced, with the first place that references it */
  files: Map<string, ExportPlace>
}

/** Pass 1: every record checked; nothing is written. */
async function check(file: string, options: ImportOptions, store: MediaStore): Promise<Checked> {
  const maxMessages = options.maxMessages ?? DEFAULT_MAX_MESSAGES
  const files: Checked['files'] = new Map()
  const seen = new Set<string>()
  let header: ExportHeader | undefined
  let messages = 0
  const reference = (ref: MediaRef | null, place: ExportPlace): void => {
    if (ref === null) return
    if (ref.kind === 'url') {
      if (!ref.url.startsWith('https://') && !store.owns(ref.url)) throw new ExportError(place, said('contentNotStoreUrl', { url: ref.url }))
      return
    }
    if (options.media === 'urls') {
      throw new ExportError(place, said('contentFileThroughApi', { path: ref.path }))
    }
    if (!files.has(ref.path)) files.set(ref.path, place)
  }
  for await (const record of exportRecords(file, options.kind)) {
    if (header === undefined) {
      header = readHeader(record.value, record.at, options.overrides)
      reference(header.coursePic, { at: record.at, field: 'coursePic' })
      reference(header.author.faceIcon ?? null, { at: record.at, field: 'author.faceIcon' })
      continue
    }
    const message = readMessage(record.value, record.at)
    messages += 1
    if (messages > maxMessages) throw new ExportError({ at: record.at, msgId: message.msgId, field: '(message)' }, said('contentTooManyMessages', { max: maxMessages }))
    if (seen.has(message.msgId)) throw new ExportError({ at: record.at, msgId: message.msgId, field: 'msgId' }, said('contentMsgIdUsed'))
    seen.add(message.msgId)
    for (const [field, ref] of refFields(message)) reference(ref, { at: record.at, msgId: message.msgId, field })
    if (messages % PROGRESS_EVERY === 0) options.onProgress?.({ phase: 'check', done: messages })
  }
  if (header === undefined) throw new ExportError({ at: said('contentAtFile'), field: '(header)' }, said('contentNoHeader'))
  return { header, messages, files }
}

/** Pass 2: the files checked and copied into the store; their public URLs by path. */
async function copyMedia(file: string, checked: Checked, store: MediaStore, options: ImportOptions): Promise<Map<string, string>> {
  const dir = dirname(file)
  const located: Array<[string, string]> = []
  for (const [path, place] of checked.files) {
    try {
      located.push([path, (await store.checkFile(dir, path)).path])
    } catch (error) {
      if (error instanceof MediaRefusal) throw new ExportError(place, error.why)
      throw error
    }
  }
  const urls = new Map<string, string>()
  for (const [path, absolute] of located) {
    urls.set(path, await store.putFile(absolute, path.slice(path.lastIndexOf('.') + 1)))
    if (urls.size % 100 === 0) options.onProgress?.({ phase: 'media', done: urls.size, total: located.length })
  }
  return urls
}

/** A wmid of this database for a sender of the export: the author is the author, anyone else the author's own copy of them. */
function senderWmid(author: string, wmid: string): string {
  if (wmid === author) return author
  return `imp_${createHash('sha256').update(`${author}\n${wmid}`).digest('hex').slice(0, 24)}`
}

function newCourseData(): string {
  return `c${randomBytes(12).toString('base64url')}`
}

/** A paid lesson is shared through its pay page (spec 001: /lessonPay/share/{courseData}/{payType}); others through their own link. */
function shareUrl(privacyStatus: number, courseData: string): string {
  return privacyStatus === 3 ? `/lessonPay/share/${courseData}/1` : ''
}

interface Written {
  lessonId: number
  courseData: string
  created: boolean
}

/** The lesson row: the one this export made before, updated; or a new one. */
async function writeLesson(tx: Queryable, header: ExportHeader, author: string, coursePic: string, now: number): Promise<Written> {
  const { access } = header
  const fields: SqlValue[] = [
    header.courseName,
    coursePic,
    access.privacyStatus,
    access.password,
    access.fee,
    access.freeCount > 0 ? 1 : 0,
    access.freeCount,
    access.shareRecash > 0 ? 1 : 0,
    access.shareRecash,
  ]
  const earlier = await tx.one<{ lessonId: number; courseData: string }>(
    `SELECT i.lesson_id AS "lessonId", l.course_data AS "courseData" FROM content_imports i JOIN lessons l ON l.id = i.lesson_id
     WHERE i.author = ? AND i.export_id = ?`,
    [author, header.exportId],
  )
  if (earlier) {
    await tx.run(
      `UPDATE lessons SET course_name = ?, course_pic = ?, privacy_status = ?, course_pass = ?, fee = ?,
         is_checked_free_count = ?, free_count = ?, is_checked_share_recash = ?, share_recash = ?, share_url = ?
       WHERE id = ?`,
      [...fields, shareUrl(access.privacyStatus, earlier.courseData), earlier.lessonId],
    )
    await tx.run('UPDATE content_imports SET imported_at = ? WHERE author = ? AND export_id = ?', [now, author, header.exportId])
    await tx.run('DELETE FROM messages WHERE lesson_id = ?', [earlier.lessonId])
    return { ...earlier, created: false }
  }
  const courseData = newCourseData()
  const row = await tx.one<{ id: number }>(
    `INSERT INTO lessons (course_name, course_pic, privacy_status, course_pass, fee, is_checked_free_count, free_count,
       is_checked_share_recash, share_recash, share_url, course_data, wmid, create_timestamp)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [...fields, shareUrl(access.privacyStatus, courseData), courseData, author, now],
  )
  if (!row) throw new Error('the lesson was not stored')
  await tx.run('INSERT INTO content_imports (author, export_id, lesson_id, imported_at) VALUES (?, ?, ?, ?)', [author, header.exportId, row.id, now])
  return { lessonId: row.id, courseData, created: true }
}

/** The author's user: made from the header's author when the database does not have them yet. */
async function ensureAuthor(tx: Queryable, author: string, header: ExportHeader, face: string): Promise<void> {
  const known = await tx.one('SELECT 1 AS found FROM users WHERE wmid = ?', [author])
  if (known) return
  if (!header.author.nickname) {
    throw new ExportError({ at: said('contentAtHeader'), field: 'author.nickname' }, said('contentUnknownAuthor', { author }))
  }
  await tx.run('INSERT INTO users (wmid, nickname, face_icon) VALUES (?, ?, ?)', [author, header.author.nickname, face])
}

/** The export's other senders, as the author's own copies: made, or their name and face brought up to date. */
async function ensureSender(tx: Queryable, wmid: string, nickname: string, face: string): Promise<void> {
  const changed = await tx.run(
    `INSERT INTO users (wmid, nickname, face_icon) VALUES (?, ?, ?)
     ON CONFLICT (wmid) DO UPDATE SET nickname = excluded.nickname, face_icon = excluded.face_icon
     WHERE users.nickname <> excluded.nickname OR users.face_icon <> excluded.face_icon`,
    [wmid, nickname, face],
  )
  // their messages in the author's other lessons show the new name: those lessons' pages change
  if (changed > 0) await tx.run('UPDATE lessons SET content_version = content_version + 1 WHERE id IN (SELECT lesson_id FROM messages WHERE sender = ?)', [wmid])
}

/** Pass 3, in one transaction (which PostgreSQL may run again: it reads the file again, nothing else). */
async function write(tx: Queryable, file: string, checked: Checked, urls: Map<string, string>, options: ImportOptions, now: number): Promise<Written> {
  const url = (ref: MediaRef | null | undefined): string => {
    if (!ref) return ''
    if (ref.kind === 'url') return ref.url
    const stored = urls.get(ref.path)
    // the file changed between the passes: the transaction is undone
    if (stored === undefined) throw new Error(`the export changed while it was imported (${ref.path})`)
    return stored
  }
  const { header } = checked
  await ensureAuthor(tx, options.author, header, url(header.author.faceIcon))
  const lesson = await writeLesson(tx, header, options.author, url(header.coursePic), now)
  const senders = new Set<string>()
  let rows: SqlValue[][] = []
  let done = 0
  const flush = async (): Promise<void> => {
    if (rows.length === 0) return
    await tx.run(
      `INSERT INTO messages (lesson_id, msg_id, msg_type, send_time, sender, obj, resource_url) VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      rows.flat(),
    )
    done += rows.length
    rows = []
    if (done % PROGRESS_EVERY === 0) options.onProgress?.({ phase: 'write', done, total: checked.messages })
  }
  let first = true
  for await (const record of exportRecords(file, options.kind)) {
    if (first) {
      first = false
      continue
    }
    const message = readMessage(record.value, record.at)
    const sender = senderWmid(options.author, message.sender.wmid)
    if (sender !== options.author && !senders.has(sender)) {
      senders.add(sender)
      await ensureSender(tx, sender, message.sender.nickname, url(message.sender.faceIcon))
    }
    const obj = message.media ? { ...message.obj, url: url(message.media) } : message.obj
    rows.push([lesson.lessonId, message.msgId, message.msgType, message.sendTime, sender, JSON.stringify(obj), message.resourceUrl ? url(message.resourceUrl) : null])
    if (rows.length === INSERT_BATCH) await flush()
  }
  await flush()
  await refreshLessons(tx, [lesson.lessonId])
  return lesson
}

/** Imports `file` as one lesson of `options.author`; an `ExportError` says what is wrong and nothing is written. */
export async function importExport(db: Db, store: MediaStore, file: string, options: ImportOptions): Promise<ImportResult> {
  const now = options.now ?? Date.now()
  const checked = await check(file, options, store)
  options.onProgress?.({ phase: 'check', done: checked.messages, total: checked.messages })
  const urls = await copyMedia(file, checked, store, options)
  const written = await db.transaction((tx) => write(tx, file, checked, urls, options, now))
  options.onProgress?.({ phase: 'write', done: checked.messages, total: checked.messages })
  return { ...written, messages: checked.messages, mediaFiles: urls.size }
}
