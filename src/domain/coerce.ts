/**
 * Readers that never trust a wire value: each returns a value of the asked type or undefined.
 * Only own properties are read, so inherited or `__proto__` keys in a payload change nothing.
 */

export type WireRecord = Readonly<Record<string, unknown>>

export function isRecord(value: unknown): value is WireRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function field(record: WireRecord | undefined, key: string): unknown {
  return record !== undefined && Object.prototype.hasOwnProperty.call(record, key)
    ? record[key]
    : undefined
}

/** The first of `keys` the record holds with a value other than null/undefined. */
export function firstField(record: WireRecord | undefined, keys: readonly string[]): unknown {
  for (const key of keys) {
    const value = field(record, key)
    if (value !== undefined && value !== null) return value
  }
  return undefined
}

/** Payloads arrive as objects, JSON strings or JSON strings of JSON strings. */
const MAX_JSON_UNWRAP = 3

export function decodeJson(value: unknown): unknown {
  let current = value
  for (let i = 0; i < MAX_JSON_UNWRAP && typeof current === 'string'; i++) {
    try {
      current = JSON.parse(current)
    } catch {
      return undefined
    }
  }
  return current
}

export function decodeRecord(value: unknown): WireRecord | undefined {
  const decoded = decodeJson(value)
  return isRecord(decoded) ? decoded : undefined
}

export function decodeArray(value: unknown): readonly unknown[] | undefined {
  const decoded = decodeJson(value)
  return Array.isArray(decoded) ? decoded : undefined
}

/** A non-empty string, kept verbatim (no trimming, no escaping). */
export function toText(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined
}

const NUMERIC = /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i
/** Longer strings are not numbers a sender meant; also bounds the regex work. */
const MAX_NUMERIC_LENGTH = 40

/** A finite number, from a number or a decimal numeric string. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (typeof value === 'string' && value.length <= MAX_NUMERIC_LENGTH && NUMERIC.test(value)) {
    const parsed = Number(value)
    return Number.isFinite(parsed) ? parsed : undefined
  }
  return undefined
}

export function toInteger(value: unknown): number | undefined {
  const n = toNumber(value)
  return n !== undefined && Number.isInteger(n) ? n : undefined
}

/** A width, height, length or duration: finite and not negative. */
export function toSize(value: unknown): number | undefined {
  const n = toNumber(value)
  return n !== undefined && n >= 0 ? n : undefined
}

/** An identifier: a non-empty string, or an integer written as a string. */
export function toId(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? String(value) : undefined
  return toText(value)
}

export function toNumberIn(value: unknown, min: number, max: number): number | undefined {
  const n = toNumber(value)
  return n !== undefined && n >= min && n <= max ? n : undefined
}
