/**
 * Rules of the invite, share and download pages (spec 001 §2, §3, §5, §7): which store a device
 * gets, the share page's query and password text, and the wire answers of the invite queries,
 * the group order and the remote download description. Nothing here throws: a broken link or
 * answer ends in an error state.
 */
import { field, isRecord } from './coerce'
import { decodeFully, presentParam } from './routeParams'

/** Which app store a device is sent to. 'other' (a desktop) is sent nowhere and offered both. */
export type Device = 'android' | 'ios' | 'other'

/** Longer query values are not a link anybody sent: the page shows its error state. */
export const MAX_QUERY_CHARS = 4096

/**
 * The device of a browser's user agent. iPadOS 13+ says 'Macintosh' but has touch, so a touch
 * Mac counts as iOS. Android is checked first: some Android browsers mention 'like iPhone'.
 */
export function deviceOf(userAgent: string | null | undefined, maxTouchPoints = 0): Device {
  if (typeof userAgent !== 'string') return 'other'
  const ua = userAgent.slice(0, 1024)
  if (/Android|Adr\b/i.test(ua)) return 'android'
  if (/iPhone|iPad|iPod/i.test(ua)) return 'ios'
  if (/Macintosh/i.test(ua) && maxTouchPoints > 1) return 'ios'
  return 'other'
}

export interface StoreUrls {
  android: string
  ios: string
}

/** The store page a device is sent to (undefined for 'other', which is offered both). */
export function storeUrlFor(device: Device, urls: StoreUrls): string | undefined {
  return device === 'other' ? undefined : urls[device]
}

/** A query value decoded as often as the link was encoded, or undefined when absent or too long. */
function queryText(raw: unknown): string | undefined {
  const present = presentParam(raw)
  if (present === undefined || present.length > MAX_QUERY_CHARS) return undefined
  return presentParam(decodeFully(present))
}

/** /wmShare's query (spec 001 §2): pwd and name, URL-encoded. Without a password there is nothing to share. */
export interface WmShareQuery {
  password: string
  name?: string
}

export function readWmShareQuery(params: Readonly<Record<string, unknown>>): WmShareQuery | undefined {
  const password = queryText(params.pwd)
  if (password === undefined) return undefined
  const name = queryText(params.name)
  return name === undefined ? { password } : { password, name }
}

/** The password as /wmShare shows and copies it: wrapped in dollar signs (spec 001 §2). */
export function sharePasswordText(password: string): string {
  return `$${password}$`
}

/** /wXpasswordWelcome's query (spec 001 §2): a group invite has gid, a friend invite only wmid. */
export interface PasswordWelcomeQuery {
  wmid: string
  gid?: string
  version?: string
  /** isOpenWeimai=1: the link asks to try opening the app first */
  openApp: boolean
}

export function readPasswordWelcomeQuery(params: Readonly<Record<string, unknown>>): PasswordWelcomeQuery | undefined {
  const wmid = queryText(params.wmid)
  if (wmid === undefined) return undefined
  const gid = queryText(params.gid)
  const version = queryText(params.version)
  return {
    wmid,
    ...(gid !== undefined ? { gid } : {}),
    ...(version !== undefined ? { version } : {}),
    openApp: queryText(params.isOpenWeimai) === '1',
  }
}

/** /pay4group's query (spec 001 §2): gid, wmid, password; paySuccess and tradeNo on the way back. */
export interface PayGroupQuery {
  gid: string
  wmid: string
  password?: string
  paySuccess: boolean
  tradeNo?: string
}

export function readPayGroupQuery(params: Readonly<Record<string, unknown>>): PayGroupQuery | undefined {
  const gid = queryText(params.gid)
  const wmid = queryText(params.wmid)
  if (gid === undefined || wmid === undefined) return undefined
  const password = queryText(params.password)
  const tradeNo = queryText(params.tradeNo)
  return {
    gid,
    wmid,
    ...(password !== undefined ? { password } : {}),
    paySuccess: queryText(params.paySuccess) === '1' || queryText(params.paySuccess) === 'true',
    ...(tradeNo !== undefined ? { tradeNo } : {}),
  }
}

const text = (value: unknown): string | undefined => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

