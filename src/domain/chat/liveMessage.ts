import { decodeRecord, field, isRecord, toText, type WireRecord } from '../coerce'
import { IM_MESSAGE_TYPE } from './constants'
import { KIND_OF_CODE, readChatFile, type LiveFile } from './fileMessage'

/** The content's msgType (spec 001 §3): a comment, a notice never shown, the app's native hello; FILE a file, image or audio message. */
export type LiveMsgType = 'TEXT' | 'NOTI_NODISPLAY' | 'HELLO' | 'FILE'
const NATIVE_HELLO = 99999

export interface LiveSender {
  nickname: string
  faceIcon: string
  uid: string
  updateTime: number
}

/** One live chat message (spec 001 §3 "Live chat message"), normalised once by the chat room client. */
export interface LiveChatMessage {
  /** the client message id: the key for merging and de-duplicating */
  idClient: string
  /** the sending account */
  from: string
  /** the room's time for the message: history pages by it */
  time: number
  flow: 'in' | 'out'
  msgType: LiveMsgType
  text: string
  sender: LiveSender
  /** the notice's type, e.g. `live_deinit`; '' for comments */
  type: string
  /** a file, image or audio message's file (msgType FILE; its text is the file's name) */
  file?: LiveFile
  /**
   * The sender's role when it is the host or a manager: what the room's own record of the sender
   * says (issue 29, item 3), never the message's text, so a look-alike name cannot pass for them.
   */
  role?: SenderRole
}

/** The roles a chat row shows a badge for. */
export type SenderRole = 'owner' | 'manager'

/** The content JSON a live chat message carries in a custom (100) message. */
export interface LiveContent {
  msgType: 'TEXT' | 'NOTI_NODISPLAY' | typeof NATIVE_HELLO
  text: string
  senderUserInfo: LiveSender
  type?: string
  time: number
}

export interface Viewer {
  account: string
  /** the page is on https: a file's http url is taken as https (spec 001 §3 secure-page mode) */
  secure?: boolean
  /** this device's id; messages an account sends to itself are 'out' only from this device */
  deviceId: string
}

/** What either adapter knows of a received message, before anything is trusted. */
export interface RawRoomMessage {
  idClient: unknown
  from: unknown
  to?: unknown
  fromNick?: unknown
  fromAvatar?: unknown
  fromDeviceId?: unknown
  time: unknown
  /** a type code (0, 100) or the SDK's name for it ('text', 'custom') */
  type: unknown
  /** the text of a text message, the content JSON of a custom one, the file JSON of a file message */
  body: unknown
  /** a file message's file as NetEase's SDK gives it (an object), when not in `body` */
  file?: unknown
  /** a robot's reply carries its output: always 'in' */
  robotOutput?: unknown
  /** the sender's member type as the room recorded it ('owner', 'manager', …), when the carrier says */
  fromType?: unknown
}

/**
 * Spec 001 §3: 'out' when sent by the current account (when it sent it to itself, only from this
 * device), otherwise 'in'; a robot reply with an output is always 'in'.
 */
export function flowOf(message: Pick<RawRoomMessage, 'from' | 'to' | 'fromDeviceId' | 'robotOutput'>, viewer: Viewer): 'in' | 'out' {
  if (message.robotOutput !== undefined && message.robotOutput !== null && message.robotOutput !== '') return 'in'
  if (viewer.account === '' || message.from !== viewer.account) return 'in'
  if (message.to === viewer.account) return message.fromDeviceId === viewer.deviceId ? 'out' : 'in'
  return 'out'
}

const TYPE_NAMES: Readonly<Record<string, number>> = IM_MESSAGE_TYPE

function typeCode(type: unknown): number | undefined {
  if (typeof type === 'number' && Number.isInteger(type)) return type
  if (typeof type !== 'string') return undefined
  if (/^\d{1,6}$/.test(type)) return Number(type)
  return Object.prototype.hasOwnProperty.call(TYPE_NAMES, type) ? TYPE_NAMES[type] : undefined
}

function finiteTime(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : undefined
}

function msgTypeOf(value: unknown): LiveMsgType | undefined {
  if (value === 'TEXT' || value === 'NOTI_NODISPLAY') return value
  if (value === NATIVE_HELLO || value === String(NATIVE_HELLO)) return 'HELLO'
  return undefined
}

/**
 * Who sent it: the name and picture the room recorded for the sender (its member record) before
 * the ones the message's text claims, which any sender writes as it likes (issue 29, item 3).
 */
function senderOf(info: WireRecord | undefined, raw: RawRoomMessage, from: string, time: number): LiveSender {
  const updateTime = finiteTime(field(info, 'updateTime'))
  return {
    nickname: toText(raw.fromNick) ?? toText(field(info, 'nickname')) ?? from,
    faceIcon: toText(raw.fromAvatar) ?? toText(field(info, 'faceIcon')) ?? '',
    uid: toText(field(info, 'uid')) ?? from,
    updateTime: updateTime ?? time,
  }
}

const roleOf = (fromType: unknown): SenderRole | undefined => (fromType === 'owner' || fromType === 'manager' ? fromType : undefined)

/** The message with its sender's role, when it has one. */
const withRole = (message: LiveChatMessage, fromType: unknown): LiveChatMessage => {
  const role = roleOf(fromType)
  return role ? { ...message, role } : message
}

/**
 * Reads one received message into a live chat message, or `undefined` when it is not one (another
 * message type, no id or sender, content that is not the live content JSON). Never throws.
 */
export function normaliseLiveMessage(raw: RawRoomMessage, viewer: Viewer): LiveChatMessage | undefined {
  const idClient = toText(raw.idClient)
  const from = toText(raw.from)
  const time = finiteTime(raw.time)
  if (idClient === undefined || from === undefined || time === undefined) return undefined
  const flow = flowOf(raw, viewer)
  const code = typeCode(raw.type)
  if (code === IM_MESSAGE_TYPE.text) {
    const text = typeof raw.body === 'string' ? raw.body : undefined
    if (text === undefined) return undefined
    return withRole({ idClient, from, time, flow, msgType: 'TEXT', text, sender: senderOf(undefined, raw, from, time), type: '' }, raw.fromType)
  }
  if (code !== undefined && KIND_OF_CODE[code] !== undefined) {
    const file = readChatFile(code, raw.file ?? raw.body, viewer.secure === true)
    if (file === undefined) return undefined
    return withRole({ idClient, from, time, flow, msgType: 'FILE', text: file.name, sender: senderOf(undefined, raw, from, time), type: '', file }, raw.fromType)
  }
  if (code !== IM_MESSAGE_TYPE.custom) return undefined
  const content = decodeRecord(raw.body)
  const msgType = msgTypeOf(field(content, 'msgType'))
  if (content === undefined || msgType === undefined) return undefined
  const text = field(content, 'text')
  const info = field(content, 'senderUserInfo')
  const message: LiveChatMessage = {
    idClient,
    from,
    time,
    flow,
    msgType,
    text: typeof text === 'string' ? text : '',
    sender: senderOf(isRecord(info) ? info : undefined, raw, from, time),
    type: toText(field(content, 'type')) ?? '',
  }
  return withRole(message, raw.fromType)
}

/** The content JSON of a comment the viewer sends. */
export function commentContent(text: string, sender: LiveSender, time: number): LiveContent {
  return { msgType: 'TEXT', text, senderUserInfo: sender, time }
}

/** Comments and the native hello are listed; NOTI_NODISPLAY notices (e.g. `live_deinit`) never are. */
export function isDisplayed(message: LiveChatMessage): boolean {
  return message.msgType !== 'NOTI_NODISPLAY'
}
