/**
 * The lesson export format (docs/EXPORT_FORMAT.md), read without trusting a byte of it: the
 * header (what the lesson is and who may read it) and each message in the spec's transport form
 * (spec 000 §3: msgId, msgType, sendTime, obj, resourceUrl, senderUserInfo). Every check answers
 * an `ExportError` naming the line, the message and the field, so an operator or the chat app
 * can fix the export; nothing here reads a file or the database.
 */
import type { PrivacyStatus } from '../../types/lesson'
import { textOf } from '../core/messages'
import type { Language, TextKey, TextParams } from '../core/messages'

export const EXPORT_FORMAT = 'lesson-export/1'

/**
 * Where in the export a problem is: the record (`line 17` of a JSON-lines export, `messages[15]`
 * of a JSON one), the message's msgId when known, and the field.
 */
export interface ExportPlace {
  at: Said
  msgId?: string
  field: string
}

/** A sentence of the catalogue (core/messages.ts) with its params: said in the reader's language. */
export interface Said {
  key: TextKey
  params?: TextParams
}

export const said = (key: TextKey, params: TextParams = {}): Said => ({ key, params })

export const sayIn = (language: Language, { key, params }: Said): string => textOf(key, language, params)

/** The whole refusal: where (the record, the message's msgId) and which field, and why. */
export function refusalIn(language: Language, place: ExportPlace, why: Said): string {
  const msgId = place.msgId === undefined ? '' : textOf('contentMsgId', language, { id: JSON.stringify(place.msgId) })
  return textOf('contentRefused', language, { at: sayIn(language, place.at), msgId, field: place.field, reason: sayIn(language, why) })
}

/** An export or a record refused: its message is English (logs, tests); `in` says it for a reader, and for the operator's commands in the operator's language. */
export class ExportError extends Error {
  /** where, in English: the record, the message's msgId, the field */
  readonly place: { at: string; msgId?: string; field: string }

  constructor(
    private readonly where: ExportPlace,
    readonly why: Said,
  ) {
    super(refusalIn('en', where, why))
    this.name = 'ExportError'
    this.place = { at: sayIn('en', where.at), ...(where.msgId === undefined ? {} : { msgId: where.msgId }), field: where.field }
  }

  /** Why, in English. */
  get reason(): string {
    return sayIn('en', this.why)
  }

  /** The refusal in `language`: the sentence, and its parts for the API's `data`. */
  in(language: Language): { msg: string; data: { at: string; msgId?: string; field: string; reason: string } } {
    const { at, msgId, field } = this.where
    return {
      msg: refusalIn(language, this.where, this.why),
      data: { at: sayIn(language, at), ...(msgId === undefined ? {} : { msgId }), field, reason: sayIn(language, this.why) },
    }
  }
}

/** Message type codes of spec 000 §3; any other code is refused. */
export const MSG_TYPES: Readonly<Record<number, string>> = {
  1000: 'text',
  1001: 'image',
  1002: 'voice',
  1003: 'video',
  1004: 'face',
  1005: 'contact card',
  1006: 'location',
  1007: 'sign-in',
  1008: 'material',
  1009: 'web',
  1010: 'custom face',
  1011: 'chat record',
  1012: 'complaint',
  1013: 'group invite',
  1014: 'file',
  3000: 'reply',
  2000: 'notification',
  2001: 'hidden notification',
  99999: 'native hello',
}

/** The media a message type carries in obj.url, and the file extensions it may have. */
export const MEDIA_TYPES: Readonly<Record<number, readonly string[]>> = {
  1001: ['jpg', 'jpeg', 'png', 'gif', 'webp'],
  1002: ['mp3', 'm4a', 'aac', 'wav', 'amr'],
  1003: ['mp4', 'm4v', 'mov'],
  1004: ['gif', 'png', 'jpg', 'jpeg', 'webp'],
  1014: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'mp3', 'wav', 'm4a', 'zip'],
}
const IMAGE_EXTENSIONS = MEDIA_TYPES[1001]

/**
 * Every extension the media store takes: the media types' own. Nothing a browser would run as a
 * page or script (html, svg, js) is ever stored, since the store is served from this origin.
 */
