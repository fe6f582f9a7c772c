import { ResponseCode } from '../../types/api'
import type { IllegalLessonInfo, LessonInfo, PictureListData, WireMessage } from '../../types/lesson'
import { isIllegalInfo, lessonCalls, LEGACY_LESSON_PAGE_SIZE, LESSON_PAGE_SIZE, PASSWORD_TRIES_CODE, PICTURE_PAGE_SIZE } from '../../types/lesson'
import type { LessonLink } from '../domain/lessonLink'
import { createCall } from './client'
import type { Post, Prefetch } from './client'

/** An illegal lesson is answered with its title only (`illegal`), never with the full info. */
export type InfoResult =
  | { found: false }
  | { found: true; info: LessonInfo }
  | { found: true; illegal: IllegalLessonInfo }

/** A page of messages, or why there is none. */
export type MessagePage =
  | { kind: 'page'; messages: WireMessage[] }
  | { kind: 'end' }
  /** 601 on the lesson list: not allowed to read it, go to the pay/share page. */
  | { kind: 'mustPay' }
  /** 403: missing or wrong password. */
  | { kind: 'passwordRejected'; message: string }
  /** PASSWORD_TRIES_CODE: too many wrong passwords; the password was not checked. Minutes to wait, when the server said. */
  | { kind: 'tooManyTries'; waitMinutes?: number }

/** `data.waitMinutes` of a PASSWORD_TRIES_CODE answer, when it is a whole number of minutes. */
function waitMinutesOf(data: unknown): number | undefined {
  const minutes = typeof data === 'object' && data !== null ? (data as { waitMinutes?: unknown }).waitMinutes : undefined
  return typeof minutes === 'number' && Number.isInteger(minutes) && minutes > 0 ? minutes : undefined
}

export function createLessonApi(post: Post) {
  const call = createCall(post)

  return {
    /** Silent: both pages show a failed info call as their error state. */
    async info(link: LessonLink): Promise<InfoResult> {
      const res =
        link.kind === 'v2'
          ? await call(lessonCalls.info, { courseData: link.courseData }, { silent: true })
          : await call(lessonCalls.legacyInfo, { data: link.data }, { silent: true })
      const object = res.data?.object
      if (res.code === ResponseCode.NotFound || !object) return { found: false }
      return isIllegalInfo(object) ? { found: true, illegal: object } : { found: true, info: object }
    },

    /**
     * `freePreview` reads the free list, which names lessons by courseData only: an old link has
     * no free list, so its pages always come from the old list (which answers 601 to a reader who
     * must buy first). `silent` when the caller shows a failure on the screen (the list's error
     * state and footer); otherwise the transport toasts it (the unlock button).
     */
    async messages(
      link: LessonLink,
      page: number,
      options: { pageSize?: number; coursePass?: string; freePreview?: boolean; silent?: boolean } = {},
    ): Promise<MessagePage> {
      const listPage = { page, pageSize: options.pageSize ?? LESSON_PAGE_SIZE }
      const { coursePass } = options
      const listOptions = {
        passCodes: [ResponseCode.SessionExpired, ResponseCode.Forbidden, PASSWORD_TRIES_CODE],
        silent: options.silent === true,
      }
      const res =
        link.kind === 'legacy'
          ? await call(lessonCalls.legacyMessages, { ...listPage, data: link.data, coursePass }, listOptions)
          : options.freePreview
            ? await call(lessonCalls.freeMessages, { ...listPage, courseData: link.courseData }, listOptions)
            : await call(lessonCalls.messages, { ...listPage, courseData: link.courseData, coursePass }, listOptions)
      if (res.code === ResponseCode.NotFound) return { kind: 'end' }
      if (res.code === ResponseCode.SessionExpired) return { kind: 'mustPay' }
      if (res.code === ResponseCode.Forbidden) return { kind: 'passwordRejected', message: res.msg }
      if (res.code === PASSWORD_TRIES_CODE) {
        const waitMinutes = waitMinutesOf(res.data)
        return waitMinutes === undefined ? { kind: 'tooManyTries' } : { kind: 'tooManyTries', waitMinutes }
      }
      return { kind: 'page', messages: Array.isArray(res.data?.array) ? res.data.array : [] }
    },

    async pictures(courseData: string, msgTimestamp: number, coursePass?: string): Promise<PictureListData> {
      const res = await call(lessonCalls.pictures, { msgTimestamp, pageSize: PICTURE_PAGE_SIZE, courseData, coursePass })
      if (res.code === ResponseCode.NotFound || !res.data) return { msgTimestamp, picArray: [], isNextData: 0 }
      return res.data
    },

    async apply(courseData: string): Promise<void> {
      await call(lessonCalls.apply, { data: courseData })
    },
  }
}

export type LessonApi = ReturnType<typeof createLessonApi>

/**
 * Sends the calls the lesson page makes first for this link when it opens (info, then page 1
 * of the list with no password) before the page's code has arrived; the page's own calls take
 * these answers (`createClient`). A lesson whose first page needs a password or the free list
 * asks for that itself, and the early answer is dropped unused.
 */
export function startLessonFirstCalls(prefetch: Prefetch, link: LessonLink): void {
  if (link.kind === 'v2') {
    prefetch(lessonCalls.info.path, { courseData: link.courseData })
    prefetch(lessonCalls.messages.path, { page: 1, pageSize: LESSON_PAGE_SIZE, courseData: link.courseData })
  } else {
    prefetch(lessonCalls.legacyInfo.path, { data: link.data })
    prefetch(lessonCalls.legacyMessages.path, { page: 1, pageSize: LEGACY_LESSON_PAGE_SIZE, data: link.data })
  }
}
