import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ResponseCode } from '../../types/api'
import { ApiRefusal } from './envelope'

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
 * Refuses (400) a number field whose text is not decimal digits, before the schema coerces it;
 * the schema then checks its bounds. Values that are not text (a field sent twice) are left to
 * the schema, which refuses them.
 */
export function decimalNumbersOnly(fields: Readonly<Record<string, FieldSchema>>) {
  const numeric = Object.keys(fields).filter((name) => isNumeric(fields[name]))
  return async (request: FastifyRequest): Promise<void> => {
    const body = request.body
    if (typeof body !== 'object' || body === null) return
    for (const name of numeric) {
      const value: unknown = (body as Record<string, unknown>)[name]
      if (typeof value === 'string' && !DECIMAL_INTEGER.test(value)) {
        throw new ApiRefusal(ResponseCode.BadRequest, `${name} must be integer`)
      }
    }
  }
}
