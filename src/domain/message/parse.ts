/**
 * Wire message -> `LessonMessage` (spec 000 §3 "Lesson message"). Accepted forms:
 * - transport: `{id, msgId, msgType, sendTime, resourceUrl?, obj, senderUserInfo}` where obj is
 *   an object, a JSON string or a double-encoded JSON string;
 * - content JSON (old exports): `content` is a JSON string of `{msgType, msgId, obj, resourceUrl?}`;
 *   its fields win over the transport fields beside it;
 * - old voice: `objectName: 'RC:VcMsg'` with voiceUrl, msgUID and duration.
 * msgType may be a number or a numeric string. A safe resourceUrl overrides the payload url of
 * media and file messages. Unknown types and payloads missing what their kind needs become
 * `unsupported`; nothing here throws.
 */
import { circleMediaOf, readCircleData } from './circle'
import {
  decodeRecord,
  field,
  firstField,
  toId,
  toInteger,
  toNumberIn,
  toSize,
  toText,
  type WireRecord,
} from '../coerce'
import { fileExtensionOf, normalizeFileExtension } from './file'
import {
  isMsgType,
  MsgType,
  msgTypeLabelKey,
  type LessonMessage,
  type MaterialType,
  type MessageBase,
  type MessageBody,
  type MessageSender,
  type Size,
} from './types'
import { safeUrl, videoPosterUrl } from './url'
import { readIatWords } from '../listening/iatWords'
import type { WordTime } from '../listening/iatWords'

export const OLD_VOICE_OBJECT_NAME = 'RC:VcMsg'

/**
 * How many quotes deep a reply may nest (a reply quoting a reply quoting a reply); deeper quotes
 * become `unsupported`. Also bounds cyclic payload objects.
 */
export const MAX_QUOTE_DEPTH = 3

interface Envelope {
  base: MessageBase
  /** the type's payload (`obj`), decoded */
  payload: WireRecord | undefined
  /** resourceUrl when safe */
  resourceUrl: string | undefined
  /** a field of the content JSON if it has one, else of the transport form */
  pick: (key: string) => unknown
}

type PayloadParser = (envelope: Envelope, depth: number) => MessageBody | undefined

function readSender(value: unknown): MessageSender {
  const sender = decodeRecord(value)
  const nickname = toText(field(sender, 'nickname')) ?? ''
  const faceIcon = safeUrl(field(sender, 'faceIcon'))
  return faceIcon === undefined ? { nickname } : { nickname, faceIcon }
}

function readEnvelope(wire: unknown): Envelope {
  const top = decodeRecord(wire)
  const inner = decodeRecord(field(top, 'content'))
  // a text payload is also `{content}`: only a content holding obj or msgType is the content form
  const content =
    inner !== undefined && (field(inner, 'obj') !== undefined || field(inner, 'msgType') !== undefined)
      ? inner
      : undefined
  const pick = (key: string): unknown => firstField(content, [key]) ?? field(top, key)
  const oldVoice = pick('objectName') === OLD_VOICE_OBJECT_NAME
  const msgType = oldVoice ? MsgType.Voice : toInteger(pick('msgType')) ?? 0
  return {
    base: {
      id: toInteger(field(top, 'id')) ?? 0,
      msgId: toId(pick('msgId')) ?? toId(pick('msgUID')) ?? '',
      msgType,
      sendTime: toSize(pick('sendTime')) ?? 0,
      sender: readSender(pick('senderUserInfo')),
    },
    payload: decodeRecord(pick('obj')),
    resourceUrl: safeUrl(pick('resourceUrl')),
    pick,
  }
}

function mediaUrl({ resourceUrl, payload }: Envelope): string | undefined {
  return resourceUrl ?? safeUrl(field(payload, 'url'))
}

function textOf(payload: WireRecord | undefined): string | undefined {
  return toText(firstField(payload, ['text', 'content']))
}

/** `{width, height}` as an object or its JSON, or iOS's `"{w, h}"` CGSize string. */
function readSize(value: unknown): Size | undefined {
  if (typeof value === 'string') {
    const cgSize = /^\{\s*([\d.]+)\s*,\s*([\d.]+)\s*\}$/.exec(value.length <= 64 ? value : '')
    if (cgSize !== null) return readSize({ width: cgSize[1], height: cgSize[2] })
  }
  const size = decodeRecord(value)
  const width = toSize(field(size, 'width'))
  const height = toSize(field(size, 'height'))
  return width !== undefined && height !== undefined ? { width, height } : undefined
}

