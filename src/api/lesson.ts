import type { ArrayData, ObjectData } from '../../types/api'
import { ResponseCode } from '../../types/api'
import type { LessonInfo, PictureListData, WireMessage } from '../../types/lesson'
import { LESSON_PAGE_SIZE, PICTURE_PAGE_SIZE } from '../../types/lesson'
import type { FormBody, Post } from './client'

/**
 * How a link names a lesson: the v2 handle `courseData`, or the `data` of an old link, which
 * goes to the old calls (spec 000 §7).
 */
export type LessonHandle = { kind: 'v2'; courseData: string } | { kind: 'legacy'; data: string }

export type InfoResult = { found: true; info: LessonInfo } | { found: false }

/** A page of messages, or why there is none. */
export type MessagePage =
  | { kind: 'page'; messages: WireMessage[] }
  | { kind: 'end' }
  /** 601 on the lesson list: not allowed to read it, go to the pay/share page. */
  | { kind: 'mustPay' }
  /** 403: missing or wrong password. */
  | { kind: 'passwordRejected'; message: string }

function handleBody(handle: LessonHandle): FormBody {
  return handle.kind === 'v2' ? { courseData: handle.courseData } : { data: handle.data }
}

export function createLessonApi(post: Post) {
  return {
    async info(handle: LessonHandle): Promise<InfoResult> {
      const path = handle.kind === 'v2' ? '/wmim/course/v2/query/info.do' : '/wmim/course/query/info.do'
      const res = await post<ObjectData<LessonInfo>>(path, handleBody(handle))
      if (res.code === ResponseCode.NotFound || !res.data?.object) return { found: false }
      return { found: true, info: res.data.object }
    },

    async messages(
      handle: LessonHandle,
      page: number,
      options: { pageSize?: number; coursePass?: string; freePreview?: boolean } = {},
    ): Promise<MessagePage> {
      const path = options.freePreview
        ? '/wmim/course/v2/free/message/list.do'
        : handle.kind === 'v2'
          ? '/wmim/course/v2/message/list.do'
          : '/wmim/course/message/query/list.do'
      const res = await post<ArrayData<WireMessage>>(
        path,
        { page, pageSize: options.pageSize ?? LESSON_PAGE_SIZE, coursePass: options.coursePass, ...handleBody(handle) },
        { passCodes: [ResponseCode.SessionExpired, ResponseCode.Forbidden], silent: false },
      )
      if (res.code === ResponseCode.NotFound) return { kind: 'end' }
      if (res.code === ResponseCode.SessionExpired) return { kind: 'mustPay' }
      if (res.code === ResponseCode.Forbidden) return { kind: 'passwordRejected', message: res.msg }
      return { kind: 'page', messages: Array.isArray(res.data?.array) ? res.data.array : [] }
    },

    async pictures(courseData: string, msgTimestamp: number, coursePass?: string): Promise<PictureListData> {
      const res = await post<PictureListData>('/wmim/course/v2/message/picture/list.do', {
        msgTimestamp,
        pageSize: PICTURE_PAGE_SIZE,
        courseData,
        coursePass,
      })
      if (res.code === ResponseCode.NotFound || !res.data) return { msgTimestamp, picArray: [], isNextData: 0 }
      return res.data
    },

    async apply(courseData: string): Promise<void> {
      await post('/wmim/course/apply.do', { data: courseData })
    },
  }
}

export type LessonApi = ReturnType<typeof createLessonApi>
