/**
 * The admin and complaint viewers' lists (spec 000 §2 "Older lesson and admin viewers", §6, §7).
 * The reader proves who they are with the `userid` and `token` session headers, which a viewer
 * takes from its route's `data` ({token, userid, data}); `data` here names the lesson.
 */
import type { ArrayData } from './api'
import { endpoint } from './contract'
import type { WireMessage } from './lesson'

/** spec 000 §9: the complaint and old lists page by 10 */
export const REVIEW_PAGE_SIZE = 10

interface ReviewPage {
  page: number
  pageSize: number
  /** the lesson: its old-link `data` or its `courseData` */
  data: string
}

export const reviewCalls = {
  /** 403 unless the token is an admin's, the lesson author's session or a complainant's of that lesson; 404 past the end. */
  adminMessages: endpoint<ReviewPage, ArrayData<WireMessage>>('/wmim/course/admin/message/query/list.do', {
    page: 'required',
    pageSize: 'required',
    data: 'required',
  }),
  /** The same rule; `coursePass` is accepted as the old client sends it, but the token alone decides. */
  complaintMessages: endpoint<ReviewPage & { coursePass?: string }, ArrayData<WireMessage>>('/wmim/complaint/message/query/list.do', {
    page: 'required',
    pageSize: 'required',
    data: 'required',
    coursePass: 'optional',
  }),
} as const