const parseText: PayloadParser = ({ payload }) => {
  const text = toText(field(payload, 'content'))
  return text === undefined ? undefined : { kind: 'text', text }
}

const parseImage: PayloadParser = (envelope) => {
  const url = mediaUrl(envelope)
  if (url === undefined) return undefined
  const { payload } = envelope
  return {
    kind: 'image',
    url,
    width: toSize(field(payload, 'width')) ?? 0,
    height: toSize(field(payload, 'height')) ?? 0,
  }
}

/** A voice's word times only when the payload has them: most voices carry none. */
function optionalWords(words: WordTime[] | undefined): { words?: WordTime[] } {
  return words ? { words } : {}
}

const parseVoice: PayloadParser = (envelope) => {
  const { payload, pick, base } = envelope
  const url = mediaUrl(envelope) ?? safeUrl(firstField(payload, ['voiceUrl']) ?? pick('voiceUrl'))
  if (url === undefined) return undefined
  return {
    kind: 'voice',
    url,
    duration: toSize(field(payload, 'duration')) ?? toSize(pick('duration')) ?? 0,
    text: toText(field(payload, 'text')),
    ...optionalWords(readIatWords(field(payload, 'ws'))),
    voiceId: toId(field(payload, 'id')) ?? base.msgId,
  }
}

const parseVideo: PayloadParser = (envelope) => {
  const url = mediaUrl(envelope)
  if (url === undefined) return undefined
  const { payload } = envelope
  return {
    kind: 'video',
    url,
    width: toSize(field(payload, 'width')) ?? 0,
    height: toSize(field(payload, 'height')) ?? 0,
    posterUrl: videoPosterUrl(url, true),
  }
}

const parseFace: PayloadParser = (envelope) => {
  const url = mediaUrl(envelope)
  if (url === undefined) return undefined
  const { payload } = envelope
  return {
    kind: 'face',
    url,
    width: toSize(field(payload, 'width')),
    height: toSize(field(payload, 'height')),
  }
}

const parseCustomFace: PayloadParser = ({ payload }) => {
  const content = decodeRecord(field(payload, 'content')) ?? payload
  const emojiUrl = safeUrl(field(content, 'emojiURL'))
  if (emojiUrl === undefined) return undefined
  return { kind: 'customFace', emojiUrl, naturalSize: readSize(field(content, 'naturalSize')) }
}

/** The spec lists no card fields: RongCloud-style names are accepted beside the plain ones. */
const parseContactCard: PayloadParser = ({ payload }) => {
  const name = toText(firstField(payload, ['name', 'nickname']))
  if (name === undefined) return undefined
  return {
    kind: 'contactCard',
    name,
    avatar: safeUrl(firstField(payload, ['avatar', 'faceIcon', 'portraitUri'])),
    userId: toId(firstField(payload, ['userId', 'wmid', 'id'])),
  }
}

const parseLocation: PayloadParser = ({ payload }) => ({
  kind: 'location',
  title: toText(firstField(payload, ['title', 'name', 'poi'])),
  address: toText(field(payload, 'address')),
  lat: toNumberIn(firstField(payload, ['lat', 'latitude']), -90, 90),
  lng: toNumberIn(firstField(payload, ['lng', 'longitude', 'lon']), -180, 180),
})

const parseSignIn: PayloadParser = ({ payload }) => ({ kind: 'signIn', text: textOf(payload) })

function readMaterialType(value: unknown): MaterialType | undefined {
  const type = toInteger(value)
  return type === 0 || type === 1 ? type : undefined
}

const parseMaterial: PayloadParser = ({ payload, base }) => {
  const materialType = readMaterialType(field(payload, 'type'))
  const detail = readCircleData(field(payload, 'data'))
  if (materialType === undefined || detail === undefined) return undefined
  const media = circleMediaOf(detail)
  if (media.content === '' && media.images.length === 0 && media.videoUrl === undefined) return undefined
  return {
    kind: 'material',
    materialType,
    ...media,
    totalImages: media.images.length,
    // the detail page shows the post's author: the sender unless the post names one
    detail: detail.user === undefined ? { ...detail, user: base.sender } : detail,
  }
}

