/**
 * Wire types of the lesson area (spec 000 §3, §7; spec 001 §3).
 * Field names stay exactly as the backend sends them.
 */

/** `courseData`: the opaque lesson handle carried by links and every lesson call. */
export type CourseData = string

export type PrivacyStatus = 1 | 2 | 3 // 1 open, 2 password, 3 paid
export type ApplyType = 0 | 1 | 2

/** POST /wmim/course/v2/query/info.do (courseData) and /wmim/course/query/info.do (data) -> data.object */
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

/** Message list calls: body fields (form-encoded). */
export interface MessageListParams {
  page: number
  pageSize: number
  courseData?: CourseData
  /** old links */
  data?: string
  coursePass?: string
}

/** POST /wmim/course/v2/message/picture/list.do -> data */
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
export const OLD_LESSON_PAGE_SIZE = 10
export const PICTURE_PAGE_SIZE = 40

/**
 * data.object of the info calls for an illegal lesson: the server answers only the title,
 * so no content field of a suspended lesson ever reaches a client.
 */
export interface IllegalLessonInfo {
  illegal: 1
  courseName: string
}

/** POST /wmim/course/v2/message/picture/list.do: body fields (form-encoded). */
export interface PictureListParams {
  /** sendTime cursor, epoch ms; 0 starts from the first picture */
  msgTimestamp: number
  pageSize: number
  courseData: CourseData
  coursePass?: string
}
