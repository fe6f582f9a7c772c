/**
 * Who may see what of a lesson: spec 000 §4 "Lesson load", §6, spec 001 §4 "Paid lesson page",
 * "Pay flow", "Free preview", "Live on lessonPay".
 *
 * Two screens ask the question: the lesson viewer (/lesson) and the purchase page (/lessonPay).
 * Both run the same gate (info readable, illegal, WeChat's in-app browser) and the same standing of
 * the visitor towards a paid lesson (author, paid, free preview, unpaid); they differ in what they
 * show for each outcome. The server enforces every rule again: this only decides the screen.
 *
 * The info comes off the wire, so every field is read defensively: numeric strings ('1') count as
 * numbers, anything unreadable counts as absent.
 */
import type { LessonInfo } from '../../types/lesson'
import { isRecord } from './coerce'

export interface LessonAccessInput {
  info: LessonInfo
  env: { inWechatBrowser: boolean }
  session: { userId?: string; isProductUser?: boolean }
  /** the apply call succeeded during this visit */
  applied?: boolean
  /** the password list request answered 200 */
  passwordVerified?: boolean
  /** payment succeeded (or the order call said it was bought) during this visit */
  paidLocally?: boolean
  /** stored owner id of the live being bought; its owner counts as paid */
  liveOwnerId?: string
}

export interface LessonPayViewInput extends LessonAccessInput {
  /** payType of the /lessonPay route: 1 lesson, 2 live */
  kind?: 'lesson' | 'live'
}

export interface PayEntry {
  priceFen: number
  /** a visitor who is not a registered product user binds a phone before paying */
  needsPhoneBinding: boolean
  /** present when the author pays a reward for sharing */
  shareRewardFen?: number
}

/** Info that cannot be read (not an object, privacyStatus not 1/2/3): the "course does not exist" state. */
type NotFound = { view: 'notFound' }
type Illegal = { view: 'illegal' }
/** `applied` is only ever true with `canApply`: the button turns into the disabled "submitted" state. */
type OpenInBrowser = { view: 'openInBrowser'; canApply: boolean; applied: boolean }
type Password = { view: 'password' }
type LiveAppOnly = { view: 'liveAppOnly' }

export type LessonAccess =
  | NotFound
  | Illegal
  | OpenInBrowser
  | Password
  | { view: 'list'; mode: 'full' }
  | { view: 'list'; mode: 'preview'; freeCount: number; pay: PayEntry }
  | ({ view: 'pay' } & PayEntry)

export type LessonPayView =
  | NotFound
  | Illegal
  | LiveAppOnly
  | OpenInBrowser
  | Password
  /** open or unlocked: continue on /lesson */
  | { view: 'lesson' }
  /** bought, author or live owner: the view-course button */
  | { view: 'purchased' }
  /** `canPreview`: the preview-course button replaces the pay button */
  | ({ view: 'pay'; canPreview: boolean } & PayEntry)

function readNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value)
  return undefined
}

/** A user id worth comparing: '' or a blank id identifies nobody. */
function readId(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  if (typeof value === 'string' && value.trim() !== '') return value.trim()
  return undefined
}

/** The live's owner counts as paid for their own live (spec 001 §4): both ids read, and equal. */
export function ownsLive(liveOwnerId: unknown, userId: unknown): boolean {
  return sameUser(liveOwnerId, userId)
}

function sameUser(a: unknown, b: unknown): boolean {
  const id = readId(a)
  return id !== undefined && id === readId(b)
}

function readFen(value: unknown): number | undefined {
  const fen = readNumber(value)
  return fen !== undefined && fen >= 0 ? Math.round(fen) : undefined
}

/** Spec 000 §6: isCheckedFreeCount 1 and freeCount above 0 (a message count, so fractions are floored). */
function readFreeCount(info: Record<string, unknown>): number | undefined {
  if (readNumber(info.isCheckedFreeCount) !== 1) return undefined
  const count = Math.floor(readNumber(info.freeCount) ?? 0)
  return count > 0 ? count : undefined
}

/** The share-reward tip: isCheckedShareRecash 1 and a positive shareRecash. */
export function shareRewardFen(info: LessonInfo): number | undefined {
  const fields: Record<string, unknown> = isRecord(info) ? info : {}
  if (readNumber(fields.isCheckedShareRecash) !== 1) return undefined
  const fen = readFen(fields.shareRecash)
  return fen !== undefined && fen > 0 ? fen : undefined
}