function readLink(payload: WireRecord | undefined): { title: string; url: string; icon?: string } | undefined {
  const title = toText(field(payload, 'title'))
  const url = safeUrl(field(payload, 'url'))
  if (title === undefined || url === undefined) return undefined
  return { title, url, icon: safeUrl(field(payload, 'icon')) }
}

const parseWeb: PayloadParser = ({ payload }) => {
  const link = readLink(payload)
  return link === undefined ? undefined : { kind: 'web', ...link }
}

const parseChatRecord: PayloadParser = ({ payload }) => {
  const link = readLink(payload)
  return link === undefined ? undefined : { kind: 'chatRecord', ...link }
}

const parseComplaint: PayloadParser = ({ payload }) => ({ kind: 'complaint', text: textOf(payload) })

const parseGroupInvite: PayloadParser = ({ payload }) => ({
  kind: 'groupInvite',
  groupName: toText(firstField(payload, ['groupName', 'name'])),
  avatar: safeUrl(firstField(payload, ['avatar', 'groupIcon', 'faceIcon'])),
  data: toId(field(payload, 'data')),
})

const parseFile: PayloadParser = (envelope) => {
  const { payload } = envelope
  const url = mediaUrl(envelope)
  const fileName = toText(field(payload, 'fileName'))
  if (url === undefined || fileName === undefined) return undefined
  const extension = toText(field(payload, 'fileExtension'))
  return {
    kind: 'file',
    fileName,
    fileExtension: extension === undefined ? fileExtensionOf(fileName) : normalizeFileExtension(extension),
    fileLength: toSize(field(payload, 'fileLength')) ?? 0,
    url,
  }
}

const parseReply: PayloadParser = ({ payload }, depth) => {
  if (depth >= MAX_QUOTE_DEPTH) return undefined
  const reply = field(payload, 'reply')
  const replyText = textOf(decodeRecord(reply))
  if (replyText === undefined) return undefined
  return { kind: 'reply', quoted: parseAt(field(payload, 'from'), depth + 1), replyText }
}

const parseNotification: PayloadParser = ({ payload }) => {
  const text = textOf(payload)
  return text === undefined ? undefined : { kind: 'notification', text }
}

const parseHidden: PayloadParser = () => ({ kind: 'hidden' })

const parseNativeHello: PayloadParser = ({ payload }) => ({ kind: 'nativeHello', text: textOf(payload) })

const PARSERS: Readonly<Record<MsgType, PayloadParser>> = {
  [MsgType.Text]: parseText,
  [MsgType.Image]: parseImage,
  [MsgType.Voice]: parseVoice,
  [MsgType.Video]: parseVideo,
  [MsgType.Face]: parseFace,
  [MsgType.ContactCard]: parseContactCard,
  [MsgType.Location]: parseLocation,
  [MsgType.SignIn]: parseSignIn,
  [MsgType.Material]: parseMaterial,
  [MsgType.Web]: parseWeb,
  [MsgType.CustomFace]: parseCustomFace,
  [MsgType.ChatRecord]: parseChatRecord,
  [MsgType.Complaint]: parseComplaint,
  [MsgType.GroupInvite]: parseGroupInvite,
  [MsgType.File]: parseFile,
  [MsgType.Notification]: parseNotification,
  [MsgType.HiddenNotification]: parseHidden,
  [MsgType.Reply]: parseReply,
  [MsgType.NativeHello]: parseNativeHello,
}

function emptyBase(): MessageBase {
  return { id: 0, msgId: '', msgType: 0, sendTime: 0, sender: { nickname: '' } }
}

/** Drops optional fields that came out undefined, so a message holds only the fields it has. */
function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}

function parseAt(wire: unknown, depth: number): LessonMessage {
  let base = emptyBase()
  try {
    const envelope = readEnvelope(wire)
    base = envelope.base
    const body = isMsgType(base.msgType) ? PARSERS[base.msgType](envelope, depth) : undefined
    if (body !== undefined) return withoutUndefined<LessonMessage>({ ...base, ...body })
  } catch {
    // a hostile payload (a throwing getter, a proxy) is an unsupported message, not a crash
  }
  return { ...base, kind: 'unsupported', typeLabelKey: msgTypeLabelKey(base.msgType) }
}

/** Never throws; every result satisfies `isRenderable`. */
export function parseMessage(wire: unknown): LessonMessage {
  return parseAt(wire, 0)
}
