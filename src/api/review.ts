import { ResponseCode } from '../../types/api'
import type { WireMessage } from '../../types/lesson'
import { reviewCalls, REVIEW_PAGE_SIZE } from '../../types/review'
import type { ReviewLink } from '../domain/reviewLink'
import { createCall } from './client'
import type { Post } from './client'

/** `admin`: /lessonAdmin; `complaint`: /lessonComplain and /complaint (spec 000 §2, §7). */
export type ReviewKind = 'admin' | 'complaint'

export type ReviewPage =
  | { kind: 'page'; messages: WireMessage[] }
  | { kind: 'end' }
  /** 403: the link's token may not view this lesson */
  | { kind: 'refused' }

/**
 * The admin and complaint lists. The link's userid and token go as the session headers of the
 * call (spec 000 §6), in place of any session stored on this device. Silent: the viewer shows a
 * failure on its screen.
 */
export function createReviewApi(post: Post) {
  const call = createCall(post)
  return {
    async messages(kind: ReviewKind, link: ReviewLink, page: number): Promise<ReviewPage> {
      const body = { page, pageSize: REVIEW_PAGE_SIZE, data: link.data }
      const options = { silent: true, passCodes: [ResponseCode.Forbidden], headers: { userid: link.userid, token: link.token } }
      const res =
        kind === 'admin'
          ? await call(reviewCalls.adminMessages, body, options)
          : await call(reviewCalls.complaintMessages, body, options)
      if (res.code === ResponseCode.NotFound) return { kind: 'end' }
      if (res.code === ResponseCode.Forbidden) return { kind: 'refused' }
      return { kind: 'page', messages: Array.isArray(res.data?.array) ? res.data.array : [] }
    },
  }
}

export type ReviewApi = ReturnType<typeof createReviewApi>
