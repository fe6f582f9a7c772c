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

/**
 * Where a time is read on the calendar: undefined for the device's own time zone (the app), or a
 * fixed offset from UTC in minutes (the server, writing for readers in a known zone).
 */
export type Zone = number | undefined

interface CalendarTime {
  year: number
  /** 0-11 */
  month: number
  day: number
  hours: number
  minutes: number
}

function calendarTime(ms: number, zone: Zone): CalendarTime | null {
  const d = validDate(zone === undefined ? ms : ms + zone * 60_000)
  if (!d) return null
  return zone === undefined
    ? { year: d.getFullYear(), month: d.getMonth(), day: d.getDate(), hours: d.getHours(), minutes: d.getMinutes() }
    : { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate(), hours: d.getUTCHours(), minutes: d.getUTCMinutes() }
}

/** null when `ms` is not a valid time: the cell then shows no time. */
export function formatSendTime(ms: number, now: number = Date.now(), zone?: Zone): SendTime | null {
  const d = calendarTime(ms, zone)
  if (!d) return null
  const today = calendarTime(now, zone)
  const monthDay = `${pad2(d.month + 1)}-${pad2(d.day)}`
  let date: string | null = `${d.year}-${monthDay}`
  if (today && today.year === d.year) {
    const sameDay = today.month === d.month && today.day === d.day
    date = sameDay ? null : monthDay
  }
  return {
    date,
    period: d.hours >= 12 ? 'afternoon' : 'morning',
    // The period word carries morning/afternoon, so the clock is 12-hour, as WeChat shows it.
    time: `${d.hours % 12 || 12}:${pad2(d.minutes)}`,
  }
}

/** The locale's words for the two periods (上午/下午, AM/PM). */
export type PeriodWords = Readonly<Record<DayPeriod, string>>

/** A send time as a cell shows it: '[date ]<period word> h:mm'; '' when `ms` is not a valid time. */
export function sendTimeText(ms: number, words: PeriodWords, now: number = Date.now(), zone?: Zone): string {
  const time = formatSendTime(ms, now, zone)
  return time ? [time.date, `${words[time.period]} ${time.time}`].filter(Boolean).join(' ') : ''
}

/** A lesson's creation date, 'YYYY-MM-DD'; '' when `ms` is not a valid time. */
export function formatCreationDate(ms: number, zone?: Zone): string {
  const d = calendarTime(ms, zone)
  return d ? `${d.year}-${pad2(d.month + 1)}-${pad2(d.day)}` : ''
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