export const MEDIA_EXTENSIONS: ReadonlySet<string> = new Set(Object.values(MEDIA_TYPES).flat())

export const LIMITS = {
  courseName: 100,
  password: 32,
  msgId: 128,
  nickname: 64,
  text: 20_000,
  /** any other payload, as JSON text */
  payload: 100_000,
  /** 10,000 yuan */
  fee: 1_000_000,
} as const

/**
 * A media reference as the export gives it: a file beside the export (`voice/intro.mp3`), or a
 * URL the reader's browser loads (https, or a path of this server's own media store).
 */
export type MediaRef = { kind: 'file'; path: string } | { kind: 'url'; url: string }

export interface ExportAuthor {
  nickname?: string
  faceIcon?: MediaRef
}

/** Who may read the lesson (spec 000 §3 lesson info). Money is integer fen. */
export interface LessonAccess {
  privacyStatus: PrivacyStatus
  /** privacyStatus 2 */
  password: string | null
  /** privacyStatus 3: the price in fen */
  fee: number
  /** privacyStatus 3: the first messages a visitor may read free (0: no preview) */
  freeCount: number
  /** fen a sharer earns (0: no reward) */
  shareRecash: number
}

export interface ExportHeader {
  /** the chat app's id of the export: the same id imported again updates the same lesson */
  exportId: string
  courseName: string
  coursePic: MediaRef | null
  author: ExportAuthor
  access: LessonAccess
}

export interface ExportSender {
  wmid: string
  nickname: string
  faceIcon: MediaRef | null
}

/** A message checked, its payload still an object whose media references the import replaces. */
export interface ExportMessage {
  at: Said
  msgId: string
  msgType: number
  sendTime: number
  sender: ExportSender
  /** the payload object (given as an object or as its JSON text) */
  obj: Record<string, unknown>
  /** obj.url's media (a media type's), replaced by its public URL on import */
  media: MediaRef | null
  resourceUrl: MediaRef | null
}

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)
const own = (value: Json, key: string): unknown => (Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined)

/** Reads the fields of one JSON object, each failure naming its place. */
class Fields {
  constructor(
    private readonly value: Json,
    private readonly at: Said,
    private readonly prefix: string,
    private readonly msgId?: string,
  ) {}

  fail(field: string, why: Said): never {
    throw new ExportError({ at: this.at, msgId: this.msgId, field: this.prefix + field }, why)
  }

  raw(field: string): unknown {
    return own(this.value, field)
  }

  string(field: string, max: number, { required = true, pattern }: { required?: boolean; pattern?: RegExp } = {}): string | undefined {
    const value = own(this.value, field)
    if (value === undefined || value === null) {
      if (required) this.fail(field, said('contentMissing'))
      return undefined
    }
    if (typeof value !== 'string') this.fail(field, said('contentNotString'))
    if (required && value.trim() === '') this.fail(field, said('contentEmpty'))
    if (value.length > max) this.fail(field, said('contentTooLong', { max }))
    if (pattern && !pattern.test(value)) this.fail(field, said('contentPattern', { pattern: pattern.source }))
    return value
  }

  requiredString(field: string, max: number, pattern?: RegExp): string {
    return this.string(field, max, { pattern }) as string
  }

  integer(field: string, min: number, max: number, fallback?: number): number {
    const value = own(this.value, field)
    if (value === undefined || value === null) {
      if (fallback === undefined) this.fail(field, said('contentMissing'))
      return fallback
    }
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) this.fail(field, said('contentNotInteger'))
    if (value < min || value > max) this.fail(field, said('contentRange', { min, max }))
    return value
  }

  media(field: string, extensions: readonly string[], required: boolean): MediaRef | null {
    const value = own(this.value, field)
    if (value === undefined || value === null || value === '') {
      if (required) this.fail(field, said('contentMissing'))
      return null
    }
    if (typeof value !== 'string') this.fail(field, said('contentNotString'))
    const ref = mediaRef(value)
    if ('key' in ref) this.fail(field, ref)
    const path = ref.kind === 'file' ? ref.path : new URL(ref.url, 'https://store.invalid').pathname
    const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase()
    if (ref.kind === 'file' && !extensions.includes(extension)) this.fail(field, said('contentFileType', { types: extensions.join(', ') }))
    return ref
  }
}

