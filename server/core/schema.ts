import type { FastifyInstance, preValidationHookHandler } from 'fastify'
import { ResponseCode } from '../../types/api'
import { ApiRefusal } from './envelope'
import { hasControlCharacter } from '../../src/domain/validation'

/** The JSON schema of one body field (type and rules such as maxLength, minimum, enum, default). */
export type FieldSchema = Readonly<Record<string, unknown>>

/** The backend takes form-encoded bodies only: a JSON body must not slip past the schemas. */
export function acceptFormBodiesOnly(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain'])
}

/** A handle such as courseData or loginData. */
export const handle = { type: 'string', minLength: 1, maxLength: 128 } as const

/** The page of a paged list call, from 1. */
export const page = { type: 'integer', minimum: 1, maximum: 1_000_000 } as const

/** How many rows a paged list call asks for: at most `max` (100 unless the call allows fewer). */
export const pageSize = (max = 100) => ({ type: 'integer', minimum: 1, maximum: max }) as const

/** A whole number from `minimum` to `maximum` (both within the safe integers). */
export function integer(minimum: number, maximum: number) {
  return { type: 'integer', minimum, maximum } as const
}

/**
 * How a number field is written in a form body: decimal digits, an optional minus, no more than
 * fit a double exactly enough to compare with the bounds. Ajv's coercion would otherwise read
 * `1e400`, `Infinity`, `-1e309`, `0x10` and ` 1` as numbers, and it skips `minimum`/`maximum`
 * for the non-finite ones, so ±Infinity reached the handlers (and SQLite).
 */
const DECIMAL_INTEGER = /^-?\d{1,32}$/

const isNumeric = (schema: FieldSchema): boolean => schema.type === 'integer' || schema.type === 'number'

/**
 * Every number field of a call is an integer with finite bounds (or an enum of them): checked
 * when the route is registered, so a new field without bounds fails the contract test at once.
 */
export function assertBoundedNumbers(path: string, fields: Readonly<Record<string, FieldSchema>>): void {
  for (const [name, schema] of Object.entries(fields)) {
    if (!isNumeric(schema)) continue
    const bounded = Number.isSafeInteger(schema.minimum) && Number.isSafeInteger(schema.maximum)
    if (schema.type !== 'integer' || !(bounded || Array.isArray(schema.enum))) {
      throw new Error(`${path}: ${name} must be an integer with safe minimum and maximum, or an enum`)
    }
  }
}

/**
 * What a call's body must be before its schema reads it, checked in one synchronous hook (it runs
 * on every call; a hook per rule and a promise each cost on the hot list call):
 * - a number field is decimal digits, before the schema coerces it (values that are not text, a
 *   field sent twice, are left to the schema, which refuses them); the schema checks the bounds;
 * - no text field holds a control character: the calls' fields are all typed text or handles,
 *   and what the spec lets through as it is, a chat message's body, travels on the chat room's
 *   socket.
 * A body that breaks either is refused (400) before the handler.
 */
export function formFieldsOnly(fields: Readonly<Record<string, FieldSchema>>): preValidationHookHandler {
  const numeric = Object.keys(fields).filter((name) => isNumeric(fields[name]))
  return (request, _reply, done) => {
    const body = request.body
    if (typeof body === 'object' && body !== null) {
      const values = body as Record<string, unknown>
      for (const name of numeric) {
        const value = values[name]
        if (typeof value === 'string' && !DECIMAL_INTEGER.test(value)) {
          done(ApiRefusal.say(ResponseCode.BadRequest, 'fieldNotInteger', { field: name }))
          return
        }
      }
      for (const name in values) {
        const value = values[name]
        if (typeof value === 'string' && hasControlCharacter(value)) {
          done(ApiRefusal.say(ResponseCode.BadRequest, 'controlCharacter', { field: name }))
          return
        }
      }
    }
    done()
  }
}

/** One name or value of a form body; most have nothing to decode and are taken as they are. */
function decodeFormText(raw: string): string {
  const spaced = raw.includes('+') ? raw.replace(/\+/g, ' ') : raw
  if (!spaced.includes('%')) return spaced
  try {
    return decodeURIComponent(spaced)
  } catch {
    throw ApiRefusal.say(ResponseCode.BadRequest, 'badPercentEncoding')
  }
}

/**
 * Form bodies as the app sends them (URLSearchParams), refusing a percent-escape that is no UTF-8
 * (`%E0`, `%zz`): the lenient parser kept such text as it came, and it was stored.
 */
export function parseFormStrict(body: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {}
  for (const pair of body.split('&')) {
    if (pair === '') continue
    const at = pair.indexOf('=')
    const [rawName, rawValue] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)]
    const name = decodeFormText(rawName)
    const value = decodeFormText(rawValue)
    // a repeated field becomes a list, which no field's schema takes: the call is refused
    const before = Object.prototype.hasOwnProperty.call(fields, name) ? fields[name] : undefined
    fields[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value]
  }
  return fields
}
