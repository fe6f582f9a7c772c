/**
 * Input rules of spec 000 §5 and spec 001 §5. Each check answers a value ready to send or the
 * locale key of the message the user sees; the strings themselves live in src/locales.
 */

export type Checked<T, K extends string = string> = { ok: true; value: T } | { ok: false; errorKey: K }

export type BankCardKey =
  | 'validation.card.name'
  | 'validation.card.idCardNo'
  | 'validation.card.bankName'
  | 'validation.card.bankNo'
  | 'validation.card.phone'

export type ValidationKey =
  | 'validation.phoneEmpty'
  | 'validation.codeEmpty'
  | 'validation.friendMessageTooLong'
  | 'validation.watermarkAccountEmpty'
  | BankCardKey
  | 'validation.livePasswordShort'
  | 'validation.audioTooLarge'

/** Spec 000 §9: verification message maximum. */
export const FRIEND_MESSAGE_MAX_CHARS = 64
/** Spec 001 §9: live password minimum. */
export const LIVE_PASSWORD_MIN_CHARS = 4
/** Spec 001 §9: audio size limit, 50 MB. */
export const AUDIO_MAX_BYTES = 50 * 1024 * 1024

const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value })
const fail = <K extends ValidationKey>(errorKey: K): { ok: false; errorKey: K } => ({ ok: false, errorKey })

/** Length as a person counts it: code points, so an emoji outside the BMP is one character. */
const charCount = (text: string): number => Array.from(text).length

const clean = (raw: string | null | undefined): string => (typeof raw === 'string' ? raw.trim() : '')

/**
 * The spec only rejects an empty phone (toast 'please enter correct phone number', on getting a code
 * and on confirming). Spaces and dashes people type or paste are dropped; any other non-digit
 * gets the same message rather than reaching the SMS call. Length is left to the server, which
 * knows the country code's rules.
 */
export function validatePhone(raw: string | null | undefined): Checked<string, 'validation.phoneEmpty'> {
  const digits = clean(raw).replace(/[\s-]/g, '')
  return /^\d+$/.test(digits) ? ok(digits) : fail('validation.phoneEmpty')
}

/**
 * Spec 000 §5: an empty code is rejected. The original's length-4 check has no effect, so the code's
 * length is not enforced here: the server answers a wrong code with its own message.
 */
export function validateSmsCode(raw: string | null | undefined): Checked<string, 'validation.codeEmpty'> {
  const code = clean(raw)
  return code === '' ? fail('validation.codeEmpty') : ok(code)
}

/**
 * Spec 000 §5: more than 64 characters is rejected; empty or the untouched default phrase ('I am')
 * sends no message (`value` undefined). Surrounding blanks are trimmed before both checks.
 */
export function validateFriendMessage(
  raw: string | null | undefined,
  defaultPhrase: string,
): Checked<string | undefined, 'validation.friendMessageTooLong'> {
  const message = clean(raw)
  if (charCount(message) > FRIEND_MESSAGE_MAX_CHARS) return fail('validation.friendMessageTooLong')
  return ok(message === '' || message === defaultPhrase.trim() ? undefined : message)
}

/** Bind dialog and watermark validation page: the account number must not be empty. */
export function validateWatermarkAccount(
  raw: string | null | undefined,
): Checked<string, 'validation.watermarkAccountEmpty'> {
  const account = clean(raw)
  return account === '' ? fail('validation.watermarkAccountEmpty') : ok(account)
}

/** The bank card form, named as updateBankCardInfo sends it (spec 001 §3, §7). */
export interface BankCardForm {
  realName: string
  idCardNo: string
  bankName: string
  bankNo: string
  phone: string
}

/**
 * What each card field must be, once the blanks and dashes typed in a number are gone: the server's
 * schema for updateBankCardInfo is built from these (server/money/routes.ts), so the form refuses
 * exactly what the server would. A number is typed in full, or left as the info call masked it
 * (the server then keeps the stored one).
 */
export const BANK_CARD_RULES = {
  realName: { maxLength: 64 },
  idCardNo: { maxLength: 18, pattern: '^(?:[0-9]{6,17}[0-9Xx]|\\*+[0-9Xx]{4})$' },
  bankName: { maxLength: 64 },
  bankNo: { maxLength: 24, pattern: '^(?:[0-9]{12,24}|(?:\\* ?){12}[0-9]{4})$' },
  phone: { maxLength: 21, pattern: '^(?:\\+?[0-9]{5,20}|\\+?[0-9]{0,3}\\*+[0-9]{4})$' },
} as const satisfies Record<keyof BankCardForm, { maxLength: number; pattern?: string }>