const SAFE_SEGMENT = /^[A-Za-z0-9\u4e00-\u9fff_][A-Za-z0-9\u4e00-\u9fff_.\- ]{0,127}$/

/**
 * A media reference, or why it is refused. A file is a relative path of plain segments: no
 * `..`, no leading `/`, no backslash, no drive, no hidden file, so it cannot name anything
 * outside the export's directory (the media store checks the resolved path again).
 */
export function mediaRef(value: string): MediaRef | Said {
  if (/^https:\/\//i.test(value)) {
    if (!URL.canParse(value)) return said('contentBadUrl')
    return { kind: 'url', url: value }
  }
  // the media store's own URL, as an upload answers it (the import checks that the store has it)
  if (/^\/media\/[A-Za-z0-9_/-]+\.[a-z0-9]{1,8}$/.test(value) && !value.includes('//')) return { kind: 'url', url: value }
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('/')) return said('contentUrlOrFile')
  const segments = value.split('/')
  if (value.length > 512 || segments.length > 8 || !segments.every((segment) => SAFE_SEGMENT.test(segment))) {
    return said('contentBadFileName', { name: JSON.stringify(value.slice(0, 80)) })
  }
  return { kind: 'file', path: value }
}

const PRIVACY: Readonly<Record<string, PrivacyStatus>> = { open: 1, password: 2, paid: 3 }

/** The access fields of a header. */
function readAccess(fields: Fields): LessonAccess {
  const privacy = fields.raw('privacyStatus')
  const privacyStatus = typeof privacy === 'string' && privacy in PRIVACY ? PRIVACY[privacy] : privacy
  if (privacyStatus !== 1 && privacyStatus !== 2 && privacyStatus !== 3) fields.fail('privacyStatus', said('contentPrivacyStatus'))
  const password = fields.string('password', LIMITS.password, { required: privacyStatus === 2 }) ?? null
  if (privacyStatus !== 2 && password !== null) fields.fail('password', said('contentPasswordOnly'))
  const fee = fields.integer('fee', privacyStatus === 3 ? 1 : 0, privacyStatus === 3 ? LIMITS.fee : 0, privacyStatus === 3 ? undefined : 0)
  const freeCount = fields.integer('freeCount', 0, privacyStatus === 3 ? 100_000 : 0, 0)
  const shareRecash = fields.integer('shareRecash', 0, fee, 0)
  return { privacyStatus, password, fee, freeCount, shareRecash }
}

/**
 * A lesson's access after an edit: `current` (as stored) with `changes` laid over it; a new
 * privacyStatus replaces every access field, as in a header.
 */
export function readEditedAccess(current: LessonAccess, changes: Readonly<Record<string, unknown>>, at: Said): LessonAccess {
  const value: Json = own(changes, 'privacyStatus') === undefined ? { ...current } : {}
  for (const [key, change] of Object.entries(changes)) if (change !== undefined && ACCESS_FIELDS.includes(key)) value[key] = change
  return readAccess(new Fields(value, at, ''))
}

const EXPORT_ID = /^[A-Za-z0-9_-]{1,64}$/

const ACCESS_FIELDS = ['privacyStatus', 'password', 'fee', 'freeCount', 'shareRecash']

/**
 * The export's first record: the lesson itself. `overrides` (the operator's CLI options, the
 * API's query) replace the header's fields; a new privacyStatus replaces all of its access fields.
 */
export function readHeader(given: unknown, at: Said, overrides: Readonly<Record<string, unknown>> = {}): ExportHeader {
  if (!isObject(given)) throw new ExportError({ at, field: '(header)' }, said('contentNotObject'))
  const value: Json = { ...given }
  if (own(overrides, 'privacyStatus') !== undefined) for (const key of ACCESS_FIELDS) delete value[key]
  for (const [key, override] of Object.entries(overrides)) if (override !== undefined) value[key] = override
  const fields = new Fields(value, at, '')
  if (own(value, 'format') !== EXPORT_FORMAT) fields.fail('format', said('contentFormat', { format: EXPORT_FORMAT }))
  const author = own(value, 'author')
  if (author !== undefined && !isObject(author)) fields.fail('author', said('contentNotObject'))
  const authorFields = new Fields(isObject(author) ? author : {}, at, 'author.')
  return {
    exportId: fields.requiredString('exportId', 64, EXPORT_ID),
    courseName: fields.requiredString('courseName', LIMITS.courseName),
    coursePic: fields.media('coursePic', IMAGE_EXTENSIONS, false),
    author: {
      nickname: authorFields.string('nickname', LIMITS.nickname, { required: false }),
      faceIcon: authorFields.media('faceIcon', IMAGE_EXTENSIONS, false) ?? undefined,
    },
    access: readAccess(fields),
  }
}