/** A non-negative safe integer of fen, or undefined. */
const fen = (value: unknown): number | undefined => {
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : undefined
}

/** Group invite info (spec 001 §3), as the page needs it. */
export interface GroupInvite {
  nickname?: string
  /** headImg, or faceIcon when the group has no head image */
  headImg?: string
  groupName?: string
  introduction?: string
  condition?: string
  isNeedPay: boolean
  /** fen */
  fee: number
  password?: string
}

export function readGroupInvite(value: unknown): GroupInvite | undefined {
  if (!isRecord(value)) return undefined
  const isNeedPay = field(value, 'isNeedPay') === 1 || field(value, 'isNeedPay') === '1'
  const amount = fen(field(value, 'fee'))
  // a paid group without a readable fee cannot be paid for
  if (isNeedPay && (amount === undefined || amount === 0)) return undefined
  const optional: Array<[keyof GroupInvite, string | undefined]> = [
    ['nickname', text(field(value, 'nickname'))],
    ['headImg', text(field(value, 'headImg')) ?? text(field(value, 'faceIcon'))],
    ['groupName', text(field(value, 'groupName'))],
    ['introduction', text(field(value, 'introduction'))],
    ['condition', text(field(value, 'condition'))],
    ['password', text(field(value, 'password'))],
  ]
  const invite: GroupInvite = { isNeedPay, fee: amount ?? 0 }
  for (const [key, present] of optional) if (present !== undefined) Object.assign(invite, { [key]: present })
  return invite
}

/** Friend invite info (spec 001 §3). */
export interface FriendInvite {
  nickname?: string
  faceIcon?: string
  password?: string
}

export function readFriendInvite(value: unknown): FriendInvite | undefined {
  if (!isRecord(value)) return undefined
  const invite: FriendInvite = {}
  const nickname = text(field(value, 'nickname'))
  const faceIcon = text(field(value, 'faceIcon'))
  const password = text(field(value, 'password'))
  if (nickname !== undefined) invite.nickname = nickname
  if (faceIcon !== undefined) invite.faceIcon = faceIcon
  if (password !== undefined) invite.password = password
  return invite
}

/** The group order's answer (spec 001 §3): already bought, or the provider's form to submit. */
export type GroupOrder = { kind: 'bought' } | { kind: 'pay'; orderNO: string; formHTML: string }

export function readGroupOrder(value: unknown): GroupOrder | undefined {
  if (!isRecord(value)) return undefined
  const bought = field(value, 'isBought')
  if (bought === 1 || bought === '1') return { kind: 'bought' }
  const orderNO = text(field(value, 'orderNO'))
  const formHTML = field(value, 'formHTML')
  if (orderNO === undefined || typeof formHTML !== 'string' || !/<form[\s>]/i.test(formHTML)) return undefined
  return { kind: 'pay', orderNO, formHTML }
}

/** The group order's `orderData` (spec 001 §7): JSON with the password, and which group it is for. */
export function groupOrderData(query: { gid: string; wmid: string }, password: string): string {
  return JSON.stringify({ password, gid: query.gid, wmid: query.wmid })
}

/** Longer descriptions are not a description: the built-in one is shown instead. */
export const MAX_DOWNLOAD_DESC_CHARS = 2000

/**
 * `wmDownload_desc` of the remote update config (spec 001 §3, §7): the JSON object, or its text.
 * undefined when the answer is not usable, so the page shows its built-in description.
 */
export function readDownloadDesc(answer: unknown): string | undefined {
  let value = answer
  if (typeof value === 'string') {
    if (value.length > MAX_DOWNLOAD_DESC_CHARS * 4) return undefined
    try {
      value = JSON.parse(value)
    } catch {
      return undefined
    }
  }
  if (!isRecord(value)) return undefined
  const desc = text(field(value, 'wmDownload_desc'))
  return desc === undefined || desc.length > MAX_DOWNLOAD_DESC_CHARS ? undefined : desc
}

/** The remote description's URL with the timestamp query that defeats caches (spec 001 §7). */
export function downloadDescUrl(base: string, now: number): string {
  return `${base}${base.includes('?') ? '&' : '?'}t=${Math.floor(now)}`
}
