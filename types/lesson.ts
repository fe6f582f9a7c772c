/**
 * Wire types and calls of the lesson area (spec 000 §3, §7; spec 001 §3).
 * Field names stay exactly as the backend sends them.
 */
import type { ArrayData, ObjectData } from './api'
import { endpoint } from './contract'

/** `courseData`: the opaque lesson handle carried by links and every lesson call. */
export type CourseData = string

export type PrivacyStatus = 1 | 2 | 3 // 1 open, 2 password, 3 paid
export type ApplyType = 0 | 1 | 2

/** data.object of the info calls (lessonCalls.info, lessonCalls.legacyInfo) for a lesson that is not illegal. */
export interface LessonInfo {
  illegal: 0 | 1
  markId: number
  applyType: ApplyType
  /** creation time, epoch milliseconds */
  createTimestamp: number
  courseName: string
  coursePic: string
  shareUrl: string
  isBought: 0 | 1
  isCheckedFreeCount: 0 | 1
  freeCount: number
  /** author id */
  wmid: string
  privacyStatus: PrivacyStatus
  isCheckedShareRecash: 0 | 1
  /** fen */
  shareRecash: number
  /** fen */
  fee: number
  nickname: string
  faceIcon: string
  loginUrl: string
}

export interface SenderUserInfo {
  nickname: string
  faceIcon: string
}

/**
 * One item of data.array of the message list calls (transport form).
 * `obj` is the type's payload: usually a JSON string as exported by the app (possibly
 * double-encoded or broken), sometimes an object. `content` is the content-JSON form
 * `{msgType, msgId, obj:{url,...}, resourceUrl?}` used by old exports; parsers accept both.
 * Text payload: `{ "content": "..." }`.
 */
export interface WireMessage {
  id: number
  msgId: string
  msgType: number
  /** epoch milliseconds */
  sendTime: number
  resourceUrl?: string
  obj?: unknown
  content?: string
  senderUserInfo?: SenderUserInfo
  /** old exports: 'RC:VcMsg' voice with voiceUrl and msgUID */
  objectName?: string
  voiceUrl?: string
  msgUID?: string
}

/** data of lessonCalls.pictures */
export interface PictureListData {
  /** cursor for the next page (sendTime of the last picture returned), epoch ms */
  msgTimestamp: number
  picArray: PreviewImage[]
  /** 1 when more pictures follow */
  isNextData: 0 | 1
}

export interface PreviewImage {
  id: number
  url: string
}

export const LESSON_PAGE_SIZE = 20
/** spec 000 §9: the old viewers (`data` links, the old list call) page by 10 */
export const LEGACY_LESSON_PAGE_SIZE = 10
export const PICTURE_PAGE_SIZE = 40

/**
 * Code of the v2, old and picture lists for a client that tried too many wrong passwords for the
 * lesson (or a lesson that got too many from everyone): the password is not checked, and `data`
 * says how long to wait. A client that gave the right password before keeps reading.
 */
export const PASSWORD_TRIES_CODE = 429

/** `data` of a PASSWORD_TRIES_CODE refusal. */
export interface PasswordTriesData {
  waitMinutes: number
}

/**
 * data.object of the info calls for an illegal lesson: the server answers only the title,
 * so no content field of a suspended lesson ever reaches a client.
 */
export interface IllegalLessonInfo {
  illegal: 1
  courseName: string
}

export type InfoAnswer = ObjectData<LessonInfo | IllegalLessonInfo>

/** Whether an info answer is the title-only one of an illegal lesson. */
export function isIllegalInfo(info: LessonInfo | IllegalLessonInfo): info is IllegalLessonInfo {
  return info.illegal === 1
}

interface ListPage {
  page: number
  pageSize: number
}

/** The lesson calls of spec 000 §7: v2 calls name the lesson by `courseData`, old links by `data`. */
export const lessonCalls = {
  info: endpoint<{ courseData: CourseData }, InfoAnswer>('/wmim/course/v2/query/info.do', { courseData: 'required' }),
  legacyInfo: endpoint<{ data: string }, InfoAnswer>('/wmim/course/query/info.do', { data: 'required' }),
  /** 404 past the last page; 601 when the reader must buy first; 403 for a missing or wrong password. */
  messages: endpoint<ListPage & { courseData: CourseData; coursePass?: string }, ArrayData<WireMessage>>(
    '/wmim/course/v2/message/list.do',
    { page: 'required', pageSize: 'required', courseData: 'required', coursePass: 'optional' },
  ),
  legacyMessages: endpoint<ListPage & { data: string; coursePass?: string }, ArrayData<WireMessage>>(
    '/wmim/course/message/query/list.do',
    { page: 'required', pageSize: 'required', data: 'required', coursePass: 'optional' },
  ),
  /** The first freeCount messages of a paid lesson with a free preview, to anyone. */
  freeMessages: endpoint<ListPage & { courseData: CourseData }, ArrayData<WireMessage>>(
    '/wmim/course/v2/free/message/list.do',
    { page: 'required', pageSize: 'required', courseData: 'required' },
  ),
  /** `msgTimestamp` is the sendTime cursor, epoch ms (0 starts from the first picture); pageSize defaults to PICTURE_PAGE_SIZE. */
  pictures: endpoint<{ msgTimestamp: number; pageSize?: number; courseData: CourseData; coursePass?: string }, PictureListData>(
    '/wmim/course/v2/message/picture/list.do',
    { msgTimestamp: 'required', pageSize: 'optional', courseData: 'required', coursePass: 'optional' },
  ),
  /** Asks for in-app viewing of a lesson; `data` carries the courseData. */
  apply: endpoint<{ data: CourseData }, null>('/wmim/course/apply.do', { data: 'required' }),
} as const

/**
 * The named lesson calls of spec 001 §7 and the calls above they are (the spec leaves the pairing
 * open; `types/money.ts` pairs the money area's):
 *   queryLessonOpen (data; reads code) -> legacyInfo /wmim/course/query/info.do: whether the lesson
 *     an old `data` link names may be opened (200 with its info, 404 unknown, 8 over its view limit)
 *   getInfo (courseData; reads data.object) -> info /wmim/course/v2/query/info.do
 *   getListData (page 1, pageSize 1, data, coursePass; reads code: the password check) -> legacyMessages
 */
export const LESSON_NAMED_CALLS = {
  queryLessonOpen: lessonCalls.legacyInfo,
  getInfo: lessonCalls.info,
  getListData: lessonCalls.legacyMessages,
} as const
