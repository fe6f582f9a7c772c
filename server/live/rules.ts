/**
 * The live area's access decisions (spec 001 §5, §6), pure: who may have a live's stream, its
 * replay and its admin view. The routes act on what these answer and nothing else.
 */
import { ResponseCode } from '../../types/api'
import { LIVE_PASSWORD_MIN_LENGTH } from '../../types/live'
import type { AttemptLimit } from '../core/attempts'
import type { TextKey } from '../core/messages'
import type { LiveRecord } from './data'

/** Wrong replay passwords per live and client (core/attempts.ts), then a wait. */
export const REPLAY_PASSWORD_LIMIT: AttemptLimit = { max: 10, windowMs: 10 * 60_000 }
/**
 * Wrong replay passwords one live takes from every client together, then a wait for all but the
 * clients that gave the right one before: what stops a guess spread over many addresses.
 */
export const REPLAY_PASSWORD_LIVE_LIMIT: AttemptLimit = { max: 100, windowMs: 10 * 60_000 }

export interface Refusal {
  code: number
  /** its text in core/messages.ts */
  key: TextKey
}

/** Who asks: a chat-app login (its wmid and whether it bought this live) or a guest. */
export type LiveViewer = { kind: 'guest' } | { kind: 'user'; wmid: string; bought: boolean }

const isOwner = (live: LiveRecord, viewer: LiveViewer): boolean => viewer.kind === 'user' && viewer.wmid === live.wmid

/** A paid live is watched (live or replay) only by its owner or a buyer (spec 001 §6). */
function paidRefusal(live: LiveRecord, viewer: LiveViewer): Refusal | undefined {
  if (live.saleLiveId === null || isOwner(live, viewer)) return undefined
  if (viewer.kind === 'user' && viewer.bought) return undefined
  return { code: ResponseCode.Forbidden, key: 'liveNotBought' }
}

/** The live stream: not for an app-only live, not before it starts, paid ones only when bought. */
export function playRefusal(live: LiveRecord, viewer: LiveViewer): Refusal | undefined {
  if (live.appOnly === 1 && !isOwner(live, viewer)) return { code: ResponseCode.Forbidden, key: 'liveAppOnly' }
  if (live.status === 0) return { code: ResponseCode.Forbidden, key: 'liveNotStarted' }
  return paidRefusal(live, viewer)
}

/**
 * The replay: it must exist; paid lives only for their owner or a buyer; a password replay needs
 * the password (under 4 characters is wrong without comparing). The owner needs no password.
 */
export function replayRefusal(live: LiveRecord, viewer: LiveViewer, playPass: string | undefined): Refusal | undefined {
  if (live.hasReplay === 0) return { code: ResponseCode.NotFound, key: 'liveNoReplay' }
  if (live.appOnly === 1 && !isOwner(live, viewer)) return { code: ResponseCode.Forbidden, key: 'liveAppOnly' }
  const paid = paidRefusal(live, viewer)
  if (paid) return paid
  if (live.replayPassword === null || isOwner(live, viewer)) return undefined
  if (playPass === undefined || playPass.length < LIVE_PASSWORD_MIN_LENGTH || playPass !== live.replayPassword) {
    return { code: ResponseCode.PasswordRequired, key: 'liveWrongPassword' }
  }
  return undefined
}

/**
 * Whether a replay request is a password try: everything but the password would let the viewer
 * in, and the password is needed. Other refusals (no replay, app only, not bought) are no tries.
 */
export function triesReplayPassword(live: LiveRecord, viewer: LiveViewer): boolean {
  return live.replayPassword !== null && replayRefusal(live, viewer, live.replayPassword) === undefined && !isOwner(live, viewer)
}

/** The admin view: the live's owner or one of its admins. */
export function adminRefusal(live: LiveRecord, wmid: string, isAdmin: boolean): Refusal | undefined {
  return live.wmid === wmid || isAdmin ? undefined : { code: ResponseCode.Forbidden, key: 'liveAdminsOnly' }
}
