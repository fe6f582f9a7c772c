/**
 * `isRenderable`: an independent check that a value is a complete `LessonMessage`, every
 * required field present with the right type and every URL safe. The parser's property test
 * holds it to this; the UI may use it as a guard for messages built elsewhere (the live chat).
 */
import { isRecord, type WireRecord } from '../coerce'
import { MESSAGE_LABEL_KEYS, type LessonMessage, type MessageKind } from './types'
import { safeUrl } from './url'

type Check = (value: unknown, depth: number) => boolean

interface Shape {
  required: Readonly<Record<string, Check>>
  optional?: Readonly<Record<string, Check>>
  /** rules across fields */
  consistent?: (message: WireRecord) => boolean
}

/** Deeper than any parsed reply chain; stops cyclic values. */
const MAX_CHECK_DEPTH = 16

const isString: Check = (v) => typeof v === 'string'
const isText: Check = (v) => typeof v === 'string' && v.length > 0
const isUrl: Check = (v) => typeof v === 'string' && safeUrl(v) === v
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)
const isSize: Check = (v) => isFiniteNumber(v) && v >= 0
const isInteger: Check = (v) => isFiniteNumber(v) && Number.isInteger(v)
const isBoolean: Check = (v) => typeof v === 'boolean'
const inRange =
  (min: number, max: number): Check =>
  (v) =>
    isFiniteNumber(v) && v >= min && v <= max
const isArrayOf =
  (item: Check): Check =>
  (v, depth) =>
    Array.isArray(v) && v.every((x) => item(x, depth))
const LABEL_KEYS: ReadonlySet<unknown> = new Set(MESSAGE_LABEL_KEYS)

function conforms(value: unknown, shape: Shape, depth: number): boolean {
  if (!isRecord(value) || depth > MAX_CHECK_DEPTH) return false
  const has = (key: string): boolean => Object.prototype.hasOwnProperty.call(value, key)
  const requiredOk = Object.entries(shape.required).every(([key, check]) => has(key) && check(value[key], depth + 1))
  const optionalOk = Object.entries(shape.optional ?? {}).every(
    ([key, check]) => !has(key) || check(value[key], depth + 1),
  )
  return requiredOk && optionalOk && (shape.consistent?.(value) ?? true)
}

const recordOf =
  (shape: Shape): Check =>
  (v, depth) =>
    conforms(v, shape, depth)

const isSender = recordOf({ required: { nickname: isString }, optional: { faceIcon: isUrl } })
const isSizeRecord = recordOf({ required: { width: isSize, height: isSize } })
const isMediaItem = recordOf({ required: { domainIndex: inRange(0, Number.MAX_SAFE_INTEGER), urlSuffix: isText } })
const isDetail = recordOf({
  required: {
    content: isString,
    mediaArr: isArrayOf(isMediaItem),
    mediaPrefix: isString,
    picDomainArr: isArrayOf(isText),
    mediaDomains: isArrayOf(isText),
    isVideo: isBoolean,
  },
  optional: { picDomain: isText, mediaDomain: isText, user: isSender },
})
const isQuoted: Check = (v, depth) => renderableAt(v, depth)

const LINK: Shape = { required: { title: isText, url: isUrl }, optional: { icon: isUrl } }
const OPTIONAL_TEXT: Shape = { required: {}, optional: { text: isText } }

const SHAPES: Readonly<Record<MessageKind, Shape>> = {
  text: { required: { text: isText } },
  image: { required: { url: isUrl, width: isSize, height: isSize } },
  voice: {
    required: { url: isUrl, duration: isSize, voiceId: isString },
    optional: { text: isText },
  },
  video: { required: { url: isUrl, width: isSize, height: isSize, posterUrl: isUrl } },
  face: { required: { url: isUrl }, optional: { width: isSize, height: isSize } },
  customFace: { required: { emojiUrl: isUrl }, optional: { naturalSize: isSizeRecord } },
  contactCard: { required: { name: isText }, optional: { avatar: isUrl, userId: isText } },
  location: {
    required: {},
    optional: { title: isText, address: isText, lat: inRange(-90, 90), lng: inRange(-180, 180) },
  },
  signIn: OPTIONAL_TEXT,
  material: {
    required: {
      materialType: (v) => v === 0 || v === 1,
      content: isString,
      isVideo: isBoolean,
      images: isArrayOf(isUrl),
      totalImages: isInteger,
      detail: isDetail,
    },
    optional: { videoUrl: isUrl, posterUrl: isUrl },
    consistent: (m) =>
      Array.isArray(m.images) &&
      m.totalImages === m.images.length &&
      (m.isVideo === false || m.videoUrl !== undefined),
  },
  web: LINK,
  chatRecord: LINK,
  complaint: OPTIONAL_TEXT,
  groupInvite: { required: {}, optional: { groupName: isText, avatar: isUrl, data: isText } },
  file: { required: { fileName: isText, fileExtension: isString, fileLength: isSize, url: isUrl } },
  reply: { required: { quoted: isQuoted, replyText: isText } },
  notification: { required: { text: isText } },
  hidden: { required: {} },
  nativeHello: OPTIONAL_TEXT,
  unsupported: { required: { typeLabelKey: (v) => LABEL_KEYS.has(v) } },
}

const BASE: Shape = {
  required: { id: isInteger, msgId: isString, msgType: isInteger, sendTime: isSize, sender: isSender },
}

function isKind(value: unknown): value is MessageKind {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(SHAPES, value)
}

function renderableAt(value: unknown, depth: number): boolean {
  if (!isRecord(value) || !conforms(value, BASE, depth)) return false
  const kind = value.kind
  return isKind(kind) && conforms(value, SHAPES[kind], depth)
}

export function isRenderable(value: unknown): value is LessonMessage {
  return renderableAt(value, 0)
}