/** A payload as the export gives it: an object, or its JSON text (once or twice encoded). */
function payloadObject(fields: Fields, value: unknown): Json {
  let decoded = value
  for (let depth = 0; typeof decoded === 'string' && depth < 2; depth += 1) {
    try {
      decoded = JSON.parse(decoded)
    } catch {
      break
    }
  }
  if (isObject(decoded)) return decoded
  fields.fail('obj', said('contentObjOrText'))
}

const WMID = /^[A-Za-z0-9_.@-]{1,64}$/
/** 2000-01-01 to 2100-01-01, epoch ms */
const SEND_TIME = [946_684_800_000, 4_102_444_800_000] as const

/** One message record of the export. */
export function readMessage(value: unknown, at: Said): ExportMessage {
  if (!isObject(value)) throw new ExportError({ at, field: '(message)' }, said('contentNotObject'))
  const msgIdValue = own(value, 'msgId')
  const fields = new Fields(value, at, '', typeof msgIdValue === 'string' ? msgIdValue.slice(0, LIMITS.msgId) : undefined)
  const msgId = fields.requiredString('msgId', LIMITS.msgId, /^[A-Za-z0-9_.:-]+$/)
  const msgType = fields.integer('msgType', 0, 99_999)
  if (!(msgType in MSG_TYPES)) fields.fail('msgType', said('contentMsgType', { msgType }))
  const sendTime = fields.integer('sendTime', SEND_TIME[0], SEND_TIME[1])
  const senderValue = own(value, 'senderUserInfo')
  if (!isObject(senderValue)) return fields.fail('senderUserInfo', said('contentSender'))
  const senderFields = new Fields(senderValue, at, 'senderUserInfo.', msgId)
  const sender: ExportSender = {
    wmid: senderFields.requiredString('wmid', 64, WMID),
    nickname: senderFields.requiredString('nickname', LIMITS.nickname),
    faceIcon: senderFields.media('faceIcon', IMAGE_EXTENSIONS, false),
  }
  const obj = payloadObject(fields, own(value, 'obj'))
  const payload = new Fields(obj, at, 'obj.', msgId)
  const extensions = MEDIA_TYPES[msgType]
  const resourceUrl = extensions ? fields.media('resourceUrl', extensions, false) : null
  const media = extensions ? payload.media('url', extensions, resourceUrl === null) : null
  if (msgType === 1000) payload.string('content', LIMITS.text, { required: true })
  if (msgType === 1001 || msgType === 1003) {
    payload.integer('width', 1, 20_000)
    payload.integer('height', 1, 20_000)
  }
  if (msgType === 1002) {
    const duration = payload.raw('duration')
    if (typeof duration !== 'number' || !Number.isFinite(duration) || duration < 0 || duration > 6 * 3600) payload.fail('duration', said('contentDuration'))
    payload.string('text', LIMITS.text, { required: false })
  }
  if (msgType === 1014) {
    payload.requiredString('fileName', 255)
    payload.requiredString('fileExtension', 16)
    payload.integer('fileLength', 0, Number.MAX_SAFE_INTEGER)
  }
  // a link the reader may open: never a script
  for (const [key, field] of Object.entries(obj)) {
    if (typeof field === 'string' && /^\s*(javascript|vbscript|data|file):/i.test(field)) payload.fail(key, said('contentScriptLink'))
  }
  if (JSON.stringify(obj).length > LIMITS.payload) fields.fail('obj', said('contentPayloadTooLong', { max: LIMITS.payload }))
  return { at, msgId, msgType, sendTime, sender, obj, media, resourceUrl }
}
