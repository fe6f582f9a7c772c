/**
 * The lesson message model (spec 000 §3 "Message type codes", "Payloads of message types").
 * `parseMessage` turns any wire value into one of these; every variant is complete, so a cell
 * never has to guess. Text is plain text: the UI renders it as a text node, never as HTML.
 */

import type { WordTime } from '../listening/iatWords'

/** Message type codes exactly as the backend sends them. */
export const MsgType = {
  Text: 1000,
  Image: 1001,
  Voice: 1002,
  Video: 1003,
  Face: 1004,
  ContactCard: 1005,
  Location: 1006,
  SignIn: 1007,
  Material: 1008,
  Web: 1009,
  CustomFace: 1010,
  ChatRecord: 1011,
  Complaint: 1012,
  GroupInvite: 1013,
  File: 1014,
  Notification: 2000,
  HiddenNotification: 2001,
  Reply: 3000,
  NativeHello: 99999,
} as const

export type MsgType = (typeof MsgType)[keyof typeof MsgType]

const MSG_TYPE_CODES: ReadonlySet<number> = new Set<number>(Object.values(MsgType))

export function isMsgType(code: number): code is MsgType {
  return MSG_TYPE_CODES.has(code)
}

/**
 * Locale keys naming each message type; an unsupported cell shows the translated key as its
 * bracketed placeholder (spec 000 §8). `msg.type.unknown` covers codes outside the table.
 */
export const MSG_TYPE_LABEL_KEYS = {
  [MsgType.Text]: 'msg.type.text',
  [MsgType.Image]: 'msg.type.image',
  [MsgType.Voice]: 'msg.type.voice',
  [MsgType.Video]: 'msg.type.video',
  [MsgType.Face]: 'msg.type.face',
  [MsgType.ContactCard]: 'msg.type.contactCard',
  [MsgType.Location]: 'msg.type.location',
  [MsgType.SignIn]: 'msg.type.signIn',
  [MsgType.Material]: 'msg.type.material',
  [MsgType.Web]: 'msg.type.web',
  [MsgType.CustomFace]: 'msg.type.customFace',
  [MsgType.ChatRecord]: 'msg.type.chatRecord',
  [MsgType.Complaint]: 'msg.type.complaint',
  [MsgType.GroupInvite]: 'msg.type.groupInvite',
  [MsgType.File]: 'msg.type.file',
  [MsgType.Notification]: 'msg.type.notification',
  [MsgType.HiddenNotification]: 'msg.type.hiddenNotification',
  [MsgType.Reply]: 'msg.type.reply',
  [MsgType.NativeHello]: 'msg.type.nativeHello',
} as const satisfies Record<MsgType, string>

export const UNKNOWN_MSG_TYPE_LABEL_KEY = 'msg.type.unknown'

export type MessageLabelKey =
  | (typeof MSG_TYPE_LABEL_KEYS)[MsgType]
  | typeof UNKNOWN_MSG_TYPE_LABEL_KEY

/** Every key an unsupported cell may carry: the locales define them all. */
export const MESSAGE_LABEL_KEYS: readonly MessageLabelKey[] = [
  ...Object.values(MSG_TYPE_LABEL_KEYS),
  UNKNOWN_MSG_TYPE_LABEL_KEY,
]

export function msgTypeLabelKey(code: number): MessageLabelKey {
  return isMsgType(code) ? MSG_TYPE_LABEL_KEYS[code] : UNKNOWN_MSG_TYPE_LABEL_KEY
}

export interface MessageSender {
  nickname: string
  /** safe avatar URL; absent when missing or rejected */
  faceIcon?: string
}

/** Fields every message carries. Missing ids and times become 0 / '' (never undefined). */
export interface MessageBase {
  id: number
  msgId: string
  /** the code as received (an unknown code is kept so the UI can log it) */
  msgType: number
  /** epoch milliseconds */
  sendTime: number
  sender: MessageSender
}

export interface Size {
  width: number
  height: number
}

/** Image, video and file metadata of 0 means "unknown": the UI falls back to its default box. */
export interface TextMessage extends MessageBase {
  kind: 'text'
  text: string
}

export interface ImageMessage extends MessageBase {
  kind: 'image'
  url: string
  width: number
  height: number
}

export interface VoiceMessage extends MessageBase {
  kind: 'voice'
  url: string
  /** seconds; 0 when unknown (the player reads the real duration from the media) */
  duration: number
  /** transcription sent with the message */
  text?: string
  /** the speech service's word times kept with the transcription (the payload's iFlytek `ws`), if any */
  words?: WordTime[]
  /** the payload's id (used by voice-to-text); the msgId when the payload has none */
  voiceId: string
}