type Early = NotFound | Illegal | OpenInBrowser
type Opened = { fields: Record<string, unknown>; privacyStatus: 1 | 2 | 3 }

/**
 * The steps both screens share, in the spec's order: illegal first, then the screen's own step
 * (the pay page's live notice), then WeChat's in-app browser, then privacyStatus.
 */
function gate<Extra = never>(
  input: LessonAccessInput,
  afterIllegal?: () => Extra | undefined,
): { decided: Early | Extra } | Opened {
  const info: unknown = input.info
  if (!isRecord(info)) return { decided: { view: 'notFound' } }
  if (readNumber(info.illegal) === 1) return { decided: { view: 'illegal' } }
  const extra = afterIllegal?.()
  if (extra !== undefined) return { decided: extra }
  if (input.env.inWechatBrowser) {
    // markId 2 or applyType 1/2: no apply button. The wire type admits only 0, 1 and 2, so an unknown
    // applyType cannot be applied for either: every lesson shows this screen in WeChat's browser.
    const canApply = readNumber(info.markId) !== 2 && readNumber(info.applyType) === 0
    return { decided: { view: 'openInBrowser', canApply, applied: canApply && input.applied === true } }
  }
  const privacyStatus = readNumber(info.privacyStatus)
  if (privacyStatus !== 1 && privacyStatus !== 2 && privacyStatus !== 3) return { decided: { view: 'notFound' } }
  return { fields: info, privacyStatus }
}

type Standing = { kind: 'author' | 'paid' | 'unpaid' } | { kind: 'preview'; freeCount: number }

/** A visitor's standing towards a paid lesson (privacyStatus 3). */
function standing(input: LessonAccessInput, fields: Record<string, unknown>): Standing {
  const userId = input.session.userId
  // The author is never a free-preview reader (spec 000 §6) and reads their own lesson in full.
  if (sameUser(fields.wmid, userId)) return { kind: 'author' }
  if (readNumber(fields.isBought) === 1 || input.paidLocally === true || ownsLive(input.liveOwnerId, userId)) {
    return { kind: 'paid' }
  }
  const freeCount = readFreeCount(fields)
  return freeCount === undefined ? { kind: 'unpaid' } : { kind: 'preview', freeCount }
}

function payEntry(input: LessonAccessInput, fields: Record<string, unknown>): PayEntry {
  const reward = shareRewardFen(input.info)
  return {
    priceFen: readFen(fields.fee) ?? 0,
    needsPhoneBinding: input.session.isProductUser !== true,
    ...(reward === undefined ? {} : { shareRewardFen: reward }),
  }
}

/** What the lesson viewer (/lesson) shows; the server's answer to its lists is server/lesson/rules.ts. */
export function decideLessonView(input: LessonAccessInput): LessonAccess {
  const g = gate(input)
  if ('decided' in g) return g.decided
  if (g.privacyStatus === 1) return { view: 'list', mode: 'full' }
  if (g.privacyStatus === 2) return input.passwordVerified === true ? { view: 'list', mode: 'full' } : { view: 'password' }
  const s = standing(input, g.fields)
  switch (s.kind) {
    case 'author':
    case 'paid':
      return { view: 'list', mode: 'full' }
    case 'preview':
      return { view: 'list', mode: 'preview', freeCount: s.freeCount, pay: payEntry(input, g.fields) }
    case 'unpaid':
      return { view: 'pay', ...payEntry(input, g.fields) }
  }
}

/**
 * The purchase page (/lessonPay). A live (payType 2) always shows the app-only notice, after the
 * illegal check. Open lessons and unlocked password lessons continue on /lesson.
 */
export function decideLessonPayView(input: LessonPayViewInput): LessonPayView {
  const g = gate(input, (): LiveAppOnly | undefined => (input.kind === 'live' ? { view: 'liveAppOnly' } : undefined))
  if ('decided' in g) return g.decided
  if (g.privacyStatus === 1) return { view: 'lesson' }
  if (g.privacyStatus === 2) return input.passwordVerified === true ? { view: 'lesson' } : { view: 'password' }
  const s = standing(input, g.fields)
  switch (s.kind) {
    case 'author':
    case 'paid':
      return { view: 'purchased' }
    case 'preview':
      return { view: 'pay', canPreview: true, ...payEntry(input, g.fields) }
    case 'unpaid':
      return { view: 'pay', canPreview: false, ...payEntry(input, g.fields) }
  }
}
