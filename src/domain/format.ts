/**
 * Display formatting rules of the spec: send times, dates, money, file sizes, durations and
 * nickname masking. Pure functions that never throw; bad input gives a neutral value.
 * Times use the device's local time zone.
 */

export type DayPeriod = 'morning' | 'afternoon'

/**
 * A message cell's send time (spec 000 §2: "send time prefixed with morning or afternoon").
 * The cell shows `date` (when not null), the locale word for `period`, then `time`.
 */
export interface SendTime {
  /** null on the current day, 'MM-DD' earlier this year, 'YYYY-MM-DD' in another year */
  readonly date: string | null
  /** 12:00 and later is afternoon */
  readonly period: DayPeriod
  /** 12-hour 'h:mm' (the period says which half of the day) */
  readonly time: string
}

const pad2 = (n: number): string => String(n).padStart(2, '0')

function validDate(ms: number): Date | null {
  const d = new Date(ms)
  return Number.isNaN(d.getTime()) ? null : d
}

/** null when `ms` is not a valid time: the cell then shows no time. */
export function formatSendTime(ms: number, now: number = Date.now()): SendTime | null {
  const d = validDate(ms)
  if (!d) return null
  const today = validDate(now)
  const monthDay = `${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`
  let date: string | null = `${d.getFullYear()}-${monthDay}`
  if (today && today.getFullYear() === d.getFullYear()) {
    const sameDay = today.getMonth() === d.getMonth() && today.getDate() === d.getDate()
    date = sameDay ? null : monthDay
  }
  return {
    date,
    period: d.getHours() >= 12 ? 'afternoon' : 'morning',
    // The period word carries morning/afternoon, so the clock is 12-hour, as WeChat shows it.
    time: `${d.getHours() % 12 || 12}:${pad2(d.getMinutes())}`,
  }
}

/** A lesson's creation date, 'YYYY-MM-DD'; '' when `ms` is not a valid time. */
export function formatCreationDate(ms: number): string {
  const d = validDate(ms)
  return d ? `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}` : ''
}

/**
 * Fen to yuan with two decimals ('9.90'), by integer arithmetic so no float artefacts appear.
 * Fractions of a fen round half away from zero. NaN, infinities and amounts beyond
 * Number.MAX_SAFE_INTEGER fen (which a number cannot hold exactly) give '0.00'.
 */
export function fenToYuan(fen: number): string {
  const abs = Math.round(Math.abs(fen))
  if (!Number.isSafeInteger(abs) || abs === 0) return '0.00'
  const sign = fen < 0 ? '-' : ''
  return `${sign}${Math.floor(abs / 100)}.${pad2(abs % 100)}`
}

/** A whole count from 0 to Number.MAX_SAFE_INTEGER, or null for anything else. */
function wholeCount(x: number): number | null {
  const n = Math.floor(x)
  return n >= 0 && Number.isSafeInteger(n) ? n : null
}

/** One decimal, rounded down (1048575 bytes is never shown as '1024K'), '.0' trimmed; exact for safe integers. */
function tenths(bytes: number, unit: number): string {
  const whole = Math.floor(bytes / unit)
  const tenth = Math.floor(((bytes - whole * unit) * 10) / unit)
  return tenth === 0 ? String(whole) : `${whole}.${tenth}`
}

const KB = 1024
const MB = 1024 * 1024

/**
 * File size label (spec 000 §5): under 1 KB in bytes ('512B'), under 1 MB in K ('1.5K'), else M.
 * Not a byte count (NaN, negative, beyond Number.MAX_SAFE_INTEGER) -> '0B'.
 */
export function formatFileSize(bytes: number): string {
  const n = wholeCount(bytes) ?? 0
  if (n < KB) return `${n}B`
  if (n < MB) return `${tenths(n, KB)}K`
  return `${tenths(n, MB)}M`
}

/**
 * The one rounding rule of every duration the app shows (a voice bubble's 7″, the audio panel's
 * 0:07, the audio pages): the nearest whole second, halves up. The payload's duration and the
 * media element's (7.04 s for a '7' voice) then read the same. Not a duration (NaN, negative,
 * Infinity as a stream reports, beyond Number.MAX_SAFE_INTEGER) -> 0.
 */
export function wholeSeconds(seconds: number): number {
  return wholeCount(seconds + 0.5) ?? 0
}

/** 'm:ss', or 'h:mm:ss' from one hour, of `wholeSeconds(seconds)`. */
export function formatDuration(seconds: number): string {
  const total = wholeSeconds(seconds)
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = pad2(total % 60)
  return h > 0 ? `${h}:${pad2(m)}:${s}` : `${m}:${s}`
}

/**
 * Nicknames that look like a personal messaging ID (spec 001 §5) keep their first 5 characters
 * followed by '***'. "Looks like an ID": 6 or more ASCII letters, digits, '_' or '-' and nothing
 * else, the shape of WeChat IDs and phone numbers; a shorter name reveals nothing worth hiding.
 */
export const IM_ID_LIKE = /^[A-Za-z0-9_-]{6,}$/

export function maskImNickname(name: string): string {
  return IM_ID_LIKE.test(name) ? `${name.slice(0, 5)}***` : name
}