export interface VideoMessage extends MessageBase {
  kind: 'video'
  url: string
  width: number
  height: number
  /** poster frame derived from the video URL (see `videoPosterUrl`) */
  posterUrl: string
}

export interface FaceMessage extends MessageBase {
  kind: 'face'
  url: string
  width?: number
  height?: number
}

export interface CustomFaceMessage extends MessageBase {
  kind: 'customFace'
  emojiUrl: string
  naturalSize?: Size
}

export interface ContactCardMessage extends MessageBase {
  kind: 'contactCard'
  name: string
  avatar?: string
  /** the card owner's user id */
  userId?: string
}

export interface LocationMessage extends MessageBase {
  kind: 'location'
  title?: string
  address?: string
  lat?: number
  lng?: number
}

export interface SignInMessage extends MessageBase {
  kind: 'signIn'
  text?: string
}

export interface CircleMediaItem {
  domainIndex: number
  urlSuffix: string
}

export interface CircleUser {
  nickname: string
  faceIcon?: string
}

/**
 * Everything the circle post detail page needs (spec 000 §2 "Circle post detail": content,
 * mediaArr, picDomainArr, mediaDomains, mediaPrefix, isVideo, user). `picDomain` / `mediaDomain`
 * are the single-domain fallbacks of old payloads.
 */
export interface CircleDetailData {
  content: string
  mediaArr: CircleMediaItem[]
  mediaPrefix: string
  picDomainArr: string[]
  picDomain?: string
  mediaDomains: string[]
  mediaDomain?: string
  isVideo: boolean
  user?: CircleUser
}

/** A circle or group-space post with its media URLs resolved. */
export interface CircleMedia {
  content: string
  isVideo: boolean
  /** full, safe picture URLs in post order */
  images: string[]
  videoUrl?: string
  posterUrl?: string
}

/** 0 circle post (opens WmCircleDetail), 1 group space post (opens GroupSpaceDetail). */
export type MaterialType = 0 | 1

export interface MaterialMessage extends MessageBase, CircleMedia {
  kind: 'material'
  materialType: MaterialType
  /** images.length: the cell shows three pictures and the count on the fourth */
  totalImages: number
  detail: CircleDetailData
}

export interface WebMessage extends MessageBase {
  kind: 'web'
  title: string
  icon?: string
  url: string
}

export interface ChatRecordMessage extends MessageBase {
  kind: 'chatRecord'
  title: string
  icon?: string
  url: string
}

export interface ComplaintMessage extends MessageBase {
  kind: 'complaint'
  text?: string
}

export interface GroupInviteMessage extends MessageBase {
  kind: 'groupInvite'
  groupName?: string
  avatar?: string
  /** opaque invite handle for the group-invite page */
  data?: string
}

export interface FileMessage extends MessageBase {
  kind: 'file'
  fileName: string
  /** lower case, no dot; '' when neither the payload nor the name gives one */
  fileExtension: string
  /** bytes; 0 when unknown */
  fileLength: number
  url: string
}

export interface ReplyMessage extends MessageBase {
  kind: 'reply'
  /** the quoted message, parsed like any other (an unparseable quote is `unsupported`) */
  quoted: LessonMessage
  replyText: string
}

export interface NotificationMessage extends MessageBase {
  kind: 'notification'
  text: string
}

/** 2001: kept in the list (paging counts it) but never shown. */
export interface HiddenMessage extends MessageBase {
  kind: 'hidden'
}

export interface NativeHelloMessage extends MessageBase {
  kind: 'nativeHello'
  text?: string
}

/** Unknown type or a payload without what its kind needs: the cell shows `[label]`. */
export interface UnsupportedMessage extends MessageBase {
  kind: 'unsupported'
  typeLabelKey: MessageLabelKey
}

export type LessonMessage =
  | TextMessage
  | ImageMessage
  | VoiceMessage
  | VideoMessage
  | FaceMessage
  | CustomFaceMessage
  | ContactCardMessage
  | LocationMessage
  | SignInMessage
  | MaterialMessage
  | WebMessage
  | ChatRecordMessage
  | ComplaintMessage
  | GroupInviteMessage
  | FileMessage
  | ReplyMessage
  | NotificationMessage
  | HiddenMessage
  | NativeHelloMessage
  | UnsupportedMessage

export type MessageKind = LessonMessage['kind']

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

/** A message without its common fields: what a payload parser produces. */
export type MessageBody = DistributiveOmit<LessonMessage, keyof MessageBase>