/** People type card, ID and phone numbers in groups: the blanks and dashes between are no part of them. */
export const compactNumber = (value: string): string => value.replace(/[\s-]/g, '')

/** Spec 001 §5 order: name, ID number, bank name, card number, phone; the numbers are compacted first. */
const BANK_CARD_CHECKS: ReadonlyArray<readonly [keyof BankCardForm, BankCardKey, (value: string) => string]> = [
  ['realName', 'validation.card.name', (value) => value],
  ['idCardNo', 'validation.card.idCardNo', compactNumber],
  ['bankName', 'validation.card.bankName', (value) => value],
  ['bankNo', 'validation.card.bankNo', compactNumber],
  ['phone', 'validation.card.phone', compactNumber],
]

function cardFieldFits(field: keyof BankCardForm, value: string): boolean {
  const rule: { maxLength: number; pattern?: string } = BANK_CARD_RULES[field]
  return value !== '' && charCount(value) <= rule.maxLength && !hasControlCharacter(value) && (rule.pattern === undefined || new RegExp(rule.pattern).test(value))
}

/**
 * Each field in the spec's order (spec 001 §5), with its alert: empty, or not in the form the server
 * takes (BANK_CARD_RULES), so a wrong number is told in the spec's words before the server sees it.
 * The first field that fails is reported; the value answered is trimmed (cardForWire compacts it).
 */
export function validateBankCard(form: Partial<BankCardForm>): Checked<BankCardForm, BankCardKey> {
  const value: BankCardForm = {
    realName: clean(form.realName),
    idCardNo: clean(form.idCardNo),
    bankName: clean(form.bankName),
    bankNo: clean(form.bankNo),
    phone: clean(form.phone),
  }
  const wrong = BANK_CARD_CHECKS.find(([field, , wire]) => !cardFieldFits(field, wire(value[field])))
  return wrong ? fail(wrong[1]) : ok(value)
}

/**
 * Live replay password: fewer than 4 characters is rejected. Not trimmed: a password is sent as
 * typed, and the server decides whether it is right.
 */
export function validateLivePassword(raw: string | null | undefined): Checked<string, 'validation.livePasswordShort'> {
  const password = typeof raw === 'string' ? raw : ''
  return charCount(password) < LIVE_PASSWORD_MIN_CHARS ? fail('validation.livePasswordShort') : ok(password)
}

/**
 * Spec 001 §5: the invite password is the text between the first and the last yen-like marker.
 * Both the half-width '¥' (U+00A5) and the full-width '￥' (U+FFE5) count, and they may be mixed:
 * Chinese input methods type the full-width sign, while other keyboards and some share texts use the
 * half-width one. Blanks around the password are dropped; nothing between the markers (or fewer than
 * two markers) gives undefined.
 */
export function extractInvitePassword(text: string | null | undefined): string | undefined {
  if (typeof text !== 'string') return undefined
  const first = text.search(/[\u00A5\uFFE5]/)
  const last = Math.max(text.lastIndexOf('\u00A5'), text.lastIndexOf('\uFFE5'))
  if (first < 0 || last <= first) return undefined
  const password = text.slice(first + 1, last).trim()
  return password === '' ? undefined : password
}

/**
 * Spec 001 §5: audio larger than 50 MB by content length is refused. The value may come straight from
 * a Content-Length header. An unknown or unreadable length cannot be judged: it passes as undefined.
 */
export function checkAudioSize(
  contentLength: number | string | null | undefined,
): Checked<number | undefined, 'validation.audioTooLarge'> {
  const bytes =
    typeof contentLength === 'string' && /^\s*\d+\s*$/.test(contentLength) ? Number(contentLength) : contentLength
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return ok(undefined)
  return bytes > AUDIO_MAX_BYTES ? fail('validation.audioTooLarge') : ok(bytes)
}

/**
 * Characters no one types into a form field: the C0 and C1 controls (NUL, BEL, line breaks of a
 * one-line field…), DEL, and the bidirectional overrides and isolates (RLO turns a card number or a
 * name around on screen). Text a person types in a one-line field never holds them.
 */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i)
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return true
  }
  return false
}
