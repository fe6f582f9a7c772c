/**
 * The route `data` of the admin and complaint viewers (spec 000 §2 "Older lesson and admin
 * viewers", §6): JSON `{token, userid, data}`, URI-encoded up to twice, where `data` names the
 * lesson. The token and userid are the reader's proof, sent as the session headers of the list call.
 */
import { field, isRecord, toId, toText } from './coerce'
import { parseJsonParam, type RouteParamKey } from './routeParams'

export interface ReviewLink {
  token: string
  userid: string
  /** the lesson: its old-link `data` or its `courseData` */
  data: string
}

/** Why a viewer link cannot be read: no parameter, not JSON, or no lesson / no token in it. */
export type ReviewLinkProblem = RouteParamKey | 'review.noLesson' | 'review.noToken'

export type ReviewLinkResult = { ok: true; link: ReviewLink } | { ok: false; problem: ReviewLinkProblem }

export function parseReviewLink(raw: string | null | undefined): ReviewLinkResult {
  const parsed = parseJsonParam(raw)
  if (!parsed.ok) return { ok: false, problem: parsed.errorKey }
  if (!isRecord(parsed.value)) return { ok: false, problem: 'routeParam.invalid' }
  const record = parsed.value
  const data = toId(field(record, 'data'))?.trim()
  if (!data) return { ok: false, problem: 'review.noLesson' }
  const token = toText(field(record, 'token'))?.trim()
  const userid = toId(field(record, 'userid'))?.trim()
  if (!token || !userid) return { ok: false, problem: 'review.noToken' }
  return { ok: true, link: { token, userid, data } }
}
