/**
 * How stored lessons and messages go out on the wire (types/lesson.ts): the info object and a
 * message with its stored media paths made absolute for the asking origin. The lesson calls
 * (routes.ts) and the lesson page's first screen (firstScreen.ts) answer from the same rows.
 */
import type { IllegalLessonInfo, LessonInfo, WireMessage } from '../../types/lesson'
import { absolutePayload, absoluteUrl } from '../core/urls'
import type { LessonRecord, MessageRecord, PictureRecord } from './data'

export function infoObject(lesson: LessonRecord, isBought: boolean, origin: string): LessonInfo | IllegalLessonInfo {
  if (lesson.illegal === 1) return { illegal: 1, courseName: lesson.courseName }
  return {
    illegal: 0,
    markId: lesson.markId,
    applyType: lesson.applyType,
    createTimestamp: lesson.createTimestamp,
    courseName: lesson.courseName,
    coursePic: absoluteUrl(origin, lesson.coursePic),
    shareUrl: absoluteUrl(origin, lesson.shareUrl),
    isBought: isBought ? 1 : 0,
    isCheckedFreeCount: lesson.isCheckedFreeCount,
    freeCount: lesson.freeCount,
    wmid: lesson.wmid,
    privacyStatus: lesson.privacyStatus,
    isCheckedShareRecash: lesson.isCheckedShareRecash,
    shareRecash: lesson.shareRecash,
    fee: lesson.fee,
    nickname: lesson.nickname,
    faceIcon: absoluteUrl(origin, lesson.faceIcon),
    loginUrl: absoluteUrl(origin, lesson.loginUrl),
  }
}

/** The old transport fields a stored wire_extra may carry; any other key is never answered. */
const WIRE_EXTRA_KEYS = ['objectName', 'voiceUrl', 'msgUID', 'content'] as const
type WireExtra = Partial<Pick<WireMessage, (typeof WIRE_EXTRA_KEYS)[number]>>

/** An own field of a decoded JSON object (never one reached through its prototype). */
function ownField(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && Object.prototype.hasOwnProperty.call(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined
}

/** A stored JSON value, which may be encoded twice; undefined when it is not JSON. */
function decodeStored(value: unknown): unknown {
  let decoded = value
  for (let depth = 0; typeof decoded === 'string' && depth < 2; depth += 1) {
    try {
      decoded = JSON.parse(decoded)
    } catch {
      return undefined
    }
  }
  return decoded
}

/** The whitelisted string fields of wire_extra; broken JSON and other shapes give none. */
function readWireExtra(raw: string | null): WireExtra {
  if (raw === null) return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return {}
  }
  const extra: WireExtra = {}
  for (const key of WIRE_EXTRA_KEYS) {
    const value = ownField(parsed, key)
    if (typeof value === 'string') extra[key] = value
  }
  return extra
}

export function wireMessage(m: MessageRecord, origin: string): WireMessage {
  const { voiceUrl, content, ...names } = readWireExtra(m.wireExtra)
  return {
    id: m.id,
    msgId: m.msgId,
    msgType: m.msgType,
    sendTime: m.sendTime,
    ...(m.resourceUrl ? { resourceUrl: absoluteUrl(origin, m.resourceUrl) } : {}),
    ...(m.obj !== null ? { obj: absolutePayload(origin, m.obj) } : {}),
    ...(content !== undefined ? { content: absolutePayload(origin, content) } : {}),
    ...names,
    ...(voiceUrl !== undefined ? { voiceUrl: absoluteUrl(origin, voiceUrl) } : {}),
    senderUserInfo: { nickname: m.nickname, faceIcon: absoluteUrl(origin, m.faceIcon) },
  }
}

/** A non-empty string field of a decoded JSON object. */
function urlField(value: unknown, key: 'url' | 'resourceUrl'): string | undefined {
  const url = ownField(value, key)
  return typeof url === 'string' && url !== '' ? url : undefined
}

/**
 * The picture's URL (spec 000 §3): resourceUrl overrides obj.url, and in the content-JSON form
 * the content's fields win over the transport ones beside them, as in the client's parser;
 * obj may be double-encoded.
 */
export function pictureUrl(p: PictureRecord): string {
  const content = decodeStored(readWireExtra(p.wireExtra).content)
  return (
    urlField(content, 'resourceUrl') ??
    (p.resourceUrl || undefined) ??
    urlField(decodeStored(ownField(content, 'obj')), 'url') ??
    urlField(decodeStored(p.obj), 'url') ??
    ''
  )
}

